// The real-browser test builds, made once by `npm test` (scripts/test.sh) before its suites run side by side: what the
// e2e and firefox suites' global setups build when run on their own.
import { buildE2e } from '../test/e2e/global-setup';
import { buildFirefoxE2e } from '../test/e2e-firefox/global-setup';

buildE2e();
buildFirefoxE2e();
