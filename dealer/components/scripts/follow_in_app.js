// A click on a link of the site inside HTML the server filled in changes the page in the
// app, as the app's own links do (rxFrameNavigate: the router's navigate), instead of
// loading a new document. A link to a place in the same page is left to the browser.
((event) => {
  const a = event.target.closest('a[href]');
  if (!a || event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey
      || event.shiftKey || event.altKey || a.target || a.origin !== window.location.origin
      || (a.hash && a.pathname + a.search === window.location.pathname + window.location.search)) return;
  event.preventDefault();
  rxFrameNavigate(a.pathname + a.search + a.hash);
})
