// The served request form (dealer/views/served_form.py) while the app takes the page over.
// The copy of the page that holds it stays until the app's own form is there; then what
// the visitor typed or chose in the served form goes into the app's fields of the same
// ids (without the "served-" prefix), as typing and clicking there would: the app's own
// events bring it to the server. A field the app shows only later (revealed by a toggle
// the hand-over switched on) is filled in when it appears. Focus moves along.
(function () {
  var d = document, touched = {}, FORM = "served-form", WAIT_MS = 10000;
  function mark(e) {
    var t = e.target;
    if (t && t.form && t.form.id === FORM && t.name) touched[t.name] = true;
  }
  d.addEventListener("input", mark, true);
  d.addEventListener("change", mark, true);

  function give(item) {
    var app = d.getElementById(item.id), el = item.el;
    if (!app) return false;
    if (el.type === "checkbox" || el.type === "radio") {
      if (el.checked !== (app.getAttribute("aria-checked") === "true")) app.click();
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

  // Sent by the page's clean-up script just before it removes the served copy.
  d.addEventListener("served-copy-leaves", function () {
    var form = d.getElementById(FORM);
    if (!form) return;
    // A form the server answered after a send holds what the visitor sent: all of it.
    var all = form.hasAttribute("data-sent"), pending = [];
    Array.prototype.forEach.call(form.elements, function (el) {
      if (!el.name || !el.id || !(all || touched[el.name])) return;
      if (el.type === "radio" && !el.checked) return;
      pending.push({el: el, id: el.id.replace(/^served-/, ""), focused: el === d.activeElement});
    });
    function run() {
      pending = pending.filter(function (item) { return !give(item); });
      return pending.length > 0;
    }
    if (!run()) return;
    var watch = new MutationObserver(function () { if (!run()) watch.disconnect(); });
    watch.observe(d.body, {childList: true, subtree: true});
    setTimeout(function () { watch.disconnect(); }, WAIT_MS);
  });
})();
