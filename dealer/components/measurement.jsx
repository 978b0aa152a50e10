// Analytics in the browser: clicks on elements that name their event (data-track) and the
// page's Core Web Vitals (web-vitals, loaded after the page) go into the data layer
// through window.vmTrack (the page-start script); nothing is sent from here.
import { useEffect } from "react";

function track(entry) {
  if (window.vmTrack) window.vmTrack([entry]);
}

function trackClick(event) {
  const element = event.target.closest && event.target.closest("[data-track]");
  if (!element) return;
  try {
    track(JSON.parse(element.getAttribute("data-track")));
  } catch (error) {
    // a malformed description measures nothing
  }
}

function reportVital(metric) {
  track({
    event: "vm_web_vital", contract_id: "vm_web_vital", metric: metric.name,
    value: Math.round(metric.value * 1000) / 1000, rating: metric.rating, metric_id: metric.id,
  });
}

let started = false;

export function Measurement({ children }) {
  useEffect(() => {
    if (started) return;
    started = true;
    document.addEventListener("click", trackClick, true);
    const measure = () => import("web-vitals").then(({ onLCP, onINP, onCLS }) => {
      onLCP(reportVital);
      onINP(reportVital);
      onCLS(reportVital);
    });
    if (document.readyState === "complete") measure();
    else addEventListener("load", measure, { once: true });
  }, []);
  return children;
}
