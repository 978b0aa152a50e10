// Whether the window matches the media query, following its changes; false on the
// server and while the page is taken over.
useSyncExternalStore((notify) => {
  const m = window.matchMedia(__QUERY__);
  m.addEventListener('change', notify);
  return () => m.removeEventListener('change', notify);
}, () => window.matchMedia(__QUERY__).matches, () => false)
