// The content editor's bridge in a preview of drafts: the server adds the bridge's script
// (id content-bridge) to preview answers only. The editor's unsaved changes ('input')
// go to the page's state, which draws them without a reload; a saved or published change
// reloads the page (its drafts are read anew).
import { useEffect } from "react";

const BRIDGE_SCRIPT = "content-bridge";
// The site's websocket takes no message over 64 KB (web/socket_guard.py): a story larger
// than this is shown by reloading its draft instead of sending it.
const LARGEST_LIVE_STORY = 56 * 1024;
let bridge = null;
let handleInput = null;

function connect() {
  if (bridge || !window.StoryblokBridge) return;
  bridge = new window.StoryblokBridge();
  bridge.on(["input", "change", "published"], (event) => {
    if (event && event.action === "input") {
      if (!event.story || !handleInput) return;
      const size = new TextEncoder().encode(JSON.stringify(event.story)).length;
      if (size > LARGEST_LIVE_STORY) window.location.reload();
      else handleInput(event.story);
    } else {
      window.location.reload();
    }
  });
}

export function PreviewBridge({ onInput }) {
  useEffect(() => {
    const script = document.getElementById(BRIDGE_SCRIPT);
    if (!script) return undefined;
    handleInput = onInput;
    if (window.StoryblokBridge) connect();
    else script.addEventListener("load", connect, { once: true });
    return () => {
      if (handleInput === onInput) handleInput = null;
    };
  }, [onInput]);
  return null;
}
