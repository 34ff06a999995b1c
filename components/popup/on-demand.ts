// Most popup opens show accounts that are fine. What only some states show is loaded with
// import() the first time one needs it, so the popup opens without it (docs/benchmarks.md).

type Extras = (typeof import('./extras'))['popupExtras'];
let extras: Extras | undefined;
let loading: Promise<void> | undefined;

/** Loads the popup's extras (once); never rejects: a part that cannot be loaded is not drawn. */
export function loadPopupExtras(): Promise<void> {
  return (loading ??= import('./extras').then(
    (loaded) => void (extras = loaded.popupExtras),
    () => undefined,
  ));
}

/**
 * The popup's extras, once loaded. The popup loads them before it shows a state that needs them
 * (entrypoints/popup/App.tsx), so whatever that state draws finds them here.
 */
export const loadedExtras = (): Extras | undefined => extras;
