// The title the server gave the document, at the address it was served for: read once,
// before the app's first render replaces it (none on the build's prerender).
(typeof document === 'undefined' ? '' : ((served) => served.path === window.location.pathname
  ? served.title : '')(window.rxServedTitle ??= {path: window.location.pathname, title: document.title}))
