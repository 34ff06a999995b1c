// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/preact';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { HistoryChart } from '@/components/settings/HistoryChart';
import { dayOf } from '@/lib/basics/time';
import { account, GB, NOW } from '../../helpers/fixtures';
import { installFakeExtensionApis } from '../../helpers/fake-extension';

// One account's chart in the Settings page's history section, drawn alone; the section's tests
// (test/unit/entrypoints/options/insight.test.tsx) read it from what is stored.

beforeEach(() => {
  fakeBrowser.reset();
  installFakeExtensionApis();
});
afterEach(cleanup);

const figure = () => screen.getByRole('heading', { name: 'Home', level: 3 }).closest('figure')!;

it('draws one reading across the whole chart, and says its one day', () => {
  const { container } = render(
    <HistoryChart account={account()} points={[[dayOf(NOW), 12 * GB, 30 * GB]]} locale="en" />,
  );
  expect(figure().querySelector('figcaption')!.textContent).toBe(
    'Used storage on Nov 21, 2026: 12 GB.',
  );
  const used = container.querySelector('.history__used')!.getAttribute('points')!;
  expect(used.split(' ').map((point) => point.split(',')[0])).toEqual(['0.0', '400.0']);
});

it('that a chart cannot draw costs only that chart', () => {
  const farDay = 2e8; // 17 million years from 1970: no Date can hold it
  render(<HistoryChart account={account()} points={[[farDay, GB, GB]]} locale="en" />);
  expect(figure().textContent).toContain('could not be shown');
});
