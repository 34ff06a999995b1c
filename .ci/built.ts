/**
 * .ci/run builds every target once before its suites run side by side (two builds into one folder
 * at once would clash), then sets this for them; a developer's `npm test` builds what it needs itself.
 */
export const BUILT_BY_CI = 'STORAGE_KEEPER_BUILT_BY_CI';

/** True only inside .ci/run, after it has built the store zips and the test builds of this checkout. */
export const builtByCi = () => process.env[BUILT_BY_CI] === '1';
