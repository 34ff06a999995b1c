import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type * as Axe from 'axe-core';
import type { Page } from 'playwright-core';

const axeSource = readFileSync(
  createRequire(import.meta.url).resolve('axe-core/axe.min.js'),
  'utf8',
);

export interface AxeViolation {
  id: string;
  impact: string | null | undefined;
  help: string;
  targets: string[];
}

/** axe-core's rule of the colours: the one check a colour scheme changes. */
export const CONTRAST_RULE = 'color-contrast';

/**
 * Runs axe-core's default rules (WCAG 2.x A/AA and best practices) on the page as it is now, or
 * only the rules named. The script goes in through the DevTools protocol, which the extension
 * pages' CSP does not block.
 */
export async function axeViolations(page: Page, only?: string[]): Promise<AxeViolation[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  return page.evaluate(async (only) => {
    const { axe } = window as unknown as { axe: typeof Axe };
    const { violations } = await axe.run(
      document,
      only ? { runOnly: { type: 'rule', values: only } } : {},
    );
    return violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      targets: v.nodes.map((n) => n.target.join(' ')),
    }));
  }, only);
}
