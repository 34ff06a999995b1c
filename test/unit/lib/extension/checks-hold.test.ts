import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { holdChecks, onHoldChecks } from '@/lib/extension/checks-hold';
import { installFakeExtensionApis } from '../../helpers/fake-extension';

beforeEach(() => {
  fakeBrowser.reset();
  installFakeExtensionApis();
});

describe('a hold on an account’s checks', () => {
  it('is put on at once, and released when the page lets go (once)', () => {
    const events: string[] = [];
    const stop = onHoldChecks((id) => {
      events.push(`hold ${id}`);
      return () => events.push(`release ${id}`);
    });
    const release = holdChecks('a');
    expect(events).toEqual(['hold a']);
    release();
    release();
    expect(events).toEqual(['hold a', 'release a']);
    stop();
  });

  it('is put on again when the background’s end closes (a worker that stopped), until released', () => {
    const ports: { disconnect(): void }[] = [];
    let holds = 0;
    fakeBrowser.runtime.onConnect.addListener((port) => void ports.push(port));
    const stop = onHoldChecks(() => (holds++, () => undefined));
    const release = holdChecks('a');
    ports[0]!.disconnect();
    expect(holds).toBe(2);
    release();
    ports[1]!.disconnect();
    expect(holds).toBe(2);
    stop();
  });

  it('ignores ports that are not holds', () => {
    let holds = 0;
    const stop = onHoldChecks(() => (holds++, () => undefined));
    fakeBrowser.runtime.connect({ name: 'other' });
    expect(holds).toBe(0);
    stop();
  });
});
