// Removes the no-JavaScript copy of the page once the app has drawn its own heading (a
// copy with a request form: once the app's form is there, what was typed in the served
// one handed over, see served_form.js), the server's <title> once the app has set one,
// and every server head tag at the first client-side navigation (they describe the
// first page only). Should the app not draw (its server unreachable), the copy returns
// into the flow after a while, so that it no longer covers the header. While the copy
// covers the page, the app's main part under it (drawn, or still waiting for its form)
// is inert and hidden from assistive technology: one heading and one form, not two.
// Back in the flow, both are shown (the app's part may say why its form is not there).
// A site header served with the copy (a page the build did not prerender) goes as soon as
// the app has drawn its own header, which looks the same, or into the flow with the copy.
(function () {
  var d = document, id = __CRAWLER_MAIN_ID__, headerId = __SERVED_HEADER_ID__, observer,
    covering = true;
  function underCopy(hidden) {
    var main = d.getElementById(__MAIN_ID__);
    if (!main || main.inert === hidden) return;
    main.inert = hidden;
    if (hidden) main.setAttribute("aria-hidden", "true"); else main.removeAttribute("aria-hidden");
  }
  setTimeout(function () {
    var copy = d.getElementById(id), header = d.getElementById(headerId);
    covering = false;
    if (copy) copy.style.position = "static";
    if (header) header.style.position = "static";
    underCopy(false);
  }, __APP_DRAW_TIMEOUT_MS__);
  function appHeader(served) {
    return Array.prototype.some.call(d.getElementsByTagName("header"), function (header) {
      return !served.contains(header);
    });
  }
  function tidy() {
    var copy = d.getElementById(id), main = d.getElementById(__MAIN_ID__),
      header = d.getElementById(headerId);
    if (header && appHeader(header)) header.remove();
    if (copy && main && main.querySelector("h1") && !(copy.querySelector("form")
        && main.querySelector("." + __FORM_LOADING_CLASS__))) {
      underCopy(false);
      copy.dispatchEvent(new Event("served-copy-leaves", {bubbles: true}));
      copy.remove();
    } else if (copy && covering) {
      underCopy(true);
    }
    var title = d.head.querySelector("title[data-seo]");
    if (title && d.head.querySelectorAll("title").length > 1) {
      title.remove();
      title = null;
    }
    if (d.readyState !== "loading" && !d.getElementById(id) && !d.getElementById(headerId)
        && !title) observer.disconnect();
  }
  observer = new MutationObserver(tidy);
  observer.observe(d.documentElement, {childList: true, subtree: true});
  var push = history.pushState;
  history.pushState = function () {
    d.querySelectorAll("[data-seo]").forEach(function (tag) { tag.remove(); });
    history.pushState = push;
    return push.apply(this, arguments);
  };
})();
