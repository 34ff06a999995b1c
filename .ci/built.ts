/**
 * `npm test` (scripts/test.sh, which .ci/run runs) makes every build once (.ci/builds.ts) before
 * its suites run side by side (two builds into one folder at once would clash, and each build
 * takes a core for tens of seconds), then sets this for them; a suite, a script or a demo run on
 * its own (`npx vitest run --project e2e`, `npm run store`, `npm start`) builds what it needs
 * itself.
 */
export const BUILT_BY_CI = 'STORAGE_KEEPER_BUILT_BY_CI';

/** True only inside `npm test`, after it has built every target of this checkout. */
export const builtByCi = () => process.env[BUILT_BY_CI] === '1';

/**
 * A time scale a store build must ignore, and a number no real code contains: in the environment
 * of every store build the bundle-size test checks (`npm test`'s one store build included).
 */
export const STRAY_TIME_SCALE = '7919';
