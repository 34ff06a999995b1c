/**
 * `npm test` (scripts/test.sh, which .ci/run runs) builds every target once before its suites run
 * side by side (two builds into one folder at once would clash), then sets this for them; a suite
 * run on its own (`npx vitest run --project e2e`) builds what it needs itself.
 */
export const BUILT_BY_CI = 'STORAGE_KEEPER_BUILT_BY_CI';

/** True only inside `npm test`, after it has built the store zips and the test builds of this checkout. */
export const builtByCi = () => process.env[BUILT_BY_CI] === '1';
