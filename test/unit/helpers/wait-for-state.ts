import { vi } from 'vitest';
import { configure } from '@testing-library/preact';

// A page test waits for what it needs on screen (findBy…, waitFor) as long as a busy machine
// takes: the Settings page loads its sections on demand, which on two shared cores can take
// more than Testing Library's default second. Waiting longer costs nothing when the state comes.
configure({ asyncUtilTimeout: 15_000 });

// The same for vi.waitFor, whose default is also a second: a state that comes through the
// simulator on 127.0.0.1 (a check, a stored snapshot) can take longer on two busy cores. A
// test that names its own timeout keeps it.
const waitFor = vi.waitFor;
vi.waitFor = (callback, options) =>
  waitFor(callback, typeof options === 'number' ? options : { timeout: 15_000, ...options });
