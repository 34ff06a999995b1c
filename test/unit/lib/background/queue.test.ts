import { afterEach, describe, expect, it, vi } from 'vitest';
import { oneAtATime } from '@/lib/background/queue';

describe('oneAtATime', () => {
  afterEach(() => vi.restoreAllMocks());

  it('runs each piece of work after the one before has finished, in the order given', async () => {
    const serial = oneAtATime();
    const log: string[] = [];
    let release!: () => void;
    const first = serial(async () => {
      log.push('first begins');
      await new Promise<void>((resolve) => (release = resolve));
      log.push('first ends');
      return 1;
    });
    const second = serial(async () => {
      log.push('second begins');
      return 2;
    });
    await vi.waitFor(() => expect(log).toEqual(['first begins']));
    release();
    expect(await Promise.all([first, second])).toEqual([1, 2]);
    expect(log).toEqual(['first begins', 'first ends', 'second begins']);
  });

  it('a piece that fails rejects for its caller, is logged, and the next one runs all the same', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const serial = oneAtATime();
    const failed = serial(() => Promise.reject(new Error('broken')));
    const next = serial(async () => 'ran');
    await expect(failed).rejects.toThrow('broken');
    expect(await next).toBe('ran');
    expect(warn).toHaveBeenCalledWith('Storage Keeper: a background run failed', expect.any(Error));
  });
});
