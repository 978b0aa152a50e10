"""Design tokens: one place for the theme, spacing, widths and shared styles.

Everything builds on Radix Themes tokens (``var(--accent-9)``, ``rx.color``),
so colours and dark mode stay consistent across components.
"""

from __future__ import annotations

import reflex as rx

THEME_PROPS = {"accent_color": "indigo", "gray_color": "slate", "radius": "medium",
               "scaling": "100%", "appearance": "light"}
THEME = rx.theme(**THEME_PROPS)


# The colour scales the site uses: the theme's accent and gray, and the scales that
# components name (``color_scheme``, ``rx.color``) for states such as errors and "open".
COLOR_SCALES = ("indigo", "slate", "gray", "red", "green", "grass", "amber", "blue")


FONT_FAMILY = ("'Inter', 'Inter fallback', system-ui, -apple-system, 'Segoe UI', Roboto, "
               "sans-serif")
STYLESHEETS = ["/fonts/fonts.css"]

PAGE_MAX_WIDTH = "1200px"
# Horizontal page padding: phone, tablet, desktop.
PAGE_PADDING_X = ["1rem", "1.5rem", "2rem"]
# Where the stock filters move from the drawer into a sidebar: the framework's third
# responsive step (["none", "none", "block"]).
SIDEBAR_FROM = "48em"

# The lead paragraph under a page's heading.
PAGE_INTRO = {"size": "3", "color": rx.color("gray", 11), "margin_bottom": "1.5rem",
              "max_width": "46rem", "as_": "p"}

BASE_STYLE = {
    "font_family": FONT_FAMILY,
    "::selection": {"background_color": rx.color("accent", 5)},
    rx.link: {"text_decoration": "none"},
}

# The loading bar (SPEC §9): 3 px high, shown after a 200 ms throttle, runs
# 2000 ms, fades out over 500 ms.
LOADING_BAR_HEIGHT = "3px"
LOADING_BAR_THROTTLE_MS = 200
LOADING_BAR_DURATION_MS = 2000
LOADING_BAR_HIDE_MS = 500

header_style = {
    "position": "sticky",
    "top": "0",
    "z_index": "20",
    "background_color": rx.color("gray", 1),
    "border_bottom": f"1px solid {rx.color('gray', 5)}",
}

footer_style = {
    "background_color": rx.color("gray", 12),
    "color": rx.color("gray", 1),
    "margin_top": "4rem",
}

card_style = {
    "border": f"1px solid {rx.color('gray', 5)}",
    "border_radius": "var(--radius-3)",
    "background_color": rx.color("gray", 1),
    "overflow": "hidden",
}

visually_hidden = {
    "position": "absolute",
    "width": "1px",
    "height": "1px",
    "padding": "0",
    "margin": "-1px",
    "overflow": "hidden",
    "clip": "rect(0, 0, 0, 0)",
    "white_space": "nowrap",
    "border": "0",
}
