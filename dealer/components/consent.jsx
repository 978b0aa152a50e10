// Cookie consent for the whole app: the visitor's choice, the banner (vanilla-cookieconsent,
// loaded only when it has something to show), and what waits for a category (the tag
// manager waits for 'analytics', the map for 'functional').
import { useEffect, useSyncExternalStore } from "react";

const listeners = new Set();
let config = null; // the banner's cookie, categories and texts, from the component's props
let accepted = null; // the accepted categories; null until the visitor has chosen
let banner = null; // the library, once loaded
let tagManagerLoaded = false;

function storedChoice(cookieName) {
  const match = document.cookie.match(new RegExp("(?:^|; *)" + cookieName + "=([^;]*)"));
  if (!match) return null;
  try {
    const categories = JSON.parse(decodeURIComponent(match[1])).categories;
    return Array.isArray(categories) ? categories : null;
  } catch (error) {
    return null;
  }
}

function pageLanguage() {
  return (document.documentElement.lang || "nl").slice(0, 2);
}

function loadTagManager() {
  const tagManager = window.siteConfig && window.siteConfig.tagManager;
  if (tagManagerLoaded || !tagManager) return;
  tagManagerLoaded = true;
  window.dataLayer.push({ "gtm.start": Date.now(), event: "gtm.js" });
  const script = document.createElement("script");
  script.async = true;
  script.src = tagManager.src + "?id=" + encodeURIComponent(tagManager.id);
  document.head.appendChild(script);
}

function chosen(categories, isUpdate) {
  accepted = categories;
  // For the app's other wrappers (the error reporter's replays wait for 'analytics').
  window.consentCategories = categories;
  dispatchEvent(new CustomEvent("consentchoice", { detail: categories }));
  if (isUpdate) window.gtag("consent", "update", window.consentSignals(categories));
  if (categories.includes("analytics")) loadTagManager();
  listeners.forEach((listener) => listener());
}

async function loadBanner() {
  if (banner) return banner;
  const [library] = await Promise.all([
    import("vanilla-cookieconsent"),
    import("vanilla-cookieconsent/dist/cookieconsent.css"),
  ]);
  const categories = {};
  config.categories.forEach((name) => {
    categories[name] = name === "necessary" ? { enabled: true, readOnly: true } : {};
  });
  const onChoice = ({ cookie }) => chosen(cookie.categories, true);
  await library.run({
    autoShow: false,
    hideFromBots: false,
    cookie: {
      ...config.cookie,
      sameSite: "Lax",
      secure: location.protocol === "https:",
    },
    guiOptions: {
      consentModal: { layout: "box", position: "bottom left", equalWeightButtons: true },
      preferencesModal: { layout: "box", equalWeightButtons: true },
    },
    categories,
    onFirstConsent: onChoice,
    onChange: onChoice,
    language: { default: pageLanguage(), translations: config.translations },
  });
  banner = library;
  // The banner speaks the page's language, also after the visitor switched it.
  new MutationObserver(() => library.setLanguage(pageLanguage())).observe(
    document.documentElement, { attributes: true, attributeFilter: ["lang"] });
  return library;
}

function whenIdle(callback) {
  const start = () =>
    "requestIdleCallback" in window ? requestIdleCallback(callback, { timeout: 2000 })
      : setTimeout(callback, 200);
  if (document.readyState === "complete") start();
  else addEventListener("load", start, { once: true });
}

// The footer's 'Cookie settings': the preferences dialog, whatever was chosen before.
export function openConsentPreferences(event) {
  if (event) event.preventDefault();
  loadBanner().then((library) => {
    library.setLanguage(pageLanguage());
    library.showPreferences();
  });
}

// A shortcut that grants one more category and keeps the others as they were (the map's
// 'Show map' grants 'functional').
export function grantConsent(category) {
  loadBanner().then((library) => {
    library.acceptCategory([...(accepted || []), category]);
  });
}

export function withdrawConsent(category) {
  loadBanner().then((library) => {
    library.acceptCategory((accepted || []).filter((name) => name !== category));
  });
}

function subscribe(listener) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

// Whether the visitor has accepted a category: false until the page knows.
export function useConsent(category) {
  return useSyncExternalStore(
    subscribe,
    () => accepted !== null && accepted.includes(category),
    () => false,
  );
}

// Whether the visitor has chosen without a category (refused or withdrew it).
export function useConsentRefused(category) {
  return useSyncExternalStore(
    subscribe,
    () => accepted !== null && !accepted.includes(category),
    () => false,
  );
}

// Wraps the app: reads the stored choice once; a first visit gets the banner after the
// page has been drawn (it lies over the page, so nothing moves).
export function ConsentManager({ settings, children }) {
  useEffect(() => {
    if (config) return;
    config = settings;
    const stored = storedChoice(settings.cookie.name);
    if (stored) {
      chosen(stored, false); // the head script has sent its Consent Mode update
    } else {
      whenIdle(() => loadBanner().then((library) => library.show(true)));
    }
  }, []);
  return children;
}
