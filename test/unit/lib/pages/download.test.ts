// @vitest-environment happy-dom
import { afterEach, expect, it, vi } from 'vitest';
import { download, fileSafe } from '@/lib/pages/download';

afterEach(() => vi.restoreAllMocks());

it('downloads the text under its file name through a link it clicks', async () => {
  const made: Blob[] = [];
  vi.spyOn(URL, 'createObjectURL').mockImplementation(
    (blob) => (made.push(blob as Blob), 'blob:x'),
  );
  const clicked: HTMLAnchorElement[] = [];
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    clicked.push(this);
  });
  download('usage.csv', 'day,used\n', 'text/csv');
  expect(clicked.map((link) => [link.download, link.href])).toEqual([['usage.csv', 'blob:x']]);
  expect(made[0]!.type).toBe('text/csv');
  expect(await made[0]!.text()).toBe('day,used\n');
});

it('keeps in a file name only what every file system accepts', () => {
  expect(fileSafe('yamada@api.teracloud.jp')).toBe('yamada@api.teracloud.jp');
  expect(fileSafe('My photos / 2026: *old*')).toBe('My_photos_2026_old_');
});
