// Runs on the share button's click, so the Web Share sheet and the clipboard still count
// as the visitor's own action; answers what it did.
(async () => {
  const data = {title: document.title, url: location.origin + location.pathname};
  if (navigator.share && (!navigator.canShare || navigator.canShare(data))) {
    try { await navigator.share(data); return "shared"; }
    catch (error) { if (error.name === "AbortError") return "cancelled"; }
  }
  try { await navigator.clipboard.writeText(data.url); return "copied"; }
  catch (error) { return "failed"; }
})()
