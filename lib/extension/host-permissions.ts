// The manifest's host lists, once: wxt.config.ts builds the manifest from them and the tests'
// fake browser declares the same (nothing here runs in the extension).

/** The real service's API and node servers: reachable without asking. */
const SERVICE_HOSTS = ['https://*.infini-cloud.net/*', 'https://*.teracloud.jp/*'];
/** The simulator listens on loopback; only the test builds may reach it. */
const LOOPBACK_HOSTS = ['http://127.0.0.1/*', 'http://localhost/*'];
/** A custom API server (and the node it names) is asked for at run time, from a click. */
const ASKED_FOR_HOSTS = ['https://*/*'];

/** The manifest's host permissions: a store build has no loopback, a test build (simulator, e2e) has. */
export function manifestHosts(testBuild: boolean): {
  host_permissions: string[];
  optional_host_permissions: string[];
} {
  return {
    host_permissions: [...SERVICE_HOSTS, ...(testBuild ? LOOPBACK_HOSTS : [])],
    optional_host_permissions: [...ASKED_FOR_HOSTS],
  };
}
