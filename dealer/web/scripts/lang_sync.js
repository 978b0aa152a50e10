// React leaves <html lang> alone on client-side navigation: follow the URL prefix.
(function () {
  var h = history;
  function sync() {
    document.documentElement.lang = /^\/de(\/|$)/.test(location.pathname) ? "de-DE" : "nl-NL";
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
