// The booking provider's appointment widget (when one is configured: window.siteConfig
// .appointments). Its embed script is loaded once per page life, only after the visitor's
// 'functional' consent, with app, app_code, settings and autoenable=false (the widget opens
// when a Button asks, never by itself). Without it, or when the script does not bring the
// widget and its plugin, Buttons open the site's own appointment request.
import { useEffect, useSyncExternalStore } from "react";

const listeners = new Set();
let status = "idle"; // idle | loading | ready | failed
let opener = null; // the Button that opened the site's appointment dialog

// The dialog is opened by the Button's click, not by a trigger of its own: remember the
// Button so that closing the dialog gives it the focus back.
if (typeof document !== "undefined") {
  document.addEventListener("click", (event) => {
    const button = event.target.closest && event.target.closest("[data-appointment]");
    if (button) opener = button;
  }, true);
}

export function returnFocus(event) {
  if (opener && opener.isConnected) {
    event.preventDefault();
    opener.focus();
  }
}

function provider() {
  return window.siteConfig && window.siteConfig.appointments;
}

function settle(next) {
  status = next;
  listeners.forEach((listener) => listener());
}

function widgetPlugin(config) {
  const widget = window[config.widget];
  if (!widget) {
    console.error("Appointment widget not found: the booking provider's script did not define window." + config.widget);
    return null;
  }
  const plugin = widget.plugins && widget.plugins[config.plugin];
  if (!plugin || typeof plugin.open !== "function") {
    console.warn("Appointment plugin not found: the booking widget has no '" + config.plugin + "' plugin");
    return null;
  }
  return plugin;
}

function load() {
  const config = provider();
  if (!config || status !== "idle") return;
  status = "loading";
  const url = new URL(config.src, location.href);
  url.searchParams.set("app", config.app);
  url.searchParams.set("app_code", config.app_code);
  url.searchParams.set("settings", JSON.stringify(config.settings || {}));
  url.searchParams.set("autoenable", "false");
  const script = document.createElement("script");
  script.async = true;
  script.src = url.href;
  script.onload = () => settle(widgetPlugin(config) ? "ready" : "failed");
  script.onerror = () => {
    console.error("Appointment widget could not be loaded from " + config.src);
    settle("failed");
  };
  document.head.appendChild(script);
}

function subscribe(listener) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

// Whether Buttons open the provider's widget: true once its script has brought the widget
// and the plugin. `consented`: the visitor's 'functional' consent.
export function useAppointmentProvider(consented) {
  useEffect(() => {
    if (consented) load();
  }, [consented]);
  return useSyncExternalStore(subscribe, () => status === "ready", () => false);
}

// A Button's click: the provider's widget with the Button's plugin options.
export function openAppointment(event, options) {
  if (event && event.preventDefault) event.preventDefault();
  const config = provider();
  const plugin = config && widgetPlugin(config);
  if (plugin) plugin.open(options);
}
