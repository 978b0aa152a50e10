// The visitor's lists (compare, favourites: JSON arrays the browser keeps) before the app
// has them. A served box of a list (input[data-list]: where the list is kept,
// views/vehicle.py) shows whether the list holds its value, a vehicle; each header count
// (data-count-of, components/layout.counter_link) shows how many the list holds, with a
// served box ticked or unticked since counted at once. A tap on a served box is kept in
// the list at once, as the app keeps it (unless the list is full, data-limit: the box
// stays ticked and the app, adopting it, says why it cannot keep it): the visitor who
// moves on before the app keeps what they ticked, and the app starts from the list with
// it. The app takes the counts' text over as it stands and draws its own once it has the
// lists, which also drops what it does not keep; it adopts the boxes with served_form.js.
(function () {
  var d = document;
  function stored(key) {
    try {
      var list = JSON.parse(localStorage.getItem(key) || "[]");
      return Array.isArray(list) ? list : [];
    } catch (e) { return []; }  // no storage, or not a list: as the app, an empty list
  }
  function keep(box) {
    var key = box.getAttribute("data-list"), list = stored(key);
    var at = list.indexOf(box.value), limit = Number(box.getAttribute("data-limit"));
    if (box.checked && at < 0 && list.length < limit) list.push(box.value);
    else if (!box.checked && at >= 0) list.splice(at, 1);
    else return;
    try { localStorage.setItem(key, JSON.stringify(list)); } catch (e) { /* no storage */ }
  }
  function boxes(key) {
    return [].filter.call(d.querySelectorAll("input[data-list]"), function (box) {
      return !key || box.getAttribute("data-list") === key;
    });
  }
  function count(key) {
    var list = stored(key).filter(function (item, i, all) {
      return typeof item === "string" && all.indexOf(item) === i;
    });
    var n = list.length;
    boxes(key).forEach(function (box) {
      var listed = list.indexOf(box.value) >= 0;
      if (box.checked && !listed) n += 1;
      if (!box.checked && listed) n -= 1;
    });
    return n;
  }
  function show(key) {
    d.querySelectorAll("[data-count-of]").forEach(function (counter) {
      var of = counter.getAttribute("data-count-of");
      if (!key || of === key) counter.textContent = String(count(of));
    });
  }
  function start() {
    boxes().forEach(function (box) {
      box.checked = stored(box.getAttribute("data-list")).indexOf(box.value) >= 0;
    });
    show();
  }
  if (d.readyState === "loading") d.addEventListener("DOMContentLoaded", start); else start();
  d.addEventListener("change", function (e) {
    var box = e.target;
    if (!box.matches || !box.matches("input[data-list]")) return;
    keep(box);
    show(box.getAttribute("data-list"));
  }, true);
})();
