// Removes the no-JavaScript copy of the page once the app has drawn its own heading (a
// copy with a request form: once the app's form is there, what was typed in the served
// one handed over, see served_form.js), the server's <title> once the app has set one,
// and every server head tag at the first client-side navigation (they describe the
// first page only). Should the app not draw (its server unreachable), the copy returns
// into the flow after a while, so that it no longer covers the header.
(function () {
  var d = document, id = __CRAWLER_MAIN_ID__, observer;
  setTimeout(function () {
    var copy = d.getElementById(id);
    if (copy) copy.style.position = "static";
  }, __APP_DRAW_TIMEOUT_MS__);
  function tidy() {
    var copy = d.getElementById(id);
    if (copy && d.querySelector("#main-content h1") && !(copy.querySelector("form")
        && d.querySelector("#main-content ." + __FORM_LOADING_CLASS__))) {
      copy.dispatchEvent(new Event("served-copy-leaves", {bubbles: true}));
      copy.remove();
    }
    var title = d.head.querySelector("title[data-seo]");
    if (title && d.head.querySelectorAll("title").length > 1) {
      title.remove();
      title = null;
    }
    if (d.readyState !== "loading" && !d.getElementById(id) && !title) observer.disconnect();
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
