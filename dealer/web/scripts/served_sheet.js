// The phone's served filter sheet (site.css: the served filters shown as the :target of
// the Filters link) before the app has taken over: opening it moves the focus into it,
// and Escape closes it and gives the focus back to the link that opened it, as the app's
// own sheet does. Without JavaScript the sheet opens and closes by its links alone.
(function () {
  var d = document;
  function shownClose() {  // the open sheet's close link; none when no sheet is shown
    var sheet = location.hash.length > 1 && d.getElementById(location.hash.slice(1));
    var close = sheet && sheet.querySelector(".filter-sheet-close");
    return close && close.offsetParent !== null ? close : null;
  }
  function focusSheet() {
    var close = shownClose();
    if (close) close.focus();
  }
  addEventListener("hashchange", focusSheet);
  d.addEventListener("DOMContentLoaded", focusSheet);
  d.addEventListener("keydown", function (e) {
    var close = e.key === "Escape" && shownClose();
    if (!close) return;
    e.preventDefault();
    var opener = close.getAttribute("href");
    location.hash = opener;
    var link = d.getElementById(opener.slice(1));
    if (link) link.focus();
  });
})();
