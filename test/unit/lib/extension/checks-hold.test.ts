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

  it('is put on again after any number of worker restarts, each one held before the next', async () => {
    const ports: { disconnect(): void }[] = [];
    let holds = 0;
    fakeBrowser.runtime.onConnect.addListener((port) => void ports.push(port));
    const stop = onHoldChecks(() => (holds++, () => undefined));
    const release = holdChecks('a');
    for (let restart = 0; restart < 15; restart++) {
      await new Promise((resolve) => setTimeout(resolve)); // the background's "held" arrives
      ports.at(-1)!.disconnect();
    }
    expect(holds).toBe(16);
    release();
    stop();
  });

  it('gives up after 10 reconnections in a row that no background held', () => {
    const ports: { disconnect(): void }[] = [];
    fakeBrowser.runtime.onConnect.addListener((port) => void ports.push(port));
    const release = holdChecks('a');
    for (let restart = 0; restart < 15; restart++) ports.at(-1)!.disconnect();
    expect(ports).toHaveLength(11);
    release();
  });

  it('ignores ports that are not holds', () => {
    let holds = 0;
    const stop = onHoldChecks(() => (holds++, () => undefined));
    fakeBrowser.runtime.connect({ name: 'other' });
    expect(holds).toBe(0);
    stop();
  });
});
