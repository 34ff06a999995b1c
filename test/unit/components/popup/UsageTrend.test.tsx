// @vitest-environment happy-dom
import { cleanup, render } from '@testing-library/preact';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { UsageTrend } from '@/components/popup/UsageTrend';
import { forecastWithBonus } from '@/lib/outlook/bonus';
import { FORECAST_MIN_DAYS } from '@/lib/outlook/forecast';
import type { HistoryPoint } from '@/lib/store/history';
import { dayOf } from '@/lib/basics/time';
import { GB, NOW } from '../../helpers/fixtures';
import { installFakeExtensionApis } from '../../helpers/fake-extension';

// Issue 27: the card's trend works out a forecast only where it draws one. Counted through the
// one function that works it out (the real one, spied on).
vi.mock('@/lib/outlook/bonus', async (original) => {
  const real = await original<typeof import('@/lib/outlook/bonus')>();
  return { ...real, forecastWithBonus: vi.fn(real.forecastWithBonus) };
});

const TODAY = dayOf(NOW);
const rising = (days: number): HistoryPoint[] =>
  Array.from({ length: days }, (_, i): HistoryPoint => [
    TODAY - days + 1 + i,
    10 * GB + (i * GB) / 4,
    28 * GB,
  ]);
const FORECAST = /full in about|not filling up/;

beforeEach(() => {
  installFakeExtensionApis();
  vi.mocked(forecastWithBonus).mockClear();
});
afterEach(cleanup);

it('works out the forecast it draws, once', () => {
  const { container } = render(<UsageTrend points={rising(14)} now={NOW} locale="en" />);
  expect(container.textContent).toMatch(FORECAST);
  expect(forecastWithBonus).toHaveBeenCalledTimes(1);
});

it('works out no forecast beside the warning that the usage will not fit once the bonus ends, and still draws the line', () => {
  const { container } = render(
    <UsageTrend points={rising(14)} now={NOW} locale="en" overAfterBonus />,
  );
  expect(container.querySelector('svg[role="img"]')).not.toBeNull();
  expect(container.textContent).not.toMatch(FORECAST);
  expect(forecastWithBonus).not.toHaveBeenCalled();
});

it.each([
  ['under a week of days', FORECAST_MIN_DAYS - 1, true],
  ['one day', 1, false],
  ['no day', 0, false],
])('works out no forecast from %s (it would say nothing)', (_, days, line) => {
  const { container } = render(<UsageTrend points={rising(days)} now={NOW} locale="en" />);
  expect(container.querySelector('svg[role="img"]') !== null).toBe(line);
  expect(container.textContent).not.toMatch(FORECAST);
  expect(forecastWithBonus).not.toHaveBeenCalled();
});
