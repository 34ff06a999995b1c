import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import {
  beginChange,
  CHANGE_LIMIT_MS,
  NoAnswer,
  onChanges,
  type ChangeSession,
} from '@/lib/extension/change-port';
import type { Change } from '@/lib/store/changes';
import { installFakeExtensionApis } from '../../helpers/fake-extension';

// A page's change travels on one port opened at its click: the background holds the account's
// checks while it is open (again after a worker restart, before the change is sent), the change
// goes out on it and its answer comes back on it; a stopped worker or no answer in time rejects.

type Port = ReturnType<typeof fakeBrowser.runtime.connect>;

/** The ports as the background receives them, and the pages' ends as they open them. */
function watchPorts() {
  const background: Port[] = [];
  const page: Port[] = [];
  fakeBrowser.runtime.onConnect.addListener((port) => void background.push(port));
  const connect = fakeBrowser.runtime.connect;
  const watched = (info: { name: string }) => {
    const port = connect(info);
    page.push(port);
    return port;
  };
  vi.spyOn(fakeBrowser.runtime, 'connect').mockImplementation(watched as typeof connect);
  return { background, page };
}

/** Resolves when the background's "held" reaches this page's end of a port. */
const heldReaches = (port: Port) =>
  new Promise<void>((resolve) => port.onMessage.addListener(() => resolve()));

/** A background whose sessions are recorded: each opened (the hold), each change, each close. */
function recordingBackground(carryOut: (change: Change) => Promise<unknown> = async () => 'done') {
  const events: string[] = [];
  const stop = onChanges((accountId): ChangeSession => {
    events.push(`hold ${accountId}`);
    return {
      carryOut: (change) => (events.push(`change ${change.kind}`), carryOut(change)),
      close: () => void events.push(`close ${accountId}`),
    };
  });
  return { events, stop };
}

const removal = { kind: 'remove-account', accountId: 'a' } as const;

beforeEach(() => {
  fakeBrowser.reset();
  installFakeExtensionApis();
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('a change’s port', () => {
  it('holds at once, at the click, and ends the hold when the page gives up (once)', () => {
    const { events, stop } = recordingBackground();
    const change = beginChange('a');
    expect(events).toEqual(['hold a']);
    change.close();
    change.close();
    expect(events).toEqual(['hold a', 'close a']);
    stop();
  });

  it('a change of no one account (an import, Remove all data) names none', () => {
    const { events, stop } = recordingBackground();
    beginChange().close();
    expect(events).toEqual(['hold undefined', 'close undefined']);
    stop();
  });

  it('carries the change to the background and its answer back, then closes', async () => {
    const { events, stop } = recordingBackground(async (change) => ({ saved: change.kind }));
    await expect(beginChange('a').send(removal)).resolves.toEqual({ saved: 'remove-account' });
    expect(events).toEqual(['hold a', 'change remove-account', 'close a']);
    stop();
  });

  it('is held again when the worker stops before the change is sent, and the change goes to the new one', async () => {
    const ports = watchPorts();
    const { events, stop } = recordingBackground(async () => ({ saved: true }));
    const change = beginChange('a');
    ports.background[0]!.disconnect(); // the worker stopped, and its session with it
    expect(events).toEqual(['hold a', 'hold a']);
    await expect(change.send(removal)).resolves.toEqual({ saved: true });
    expect(events).toEqual(['hold a', 'hold a', 'change remove-account', 'close a']);
    stop();
  });

  it('is held again after any number of worker restarts, each one held before the next', async () => {
    const ports = watchPorts();
    const { events, stop } = recordingBackground();
    const change = beginChange('a');
    for (let restart = 0; restart < 15; restart++) {
      await heldReaches(ports.page.at(-1)!);
      ports.background.at(-1)!.disconnect();
    }
    expect(events.filter((e) => e === 'hold a')).toHaveLength(16);
    change.close();
    stop();
  });

  it('gives up after 10 reconnections in a row that no background held', () => {
    const ports = watchPorts();
    const change = beginChange('a');
    for (let restart = 0; restart < 15; restart++) ports.background.at(-1)!.disconnect();
    expect(ports.background).toHaveLength(11);
    change.close();
  });

  it('a change sent after it gave up has no answer at once (NoAnswer), not after the 30 s wait', async () => {
    vi.useFakeTimers();
    const ports = watchPorts();
    const change = beginChange('a');
    for (let restart = 0; restart < 11; restart++) ports.background.at(-1)!.disconnect();
    let outcome: unknown;
    const answer = change.send(removal).catch((error: unknown) => (outcome = error));
    await vi.advanceTimersByTimeAsync(0);
    expect(outcome).toBeInstanceOf(NoAnswer);
    await vi.advanceTimersByTimeAsync(CHANGE_LIMIT_MS);
    await answer;
  });

  it('a worker that stops after the change went out: no answer (NoAnswer), and no new hold', async () => {
    const ports = watchPorts();
    let received!: () => void;
    const sent = new Promise<void>((resolve) => (received = resolve));
    const { events, stop } = recordingBackground(() => (received(), new Promise(() => {})));
    const answer = beginChange('a').send(removal);
    await sent;
    ports.background[0]!.disconnect();
    await expect(answer).rejects.toBeInstanceOf(NoAnswer);
    expect(events).toEqual(['hold a', 'change remove-account', 'close a']);
    stop();
  });

  it('waits 30 s for the answer, not less, then gives up (NoAnswer) and closes', async () => {
    vi.useFakeTimers();
    const { events, stop } = recordingBackground(() => new Promise(() => {}));
    let outcome: unknown;
    const answer = beginChange('a')
      .send(removal)
      .then(
        () => (outcome = 'answered'),
        (error: unknown) => (outcome = error),
      );
    await vi.advanceTimersByTimeAsync(CHANGE_LIMIT_MS - 1);
    expect([outcome, CHANGE_LIMIT_MS]).toEqual([undefined, 30_000]);
    await vi.advanceTimersByTimeAsync(1);
    await answer;
    expect(outcome).toBeInstanceOf(NoAnswer);
    expect(events).toEqual(['hold a', 'change remove-account', 'close a']);
    stop();
  });

  it('the background ignores ports that are not changes, and changes from anyone but the extension', () => {
    const { events, stop } = recordingBackground();
    fakeBrowser.runtime.connect({ name: 'other' });
    const listeners: ((port: unknown) => void)[] = [];
    vi.spyOn(fakeBrowser.runtime.onConnect, 'addListener').mockImplementation((listener) => {
      listeners.push(listener as (port: unknown) => void);
    });
    const stopOther = onChanges(() => {
      events.push('hold by a stranger');
      return { carryOut: async () => undefined, close: () => undefined };
    });
    listeners[0]!({ name: 'change:a', sender: { id: 'someone-else' } });
    expect(events).toEqual([]);
    stopOther();
    stop();
  });
});
