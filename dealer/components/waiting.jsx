// What a part of a page shows while it waits for its state from the server: the first
// child, and the second when `delay` milliseconds have passed without the state and the
// server says it cannot serve visitors (/health: its state store or database is down).
// A server that is merely slow, or a slow connection, keeps the first: its state is on
// its way. The parent drops it when the state arrives. Once it has shown the second, it
// asks /health every few seconds, and when the server is well again the page loads again
// (at most once a minute), as the state it asked for will not come on its own.
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
  const [unavailable, setUnavailable] = useState(false);
  useEffect(() => {
    let down = false;
    let recheck = null;
    const failed = () => {
      down = true;
      setUnavailable(true);
    };
    const check = () => {
      fetch("/health", { cache: "no-store" })
        .then((answer) => {
          if (!answer.ok) failed();
          else if (down) reloadNowAndThen();
        })
        .catch(failed);
    };
    const start = setTimeout(() => {
      check();
      recheck = setInterval(check, RECHECK_MS);
    }, delay);
    return () => {
      clearTimeout(start);
      if (recheck) clearInterval(recheck);
    };
  }, [delay]);
  const [waiting, notice] = Children.toArray(children);
  return unavailable ? notice : waiting;
}
