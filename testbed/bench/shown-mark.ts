// Marks when a page's selector (kept in session storage by its path and hash) first shows: in
// the first animation frame after it is in the document (the frame that paints it), in
// milliseconds since navigation start, reported through a CDP binding. Nothing of Playwright's
// runs in the page while it loads: polling from outside (waitForFunction) evaluated Playwright's
// injected script on the page's main thread in the middle of the popup's own work, 30 ms and
// more on this machine, which a blank page never competes with.
export const SHOWN_BINDING = 'benchShown';
export const MARK_SHOWN = `(() => {
  const selector = location.pathname.endsWith('/blank.html') ? '#ready' : (sessionStorage.getItem('benchSelector ' + location.pathname + location.hash) ?? '');
  if (!selector || typeof ${SHOWN_BINDING} !== 'function') return;
  let done = false;
  const check = () => {
    if (done || !document.querySelector(selector)) return;
    done = true;
    observer.disconnect();
    requestAnimationFrame(() => ${SHOWN_BINDING}(String(performance.now())));
  };
  const observer = new MutationObserver(check);
  observer.observe(document, { childList: true, subtree: true });
})();`;
