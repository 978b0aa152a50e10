"""The theme's plugin: Radix Themes as the site takes it, hooked into the framework's
build (``update_env_json`` runs between writing the pages and bundling them,
``post_build`` after bundling)."""

from __future__ import annotations

import gzip
from pathlib import Path

import reflex as rx

from dealer.framework.build import (
    GLOBAL_STYLESHEET,
    bundled_scripts,
    bundled_stylesheets,
    compiled_sources,
    web_dir,
)
from dealer.framework.radix import SERVED_COMPONENTS
from dealer.styles import COLOR_SCALES
from dealer.stylesheets import (
    breakpoint_values,
    component_classes,
    components_signature,
    with_components_signature,
    without_unused_components,
)


def stylesheet_signature(web: Path) -> str:
    """What the site's stylesheet is signed with: the components the compiled pages in
    ``web`` name and those the server's own markup draws."""
    return components_signature([*compiled_sources(web), *SERVED_COMPONENTS])


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
    (``dealer.stylesheets``). The components the server's own markup draws
    (``radix.SERVED_COMPONENTS``) keep their rules whatever the app uses.
    """

    def get_frontend_dependencies(self, **context: object) -> tuple[str, ...]:
        return ()

    def update_env_json(self, **context: object) -> None:
        """Signs the stylesheet with the components the compiled pages name: this is the
        framework's one hook between writing the pages and bundling them."""
        web = web_dir()
        sheet = web / GLOBAL_STYLESHEET
        if not sheet.exists():
            return None
        sheet.write_text(with_components_signature(sheet.read_text(), stylesheet_signature(web)))
        return None

    def post_build(self, **context: object) -> None:
        static = Path(str(context["static_dir"]))
        scripts = bundled_scripts(static)
        used = component_classes(scripts) | SERVED_COMPONENTS
        responsive = breakpoint_values(scripts)
        for sheet in bundled_stylesheets(static):
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
