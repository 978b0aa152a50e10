// React leaves <html lang> alone on client-side navigation: follow the URL prefix. Set only
// when it changes: setting it restyles the whole page, and the app replaces the history
// entry on every state change.
(function () {
  var h = history, root = document.documentElement;
  function sync() {
    var lang = /^\/de(\/|$)/.test(location.pathname) ? "de-DE" : "nl-NL";
    if (root.lang !== lang) root.lang = lang;
  }
  ["pushState", "replaceState"].forEach(function (name) {
    var original = h[name];
    h[name] = function () {
      var result = original.apply(this, arguments);
      sync();
      return result;
    };
  });
  addEventListener("popstate", sync);
})();
