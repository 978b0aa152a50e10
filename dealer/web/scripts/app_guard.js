// SPEC §4: a failed chunk load loads the page anew, at most once per guard time per path;
// a new build (polled) turns the next link click into a full page load. A page module
// that fails while the app moves to another page: the app's router reloads the page
// being left, so that reload is turned into a load of the page the visitor asked for
// (the link clicked last, within the guard's time), under the same guard.
(function () {
  var guard = __RELOAD_GUARD_MS__, clicked = null;
  function asked() {
    var href = clicked && Date.now() - clicked.t < guard ? clicked.h : location.href;
    clicked = null;
    return href;
  }
  function load(href) {
    var url = new URL(href, location.href), key = "chunk-reload:" + url.pathname;
    var last = +sessionStorage.getItem(key) || 0;
    if (Date.now() - last <= guard) return;
    sessionStorage.setItem(key, Date.now());
    if (url.href === location.href) location.reload();
    else location.assign(url.href);
  }
  function reload() { load(asked()); }
  function ownLink(e) {
    var a = e.target.closest && e.target.closest("a[href]");
    return a && a.origin === location.origin && !a.target ? a : null;
  }
  document.addEventListener("click", function (e) {
    var a = ownLink(e);
    if (a) clicked = {h: a.href, t: Date.now()};
  }, true);
  if (window.navigation) {
    navigation.addEventListener("navigate", function (e) {
      if (e.navigationType !== "reload") {
        clicked = null;
        return;
      }
      if (clicked && e.cancelable && Date.now() - clicked.t < guard) {
        e.preventDefault();
        reload();
      }
    });
  }
  addEventListener("error", function (e) {
    var t = e.target || {};
    if ((t.tagName === "SCRIPT" || t.tagName === "LINK") && /\/assets\//.test(t.src || t.href || "")) {
      reload();
    }
  }, true);
  addEventListener("unhandledrejection", function (e) {
    var message = String(e.reason && e.reason.message || e.reason);
    if (/dynamically imported module|Importing a module script failed/i.test(message)) reload();
  });
  var build = __BUILD__, stale = false;
  setInterval(function () {
    fetch("/builds/latest.json?t=" + Date.now(), {cache: "no-store"})
      .then(function (answer) { return answer.json(); })
      .then(function (latest) { if (latest.id !== build) stale = true; })
      .catch(function () {});
  }, __BUILD_POLL_MS__);
  document.addEventListener("click", function (e) {
    if (!stale) return;
    var a = ownLink(e);
    if (a) {
      e.preventDefault();
      location.href = a.href;
    }
  }, true);
})();
