// What a part of a page shows while it waits for its state from the server: the first
// child, and the second once `delay` milliseconds have passed without the state (the
// server cannot keep visitors' state: its store is down). The parent drops it when the
// state arrives. While it shows the second, it asks /health at once and then every few
// seconds: once the server is well again the page loads again (at most once a minute), as
// the state it asked for will not come on its own.
import { Children, useEffect, useState } from "react";

const RECHECK_MS = 5000;
const RELOAD_GAP_MS = 60000;
const RELOADED_AT = "waiting_reloaded_at";

function reloadNowAndThen() {
  const last = Number(sessionStorage.getItem(RELOADED_AT)) || 0;
  if (Date.now() - last < RELOAD_GAP_MS) return;
  sessionStorage.setItem(RELOADED_AT, String(Date.now()));
  window.location.reload();
}

export function Waiting({ delay, children }) {
  const [late, setLate] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setLate(true), delay);
    return () => clearTimeout(timer);
  }, [delay]);
  useEffect(() => {
    if (!late) return undefined;
    const check = () => {
      fetch("/health", { cache: "no-store" })
        .then((answer) => { if (answer.ok) reloadNowAndThen(); })
        .catch(() => {});
    };
    check();
    const timer = setInterval(check, RECHECK_MS);
    return () => clearInterval(timer);
  }, [late]);
  const [waiting, unavailable] = Children.toArray(children);
  return late ? unavailable : waiting;
}
