// The header's counts of the visitor's lists before the app has them: the served page
// says 0, the lists are kept in the browser. Each count (data-count-of: where its list
// is kept, a JSON array) shows how many the list holds, and a served box of a list
// (input[data-list], views/vehicle.py) ticked or unticked before the app changes it at
// once. The app takes the text over as it stands and draws its own count once it has the
// lists (components/layout.counter_link), which also drops what it does not keep.
(function () {
  var d = document, changed = [];  // the served boxes the visitor ticked or unticked
  function stored(key) {
    try {
      var list = JSON.parse(localStorage.getItem(key) || "[]");
      return Array.isArray(list) ? list.filter(function (item, i) {
        return typeof item === "string" && list.indexOf(item) === i;
      }) : [];
    } catch (e) { return []; }  // no storage, or not a list: as the app, an empty list
  }
  function count(key) {
    var list = stored(key), n = list.length;
    changed.forEach(function (box) {
      if (box.getAttribute("data-list") !== key) return;
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
  if (d.readyState === "loading") d.addEventListener("DOMContentLoaded", function () { show(); });
  else show();
  d.addEventListener("change", function (e) {
    var box = e.target;
    if (!box.matches || !box.matches("input[data-list]")) return;
    if (changed.indexOf(box) < 0) changed.push(box);
    show(box.getAttribute("data-list"));
  }, true);
})();
