// Served forms while the app takes the page over: the request form
// (dealer/views/served_form.py) in the copy of the page that stays until the app's own
// form is there, and the stock filters' search form (dealer/views/stock.py) in the place
// the app draws its own filters. A served form says how its fields find the app's
// (data-adopt): "id", the app's field of the same id without the "served-" prefix;
// "name", the app's field of the same name. When the served form leaves, what the visitor
// typed or chose in it goes into those fields, as typing and clicking there would: the
// app's own events bring it to the server (a chosen file goes into the file input of
// the app's drop zone, which sends it). A field the app shows only later (revealed by a
// toggle the hand-over switched on) is filled in when it appears. Focus moves along.
// (A served box of the visitor's lists is ticked from the list by served_lists.js.)
(function () {
  var d = document, WAIT_MS = 10000, watching = null, focused = null;
  function adoptable(el) {
    return el && el.name && el.form && el.form.hasAttribute("data-adopt") ? el : null;
  }
  function mark(e) {
    var el = adoptable(e.target);
    if (!el) return;
    el.setAttribute("data-touched", "");
    if (!watching) {  // a served form in the app's own places leaves when the app draws
      watching = new MutationObserver(removed);
      watching.observe(d.body, {childList: true, subtree: true});
    }
  }
  d.addEventListener("input", mark, true);
  d.addEventListener("change", mark, true);
  d.addEventListener("focusin", function (e) { focused = adoptable(e.target); }, true);

  function counterpart(item) {
    if (item.by === "id" && item.el.type === "file") {  // the input in the app's drop zone
      var zone = d.getElementById(item.key + "-upload");
      return zone && zone.querySelector("input[type=file]");
    }
    if (item.by === "id") return d.getElementById(item.key);
    var named = d.getElementsByName(item.key);
    for (var i = 0; i < named.length; i++) {
      if (named[i] !== item.el && !adoptable(named[i])) return named[i];
    }
    return null;
  }

  function give(item) {
    var app = counterpart(item), el = item.el;
    if (!app) return false;
    if (el.type === "file") {  // the chosen file, as if chosen in the app's field
      if (!el.files.length) return true;
      app.files = el.files;
      app.dispatchEvent(new Event("change", {bubbles: true}));
    } else if (el.type === "checkbox" || el.type === "radio") {
      var on = app.hasAttribute("aria-checked") ? app.getAttribute("aria-checked") === "true"
        : app.checked;
      if (el.checked !== on) app.click();
    } else if (app.value !== el.value) {
      Object.getOwnPropertyDescriptor(Object.getPrototypeOf(app), "value").set.call(app, el.value);
      app.dispatchEvent(new Event("input", {bubbles: true}));
    }
    if (item.focused) {
      app.focus();
      try { app.setSelectionRange(app.value.length, app.value.length); } catch (e) { /* no caret */ }
    }
    return true;
  }

  function handOver(form) {
    if (form.hasAttribute("data-handed-over")) return;
    form.setAttribute("data-handed-over", "");
    var by = form.getAttribute("data-adopt");
    // A form the server answered after a send holds what the visitor sent: all of it.
    var all = form.hasAttribute("data-sent"), pending = [];
    Array.prototype.forEach.call(form.elements, function (el) {
      if (!el.name || !(all || el.hasAttribute("data-touched"))) return;
      if (el.type === "radio" && !el.checked) return;
      var key = by === "id" ? el.id.replace(/^served-/, "") : el.name;
      if (!key) return;
      pending.push({el: el, by: by, key: key,
                    focused: el === d.activeElement || el === focused});
    });
    function run() {
      pending = pending.filter(function (item) { return !give(item); });
      return pending.length > 0;
    }
    if (!run()) return;
    var watch = new MutationObserver(function () { if (!run()) watch.disconnect(); });
    watch.observe(d.body, {childList: true, subtree: true});
    setTimeout(function () { watch.disconnect(); }, WAIT_MS);
  }

  function formsIn(node) {
    if (node.nodeType !== 1) return [];
    return node.matches("form[data-adopt]") ? [node]
      : Array.prototype.slice.call(node.querySelectorAll("form[data-adopt]"));
  }
  function removed(records) {
    records.forEach(function (record) {
      Array.prototype.forEach.call(record.removedNodes, function (node) {
        formsIn(node).forEach(handOver);
      });
    });
  }
  // Sent by the page's clean-up script just before it removes the served copy.
  d.addEventListener("served-copy-leaves", function (e) { formsIn(e.target).forEach(handOver); });
})();
