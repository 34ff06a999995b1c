import { writeFileSync } from 'node:fs';
import { relative } from 'node:path';
import type { Reporter, TestModule } from 'vitest/node';

/**
 * Writes each test file's project and time, hooks included (vitest's JSON report times the tests
 * alone, without the browser launches and builds in beforeAll), to the file CI_TIMES_FILE names.
 */
export default class TimesReporter implements Reporter {
  private readonly files: { project: string; file: string; ms: number }[] = [];

  onTestModuleEnd(module: TestModule) {
    const d = module.diagnostic();
    const ms = d.environmentSetupDuration + d.prepareDuration + d.setupDuration + d.collectDuration + d.duration;
    this.files.push({ project: module.project.name, file: relative(process.cwd(), module.moduleId), ms });
  }

  onTestRunEnd() {
    writeFileSync(process.env.CI_TIMES_FILE!, JSON.stringify(this.files));
  }
}
