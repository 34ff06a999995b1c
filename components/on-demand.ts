import { useEffect, useState } from 'preact/hooks';

// Most popup opens show accounts that are fine. What only some states show is loaded with
// import() the first time one needs it, so the popup opens without it (README, Performance).

type Extras = typeof import('./popup-extras');
let extras: Extras | undefined;
let loading: Promise<void> | undefined;

/** Loads the popup's extras (once); never rejects: a part that cannot be loaded is not drawn. */
export function loadPopupExtras(): Promise<void> {
  return (loading ??= import('./popup-extras').then((loaded) => void (extras = loaded), () => undefined));
}

/**
 * The popup's extras for a component that draws them: at once when loaded (the popup loads them
 * before it shows a state that needs them), else loaded now and drawn as soon as they are there.
 */
export function usePopupExtras(needed: boolean): Extras | undefined {
  const [, drawAgain] = useState(0);
  useEffect(() => {
    if (needed && !extras) void loadPopupExtras().then(() => drawAgain((n) => n + 1));
  }, [needed]);
  return extras;
}
