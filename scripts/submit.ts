// The stores' half of a release (docs/release.md): this version's zips to the Chrome Web Store
// and addons.mozilla.org with `wxt submit` (publish-browser-extension), which takes the
// credentials from the environment or a git-ignored `.env.submit`.
//   npm run submit:dry-run        sends nothing and needs no network: says which zips would go to
//                                 which store and the exact `wxt submit` call, or fails with one
//                                 line naming every secret and zip that is missing.
//   npm run submit [-- --dry-run] the same check, then `wxt submit` (the release workflow runs
//                                 it); its --dry-run signs in to both stores and uploads nothing.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';

const { name, version } = JSON.parse(readFileSync('package.json', 'utf8')) as {
  name: string;
  version: string;
};
const zip = (kind: string) => `.output/${name}-${version}-${kind}.zip`;

/** Where each zip goes, and what publish-browser-extension needs to send it there. */
const stores = [
  {
    store: 'Chrome Web Store',
    idVariable: 'CHROME_EXTENSION_ID',
    // The Web Store's API v1.1 (client id, secret and refresh token) was shut down in October 2026:
    // v2 signs in as a Google Cloud service account linked to the publisher.
    variables: [
      'CHROME_EXTENSION_ID',
      'CHROME_PUBLISHER_ID',
      'CHROME_SERVICE_ACCOUNT_CLIENT_EMAIL',
      'CHROME_SERVICE_ACCOUNT_PRIVATE_KEY',
    ],
    flags: ['--chrome-api-version', 'v2', '--chrome-zip', zip('chrome')],
    zips: [zip('chrome')],
  },
  {
    store: 'addons.mozilla.org',
    idVariable: 'FIREFOX_EXTENSION_ID',
    variables: ['FIREFOX_EXTENSION_ID', 'FIREFOX_JWT_ISSUER', 'FIREFOX_JWT_SECRET'],
    // The sources, so Mozilla's reviewers can rebuild the package (REVIEWERS.md).
    flags: ['--firefox-zip', zip('firefox'), '--firefox-sources-zip', zip('sources')],
    zips: [zip('firefox'), zip('sources')],
  },
];

// wxt submit reads .env.submit too; what the environment already has wins, as there.
if (existsSync('.env.submit')) process.loadEnvFile('.env.submit');

const missingSecrets = stores.flatMap((s) => s.variables).filter((v) => !process.env[v]?.trim());
const missingZips = stores.flatMap((s) => s.zips).filter((z) => !existsSync(z));
const missing = [
  missingSecrets.length &&
    `the secrets ${missingSecrets.join(', ')} (see "Set up once" in docs/release.md)`,
  missingZips.length && `the zips ${missingZips.join(', ')} (npm run zip builds them)`,
].filter(Boolean);
if (missing.length) {
  console.error(`Cannot submit ${version}: missing ${missing.join(' and ')}`);
  process.exit(1);
}

const size = (file: string) => `${Math.round(statSync(file).size / 1024)} KiB`;
const args = ['submit', ...stores.flatMap((s) => s.flags)];
console.log(`Storage Keeper ${version}:`);
for (const s of stores)
  console.log(
    `  ${s.store} (item ${process.env[s.idVariable]!.trim()}): ${s.zips.map((z) => `${z} (${size(z)})`).join(' with the sources ')}`,
  );
console.log(`wxt ${args.join(' ')}`);
console.log(
  `  with ${stores.flatMap((s) => s.variables).join(', ')} from the environment (all set)`,
);

if (process.argv.includes('--offline')) {
  console.log(
    'Dry run: nothing was sent. `npm run submit -- --dry-run` signs in to both stores; `npm run submit` submits.',
  );
  process.exit(0);
}
const { status } = spawnSync('wxt', [...args, ...process.argv.slice(2)], { stdio: 'inherit' });
process.exit(status ?? 1);
