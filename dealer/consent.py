"""Cookie consent: the categories a visitor chooses, what each one allows, and the words of
the consent banner (vanilla-cookieconsent, wrapped in ``components/consent.py``).

Plain Python: the banner's texts come from the catalogs in both languages, and the HTTP
layer writes Google Consent Mode v2's signals into the page's data layer before any tag
can run: 'default' all denied, then an 'update' with the visitor's stored choice.
"""

from __future__ import annotations

from dealer.i18n import LOCALES, N_, gettext
from dealer.javascript import script
from dealer.routes import path_for

# The banner's own cookie holds the choice (JSON with "categories"); twelve months.
CONSENT_COOKIE = "consent"
CONSENT_DAYS = 365
NECESSARY, FUNCTIONAL, ANALYTICS, MARKETING = "necessary", "functional", "analytics", "marketing"
CATEGORIES = (NECESSARY, FUNCTIONAL, ANALYTICS, MARKETING)

# Consent Mode v2 storage types each category grants; what no accepted category grants
# stays denied. Necessary storage (security) is always granted.
SIGNALS: dict[str, tuple[str, ...]] = {
    NECESSARY: ("security_storage",),
    FUNCTIONAL: ("functionality_storage", "personalization_storage"),
    ANALYTICS: ("analytics_storage",),
    MARKETING: ("ad_storage", "ad_user_data", "ad_personalization"),
}
# How long tags wait for the stored choice or the banner's answer before they fire.
WAIT_FOR_UPDATE_MS = 500

# The privacy statement the banner links to (a content page in each language).
PRIVACY_SLUGS = {"nl": "privacy", "de": "datenschutz"}

_CATEGORY_TEXTS = {
    NECESSARY: (N_("Necessary"),
                N_("Needed for the site to work: your language, your comparison and "
                   "favourites, and this choice. Always on.")),
    FUNCTIONAL: (N_("Functional"),
                 N_("Maps of our branches, the chat and the appointment planner, which come "
                    "from other services, and the vehicles you viewed last, kept on your "
                    "device.")),
    ANALYTICS: (N_("Analytics"),
                N_("Anonymous statistics on how the site is used and how fast it is, so we "
                   "can improve it.")),
    MARKETING: (N_("Marketing"),
                N_("Lets our advertising partners show you offers that match your interests "
                   "on other sites.")),
}


def signals(accepted: list[str] | tuple[str, ...]) -> dict[str, str]:
    """Consent Mode v2 state for the accepted categories (necessary is always accepted)."""
    granted = {NECESSARY, *accepted}
    return {signal: "granted" if category in granted else "denied"
            for category, names in SIGNALS.items() for signal in names}


def banner_texts(locale: str) -> dict:
    """The banner's and the preferences dialog's texts in one language, in the shape
    vanilla-cookieconsent reads (``language.translations[locale]``)."""
    privacy = path_for("content", locale, slug=PRIVACY_SLUGS[locale])
    privacy_label = gettext(locale, "Privacy statement")
    sections = [{
        "title": gettext(locale, "Your choice"),
        "description": gettext(locale, "Choose which cookies and similar techniques we may "
                                        "use. You can change this at any time through "
                                        "'Cookie settings' at the bottom of every page."),
    }]
    for category in CATEGORIES:
        title, description = _CATEGORY_TEXTS[category]
        sections.append({"title": gettext(locale, title),
                         "description": gettext(locale, description),
                         "linkedCategory": category})
    sections.append({
        "title": gettext(locale, "More information"),
        "description": f'<a href="{privacy}">{privacy_label}</a>',
    })
    accept_all = gettext(locale, "Accept all")
    reject_all = gettext(locale, "Reject all")
    return {
        "consentModal": {
            "label": gettext(locale, "Cookie consent"),
            "title": gettext(locale, "We respect your privacy"),
            "description": gettext(
                locale, "We use necessary cookies so that the site works. With your "
                        "consent we also use cookies for maps and chat, statistics and "
                        "advertising."),
            "acceptAllBtn": accept_all,
            "acceptNecessaryBtn": reject_all,
            "showPreferencesBtn": gettext(locale, "Choose"),
            "footer": f'<a href="{privacy}">{privacy_label}</a>',
        },
        "preferencesModal": {
            "title": gettext(locale, "Cookie settings"),
            "acceptAllBtn": accept_all,
            "acceptNecessaryBtn": reject_all,
            "savePreferencesBtn": gettext(locale, "Save my choice"),
            "closeIconLabel": gettext(locale, "Close"),
            "sections": sections,
        },
    }


def banner_config() -> dict:
    """What the banner component is given: its cookie, categories and both languages."""
    return {
        "cookie": {"name": CONSENT_COOKIE, "expiresAfterDays": CONSENT_DAYS},
        "categories": list(CATEGORIES),
        "translations": {locale: banner_texts(locale) for locale in LOCALES},
    }


def consent_script() -> str:
    """JavaScript for the start of every page: the data layer, Consent Mode's 'default'
    (all denied but necessary) and, for a returning visitor, an 'update' with the stored
    choice; ``window.consentSignals`` turns a choice into the update's signals."""
    default = signals(()) | {"wait_for_update": WAIT_FOR_UPDATE_MS}
    return script(__file__, "consent_start", default=default, signals=SIGNALS,
                  cookie=CONSENT_COOKIE)
