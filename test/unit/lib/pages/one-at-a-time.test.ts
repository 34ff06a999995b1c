import { describe, expect, it } from 'vitest';
import { OneAtATime } from '@/lib/pages/one-at-a-time';

/** A change that runs when its turn comes and ends when the test says, stored or not. */
function step(log: string[], name: string) {
  let end!: (made: boolean) => void;
  const ended = new Promise<boolean>((resolve) => (end = resolve));
  const run = async (previousMade: boolean) => {
    log.push(`${name} runs (${previousMade ? 'after one stored' : 'after one not stored'})`);
    return ended;
  };
  return { run, end: (made: boolean) => end(made) };
}

describe('one change at a time', () => {
  it('a change begun while another is on its way runs after its answer, told whether it was stored', async () => {
    const busy: boolean[] = [];
    const queue = new OneAtATime((b) => busy.push(b));
    const log: string[] = [];
    const first = step(log, 'first');
    const second = step(log, 'second');
    const firstDone = queue.run(first.run);
    const secondDone = queue.run(second.run);
    expect(queue.begun).toBe(2);
    await Promise.resolve();
    expect(log).toEqual(['first runs (after one stored)']);
    first.end(false);
    expect(await firstDone).toBe(false);
    second.end(false);
    await secondDone;
    expect(log).toEqual(['first runs (after one stored)', 'second runs (after one not stored)']);
    expect(queue.begun).toBe(0);
    expect(busy.at(-1)).toBe(false);
  });

  it('a change begun after the last one was answered runs at once, whatever came of it', async () => {
    const queue = new OneAtATime();
    const log: string[] = [];
    const first = step(log, 'first');
    const done = queue.run(first.run);
    first.end(false);
    await done;
    const later = step(log, 'later');
    const laterDone = queue.run(later.run);
    later.end(true);
    expect(await laterDone).toBe(true);
    expect(log.at(-1)).toBe('later runs (after one stored)');
  });
});
