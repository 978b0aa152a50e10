// Loads the outside chat provider's script once, after the visitor allowed 'functional'
// cookies (the panel asks meanwhile), and tells it the visitor opened the chat; answers
// "ready" or "error".
(() => new Promise((resolve) => {
  const src = window.siteConfig && window.siteConfig.chat && window.siteConfig.chat.src;
  const opened = () => { window.dispatchEvent(new CustomEvent("dealer-chat:open"));
    resolve("ready"); };
  if (!src) return resolve("error");
  if (window.dealerChatLoaded) return opened();
  const allowed = () => { const m = document.cookie.match(new RegExp("(?:^|; *)" + __COOKIE__ + "=([^;]*)"));
    try { return !!m && JSON.parse(decodeURIComponent(m[1])).categories.includes("functional"); }
    catch (e) { return false; } };
  const load = () => { const script = document.createElement("script");
    script.async = true; script.src = src;
    script.onload = () => { window.dealerChatLoaded = true; opened(); };
    script.onerror = () => resolve("error");
    setTimeout(() => resolve("error"), __TIMEOUT_MS__);
    document.head.appendChild(script); };
  const wait = () => allowed() ? load() : setTimeout(wait, 250);
  wait();
}))()
