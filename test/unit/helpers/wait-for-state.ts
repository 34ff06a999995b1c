import { configure } from '@testing-library/preact';

// A page test waits for what it needs on screen (findBy…, waitFor) as long as a busy machine
// takes: the Settings page loads its sections on demand, which on two shared cores can take
// more than Testing Library's default second. Waiting longer costs nothing when the state comes.
configure({ asyncUtilTimeout: 15_000 });
