import { expect, it } from 'vitest';
import { newestRead } from '@/lib/pages/newest-read';

it('applies the newest read started, whatever order the reads end in', async () => {
  const shown: string[] = [];
  const newest = newestRead<string>((value) => shown.push(value));
  let endOld!: (v: string) => void;
  let endNew!: (v: string) => void;
  const old = newest(() => new Promise((resolve) => (endOld = resolve)));
  const fresh = newest(() => new Promise((resolve) => (endNew = resolve)));
  endNew('new');
  await fresh;
  endOld('old');
  await old;
  expect(shown).toEqual(['new']);
});

it('applies every read that ends in the order they began', async () => {
  const shown: string[] = [];
  const newest = newestRead<string>((value) => shown.push(value));
  await newest(() => Promise.resolve('first'));
  await newest(() => Promise.resolve('second'));
  expect(shown).toEqual(['first', 'second']);
});
