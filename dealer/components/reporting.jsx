// The browser's error reporter (@sentry/react), only when the site names a DSN and an
// environment (window.siteConfig.errors). Loaded after the page; errors before that are
// kept and reported once it is there. Nothing a visitor typed is sent: replays mask all
// text and inputs and block all media, events lose cookies, query strings, e-mail
// addresses and phone numbers by the server's rules (hosts, dates and ids stay). Session
// replays record what a visitor does, so they start only once the visitor accepts
// analytics cookies; error reports need no consent.
import { useEffect } from "react";

const FILTERED = "[filtered]";
const early = [];
let reporter = null;
// The server's scrubbing rules (dealer/reporting.py), set when the reporter starts.
let rules = null;

function withoutQuery(url) {
  return typeof url === "string" ? url.split(/[?#]/)[0] : url;
}

function replacement(match, ...args) {
  const found = args[args.length - 1];
  if (found.url) return withoutQuery(found.url).replace(rules.email, FILTERED);
  if (found.parameters) return `[parameters: ${FILTERED}]`;
  return found.kept ? match : FILTERED;
}

function scrub(value, key) {
  if (typeof value === "string") {
    return rules.urlKeys.includes(key)
      ? withoutQuery(value).replace(rules.email, FILTERED)
      : value.replace(rules.text, replacement);
  }
  if (Array.isArray(value)) return value.map((item) => scrub(item));
  if (value && typeof value === "object") {
    const copy = {};
    for (const name in value) copy[name] = scrub(value[name], name);
    return copy;
  }
  return value;
}

function beforeSend(event) {
  if (event.request) {
    delete event.request.cookies;
    delete event.request.query_string;
    delete event.request.data;
    event.request.headers = { "User-Agent": navigator.userAgent };
  }
  delete event.user;
  return scrub(event);
}

function keep(event) {
  early.push(event.error || event.reason);
}

// Errors the app's error boundary caught (its text and the components' stack).
export function reportAppError(message) {
  const error = new Error(String(message).split("\n")[0]);
  if (reporter) reporter.captureException(error);
  else early.push(error);
}

// Runs ``callback`` once the visitor has accepted analytics cookies (consent.jsx tells).
function whenAnalyticsAccepted(callback) {
  const accepted = (categories) => Array.isArray(categories) && categories.includes("analytics");
  if (accepted(window.consentCategories)) return callback();
  const listener = (event) => {
    if (!accepted(event.detail)) return;
    removeEventListener("consentchoice", listener);
    callback();
  };
  addEventListener("consentchoice", listener);
}

async function start(settings) {
  rules = {
    text: new RegExp(settings.scrub.text, "gs"),
    email: new RegExp(settings.scrub.email, "g"),
    urlKeys: settings.scrub.urlKeys,
  };
  const Sentry = await import("@sentry/react");
  Sentry.init({
    dsn: settings.dsn,
    environment: settings.environment,
    release: settings.release,
    sendDefaultPii: false,
    tracesSampleRate: settings.tracesSampleRate,
    replaysSessionSampleRate: settings.replaysSessionSampleRate,
    replaysOnErrorSampleRate: settings.replaysOnErrorSampleRate,
    integrations: [Sentry.browserTracingIntegration()],
    beforeSend,
    beforeSendTransaction: beforeSend,
    beforeBreadcrumb: (breadcrumb) => scrub(breadcrumb),
  });
  removeEventListener("error", keep);
  removeEventListener("unhandledrejection", keep);
  reporter = Sentry;
  early.splice(0).forEach((error) => error && Sentry.captureException(error));
  whenAnalyticsAccepted(() => Sentry.addIntegration(
    // No compression worker: the page's CSP runs no script from blob: addresses.
    Sentry.replayIntegration({
      maskAllText: true, maskAllInputs: true, blockAllMedia: true, useCompression: false,
    }),
  ));
}

export function ErrorReporting({ children }) {
  useEffect(() => {
    const settings = window.siteConfig && window.siteConfig.errors;
    if (!settings || reporter) return;
    addEventListener("error", keep);
    addEventListener("unhandledrejection", keep);
    const load = () => start(settings);
    if (document.readyState === "complete") load();
    else addEventListener("load", load, { once: true });
  }, []);
  return children;
}
