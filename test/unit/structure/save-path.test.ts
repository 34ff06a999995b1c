import { describe, expect, it } from 'vitest';
import { callsIn, functionNamed, pathProblems, read } from '../helpers/call-paths';

// One save, from the click on an account form's Save to the write, held hop by hop as the alarm's
// path is (structure/alarm-path.test.ts): each function calls the next itself, down the layers,
// no module visited twice; the page and the background meet on one channel, the port the click
// opened (lib/extension/change-port.ts), which carries the hold, the change and its answer.

const HOPS = [
  ['components/settings/use-account-save.ts', 'save'], // the click: the port opened, the form's queue
  ['lib/pages/send-change.ts', 'sendChange'], // the change sent; its answer read
  ['lib/extension/change-port.ts', 'send'], // posted on the port (the one channel)
  ['lib/extension/change-port.ts', 'hear'], // the background's end of the port
  ['lib/background/changes.ts', 'carryOut'], // the checks stopped, the change carried out
  ['lib/store/writes.ts', 'writeChange'], // planned over what is stored, in the write queue
  ['lib/store/items.ts', 'writeKeys'], // the one call to storage
] as const;
/** The most hops from the click to the write (issue 43). */
const MOST_HOPS = 6;
const LAYERS = ['components/', 'lib/pages/', 'lib/extension/', 'lib/background/', 'lib/store/'];
/** The hop that crosses the channel: `send` posts the change, and `hear` is what the port's other end runs. */
const CROSSING = 2;
/**
 * The functions handed down to be called back on the way, each for its reason; any other is a
 * failure: the form's saves one at a time (its queue runs each when the one before is answered),
 * the announcement the writer makes between its plan and its write (the checks of what it
 * replaces stop in the write queue, before anything is stored), and the work the one write queue
 * runs after the writes before it.
 */
const HANDED_DOWN = [
  'components/settings/use-account-save.ts save hands a function to run, to be called back',
  'lib/background/changes.ts carryOut hands a function to writeChange, to be called back',
  'lib/store/writes.ts writeChange hands a function to queued, to be called back',
];

/** The path's problems, the crossing's missing call taken as the port's message. */
function saveProblems(hops: readonly (readonly [string, string])[]) {
  return pathProblems(hops, MOST_HOPS, LAYERS).filter(
    (problem) =>
      problem !==
      `${hops[CROSSING]![0]} ${hops[CROSSING]![1]} does not call ${hops[CROSSING + 1]![1]} itself`,
  );
}

describe('one save', () => {
  it(`reaches the write from the click in ${HOPS.length - 1} hops, at most ${MOST_HOPS}, each called by the one before, down the layers, no module visited twice`, () => {
    expect(saveProblems(HOPS)).toEqual(HANDED_DOWN);
    expect(HOPS.length - 1).toBe(6);
  });

  it('crosses from the page to the background on one channel: the port its click opened', () => {
    const [file, sender] = HOPS[CROSSING];
    expect(callsIn(functionNamed(file, sender)!).map((call) => call.name)).toContain('postMessage');
    expect(read(file)).toMatch(/port\.onMessage\.addListener\(hear\)/);
    // Neither end sends the change another way (a runtime message, a follow-up command).
    for (const [path, name] of HOPS.slice(0, CROSSING + 1))
      expect(
        callsIn(functionNamed(path, name)!).map((call) => call.name),
        `${path} ${name}`,
      ).not.toEqual(expect.arrayContaining(['sendMessage', 'sendCommand']));
  });
});

describe('the guard itself', () => {
  it('names a hop skipped, one hop too many, and a closure handed down that is not listed', () => {
    const skipped = [HOPS[0], HOPS[1], HOPS[2], HOPS[3], HOPS[5], HOPS[6]];
    expect(saveProblems(skipped)).toContain(
      'lib/extension/change-port.ts hear does not call writeChange itself',
    );
    const longer = [...HOPS.slice(0, 6), ['lib/store/writes.ts', 'queued'], HOPS[6]] as const;
    expect(saveProblems(longer)).toContain('7 hops: more than 6');
  });
});
