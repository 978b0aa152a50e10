"""The theme's stylesheet keeps the rules of the components the pages use, and only those."""

from __future__ import annotations

from dealer.stylesheets import component_classes, without_unused_components

CSS = """/* Radix */
@import url('./fonts.css');
@layer base;
:root { --accent-9: #3e63dd; }
.rt-Button { height: var(--space-7); }
.rt-Slider, .rt-SliderThumb { width: 100%; }
.rt-Button:where(.rt-variant-solid), .rt-SliderTrack { color: red; }
:is(.rt-Button, .rt-HoverCardContent) > svg { flex: none; }
@media (min-width: 520px) { .rt-r-p-4 { padding: 1rem; } .rt-SliderRange { margin: 0; } }
@media (hover: hover) { .rt-Slider:hover { opacity: 1; } }
@layer components { @supports (color: color(display-p3 1 1 1)) { .rt-Button { color: blue; } } }
@keyframes rt-fade { from { opacity: 0; } to { opacity: 1; } }
.cms-card { border: 1px solid var(--gray-5); }
"""


def test_the_classes_components_write_out_in_their_scripts() -> None:
    scripts = ['className:"rt-Button rt-r-size-3"', "`rt-BaseButton ${x}`", "rt-r-gap-2"]
    assert component_classes(scripts) == {"rt-Button", "rt-BaseButton"}


def test_rules_of_unused_components_go_and_everything_else_stays() -> None:
    css = without_unused_components(CSS, {"rt-Button"})
    assert "@import url('./fonts.css');" in css and "@layer base;" in css
    assert ":root { --accent-9: #3e63dd; }" in css
    assert ".rt-Button { height: var(--space-7); }" in css
    assert "Slider" not in css  # rules, selectors and the groups they leave empty
    assert ".rt-Button:where(.rt-variant-solid){ color: red; }" in css
    # A list inside :is() is one selector; it names an unused component.
    assert "HoverCard" not in css and "> svg" not in css
    assert "@media (min-width: 520px) { .rt-r-p-4 { padding: 1rem; } }" in css
    assert "@media (hover: hover)" not in css
    assert ("@layer components { @supports (color: color(display-p3 1 1 1)) "
            "{ .rt-Button { color: blue; } } }") in css
    assert "@keyframes rt-fade { from { opacity: 0; } to { opacity: 1; } }" in css
    assert ".cms-card { border: 1px solid var(--gray-5); }" in css
    assert "/* Radix */" not in css


def test_with_every_component_used_nothing_changes_but_comments() -> None:
    used = {"rt-Button", "rt-Slider", "rt-SliderThumb", "rt-SliderTrack", "rt-SliderRange",
            "rt-HoverCardContent"}
    assert without_unused_components(CSS, used) == CSS.replace("/* Radix */", "")
