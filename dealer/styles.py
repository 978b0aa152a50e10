"""Design tokens: one place for the theme, spacing, widths and shared styles.

Everything builds on Radix Themes tokens (``var(--accent-9)``, ``rx.color``),
so colours and dark mode stay consistent across components.
"""

from __future__ import annotations

import gzip
from collections.abc import Iterator
from pathlib import Path

import reflex as rx
from reflex.utils.prerequisites import get_web_dir

from dealer.stylesheets import (
    breakpoint_values,
    component_classes,
    components_signature,
    with_components_signature,
    without_unused_components,
)

THEME_PROPS = {"accent_color": "indigo", "gray_color": "slate", "radius": "medium",
               "scaling": "100%", "appearance": "light"}
THEME = rx.theme(**THEME_PROPS)


# The colour scales the site uses: the theme's accent and gray, and the scales that
# components name (``color_scheme``, ``rx.color``) for states such as errors and "open".
COLOR_SCALES = ("indigo", "slate", "gray", "red", "green", "grass", "amber", "blue")


def compiled_sources(web: Path) -> Iterator[str]:
    """The compiled pages and shared components in the build folder ``web``."""
    for folder in ("app", "app_components", "components", "utils"):
        for path in sorted((web / folder).rglob("*.js*")):
            yield path.read_text(errors="ignore")


class RadixThemes(rx.plugins.RadixThemesPlugin):
    """Radix Themes, without putting the whole library on every page.

    The framework's plugin registers the package as a library for components the server
    sends at run time, which imports all of it (every menu, slider and popover: about
    75 KB gzipped) into the first load of every page. No page draws such components, so
    each page takes only the Radix components it uses; the package is installed for
    those components as for any other. Its stylesheet holds all 31 colour scales (35 of
    its 86 KB gzipped): the site takes the base tokens and ``COLOR_SCALES`` only. And it
    styles every component at every breakpoint: after the build, the rules of
    components no page uses and of breakpoint values no page sets are dropped from the
    site's stylesheet, which is named so that no browser keeps an older cut
    (``dealer.stylesheets``).
    """

    def get_frontend_dependencies(self, **context: object) -> tuple[str, ...]:
        return ()

    def update_env_json(self, **context: object) -> None:
        """Signs the stylesheet with the components the compiled pages name: this is the
        framework's one hook between writing the pages and bundling them."""
        web = Path(get_web_dir())
        sheet = web / "styles" / "__reflex_global_styles.css"
        if not sheet.exists():
            return None
        signature = components_signature(compiled_sources(web))
        sheet.write_text(with_components_signature(sheet.read_text(), signature))
        return None

    def post_build(self, **context: object) -> None:
        assets = Path(str(context["static_dir"])) / "assets"
        scripts = [script.read_text(errors="ignore") for script in assets.glob("*.js")]
        used, responsive = component_classes(scripts), breakpoint_values(scripts)
        for sheet in assets.glob("__reflex_global_styles-*.css"):
            css = without_unused_components(sheet.read_text(), used, responsive)
            sheet.write_text(css)
            # The build's compressed copies of the file must say the same.
            for copy in sheet.parent.glob(sheet.name + ".*"):
                copy.unlink()
            sheet.with_name(sheet.name + ".gz").write_bytes(
                gzip.compress(css.encode(), compresslevel=9))

    def get_stylesheet_paths(self, **context: object) -> tuple[str, ...]:
        package = "@radix-ui/themes"
        return (f"{package}/tokens/base.css",
                *(f"{package}/tokens/colors/{scale}.css" for scale in COLOR_SCALES),
                f"{package}/components.css", f"{package}/utilities.css")

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
