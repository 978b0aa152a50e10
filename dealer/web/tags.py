"""The script every page starts with: the data layer with Consent Mode's signals and the
analytics constants, and the browser's share of the settings (which tag manager to load
once the visitor allows it).

Plain Python; the HTTP layer puts it in <head> (allowed by its hash, ``web/csp.py``),
so it runs before the app and before any tag.
"""

from __future__ import annotations

import json
from urllib.parse import urlsplit

from dealer import reporting
from dealer.analytics import constants_script
from dealer.appointments.options import PLUGIN, WIDGET
from dealer.consent import consent_script
from dealer.settings import Settings, get_settings


def browser_settings(settings: Settings, build_id: str = "") -> dict:
    """What the page's scripts need to know of the settings (nothing secret)."""
    config: dict = {}
    if settings.tag_manager_id:
        config["tagManager"] = {"id": settings.tag_manager_id, "src": settings.tag_manager_url}
    if errors := reporting.browser_settings(settings, build_id):
        config["errors"] = errors
    if settings.chat_enabled and settings.chat_provider_script:
        config["chat"] = {"src": settings.chat_provider_script}
    if settings.appointment_script_url:
        config["appointments"] = {
            "src": settings.appointment_script_url, "app": settings.appointment_app,
            "app_code": settings.appointment_app_code,
            "settings": settings.appointment_settings, "widget": WIDGET, "plugin": PLUGIN,
        }
    return config


def tag_origins(settings: Settings) -> list[str]:
    """Other hosts the page may load scripts from and talk to: the configured tag manager,
    error-reporting ingest, chat provider and appointment booking provider."""
    origins = []
    chat_script = settings.chat_provider_script if settings.chat_enabled else None
    for configured, url in ((settings.tag_manager_id, settings.tag_manager_url),
                            (chat_script, chat_script),
                            (settings.appointment_script_url, settings.appointment_script_url)):
        if configured and url:
            parts = urlsplit(url)
            origins.append(f"{parts.scheme}://{parts.netloc}")
    if ingest := reporting.ingest_origin(settings):
        origins.append(ingest)
    return origins


def page_start_script(locale: str, build_id: str = "") -> str:
    # "</" inside a JSON string would end the script element early.
    config = json.dumps(browser_settings(get_settings(), build_id),
                        separators=(",", ":")).replace("</", "<\\/")
    return (f"<script>window.siteConfig={config};{consent_script()}"
            f"{constants_script(locale)}</script>")
