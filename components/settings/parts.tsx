import { useEffect, useRef, useState } from 'preact/hooks';
import type { ComponentChildren } from 'preact';
import { t } from '@/lib/i18n/translate';
import type { Place } from '@/lib/pages/place';

// Most Settings page opens show the accounts. What only one section shows (the usage history, the
// activity log, export and import, the first run's walk-through) is loaded with import() the first
// time that section is opened, so the page opens without it (docs/benchmarks.md).

const LOADERS = {
  history: () => import('./HistoryChart').then((loaded) => loaded.HistoryChart),
  activity: () => import('./ActivityLog').then((loaded) => loaded.ActivityLog),
  transfer: () => import('./ExportImport').then((loaded) => loaded.ExportImport),
  setup: () => import('./SetupGuide').then((loaded) => loaded.SetupGuide),
};

type Parts = { [K in keyof typeof LOADERS]: Awaited<ReturnType<(typeof LOADERS)[K]>> };
type PartName = keyof Parts;

const loaded: Partial<Parts> = {};
const failed = new Set<PartName>();
const loading = new Map<PartName, Promise<void>>();

/** The part a place's section needs, if it needs one. */
const partOf = (place: Place): PartName | undefined =>
  Object.hasOwn(LOADERS, place.section) ? (place.section as PartName) : undefined;

/** Whether a part is here, or could not be loaded (its section then says so). */
const settled = (name: PartName) => name in loaded || failed.has(name);

/** Loads a part (once); never rejects: a part that cannot be loaded is recorded as such. */
function loadPart<K extends PartName>(name: K): Promise<void> {
  let promise = loading.get(name);
  if (!promise) {
    promise = (LOADERS[name] as () => Promise<Parts[K]>)().then(
      (part) => void (loaded[name] = part),
      () => void failed.add(name),
    );
    loading.set(name, promise);
  }
  return promise;
}

/**
 * The place to draw: `place` once the part its section needs is loaded, until then the place
 * drawn before (none when the page opens). So a section is drawn whole at once, never without
 * its content first.
 */
export function useShownPlace(place: Place): Place | undefined {
  const name = partOf(place);
  const shownRef = useRef<Place | undefined>(undefined);
  const [, redraw] = useState(0);
  useEffect(() => {
    if (name && !settled(name)) void loadPart(name).then(() => redraw((n) => n + 1));
  }, [name]);
  if (!name || settled(name)) shownRef.current = place;
  return shownRef.current;
}

/** A section's part, drawn by `children`; a part that could not be loaded says so instead (nothing while it loads). */
export function WithPart<K extends PartName>({
  name,
  children,
}: {
  name: K;
  children: (part: Parts[K]) => ComponentChildren;
}) {
  const part = loaded[name];
  if (part) return <>{children(part)}</>;
  return failed.has(name) ? (
    <p class="failure" role="alert">
      {t('partNotLoaded')}
    </p>
  ) : null;
}
