// Route rules (DEALER_ROUTE_RULES) hold for the app's own navigation too: the rules of
// this build come from its meta file (SPEC §7), and a link click or a history push to a
// rule's source loads that address from the server, which redirects it (or answers the
// broken link). Plain links need nothing: the browser asks the server anyway.
(function () {
  var sources = [], l = location;
  function bare(path) { return path.replace(/\/+$/, "") || "/"; }
  fetch("/builds/meta/" + __BUILD__ + ".json")
    .then(function (answer) { return answer.json(); })
    .then(function (meta) {
      sources = (meta.routeRules || []).map(function (rule) { return bare(rule.source); });
    })
    .catch(function () {});
  function ruled(href) {
    var url;
    try { url = new URL(href, l.href); } catch (e) { return null; }
    return url.origin === l.origin && sources.indexOf(bare(url.pathname)) > -1 ? url.href : null;
  }
  document.addEventListener("click", function (e) {
    if (e.defaultPrevented || e.button || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    var a = e.target.closest && e.target.closest("a[href]");
    var href = a && !a.target && ruled(a.href);
    if (href) {
      e.preventDefault();
      e.stopPropagation();
      l.assign(href);
    }
  }, true);
  var push = history.pushState;
  history.pushState = function (data, title, url) {
    var href = url != null && ruled(String(url));
    if (href) {
      l.assign(href);
      return;
    }
    return push.apply(this, arguments);
  };
})();
