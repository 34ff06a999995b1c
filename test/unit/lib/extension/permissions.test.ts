import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { requestHostPermissions } from '@/lib/extension/permissions';

describe('requestHostPermissions: the one way a page asks for access', () => {
  let steps: string[];
  /** The browser's prompt: records what it was asked and answers as told. */
  const prompt = (answer: () => Promise<boolean>) => {
    fakeBrowser.permissions.request = async ({ origins = [] }: { origins?: string[] }) => {
      steps.push(`prompt ${origins.join(' ')}`);
      return answer();
    };
  };
  beforeEach(() => {
    steps = [];
  });

  it('says it is asking before the prompt opens, asks once per host, and resolves to the answer', async () => {
    prompt(async () => true);
    const granted = requestHostPermissions(
      ['https://api.example:8443', 'https://api.example', 'https://node.example'],
      () => steps.push('asking'),
    );
    expect(steps).toEqual(['asking', 'prompt https://api.example/* https://node.example/*']);
    await expect(granted).resolves.toBe(true);
  });

  // Match patterns have no port: a server's host is asked for whatever port it listens on.
  it.each([
    ['http://127.0.0.1:4567', 'http://127.0.0.1/*'],
    ['https://api.teracloud.jp', 'https://api.teracloud.jp/*'],
    ['https://Node.Example:8443/path', 'https://node.example/*'],
  ])('asks for %s as %s', async (url, pattern) => {
    prompt(async () => true);
    await requestHostPermissions([url]);
    expect(steps).toEqual([`prompt ${pattern}`]);
  });

  it('resolves to false when the user refuses', async () => {
    prompt(async () => false);
    await expect(requestHostPermissions(['https://api.example'])).resolves.toBe(false);
  });

  it('takes a request the browser rejects (no prompt could be shown) as a refusal, not an error', async () => {
    prompt(() => Promise.reject(new Error('This function must be called during a user gesture')));
    await expect(
      requestHostPermissions(['https://api.example'], () => steps.push('asking')),
    ).resolves.toBe(false);
    expect(steps[0]).toBe('asking');
  });
});
