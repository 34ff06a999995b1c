import { useState } from 'preact/hooks';
import { OneAtATime } from '@/lib/pages/one-at-a-time';

/** A form's changes one at a time (lib/pages/one-at-a-time.ts), and whether one is on its way. */
export function useOneAtATime(): { queue: OneAtATime; busy: boolean } {
  const [busy, setBusy] = useState(false);
  const [queue] = useState(() => new OneAtATime(setBusy));
  return { queue, busy };
}
