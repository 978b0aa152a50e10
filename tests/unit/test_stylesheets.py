"""The theme's stylesheet keeps the rules of the components the pages use, and only those."""

from __future__ import annotations

from dealer.stylesheets import (
    breakpoint_values,
    component_classes,
    components_signature,
    with_components_signature,
    without_unused_components,
)

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


BREAKPOINT_CSS = r"""@media (min-width: 1024px) {
.md\:rt-r-size-7 { font-size: var(--font-size-7); }
.md\:rt-r-size-8 { font-size: var(--font-size-8); }
.md\:-rt-r-mt-2 { margin-top: calc(-1 * var(--space-2)); }
.md\:rt-r-jc-space-between { justify-content: space-between; }
.md\:rt-r-gtc { grid-template-columns: var(--grid-template-columns-md); }
}
@media (min-width: 1280px) { .lg\:rt-r-size-7 { font-size: var(--font-size-7); } }
.rt-r-size-8 { font-size: var(--font-size-8); }
"""


def test_the_values_pages_give_each_breakpoint() -> None:
    built = ('o(a,{as:`h1`,size:{initial:`6`,md:`7`}}),'
             'o(g,{justify:{initial:"start",md:"space-between"}})')
    compiled = 'size:({ ["initial"] : "6", ["md"] : "-2" }),columns:({ ["sm"] : \'3fr 2fr\' })'
    assert breakpoint_values([built, compiled]) == {
        "md": {"7", "space-between", "-2"}, "sm": {"3fr 2fr"}}
    assert breakpoint_values(["const md = 7; x = {md: y}"]) == {}


def test_a_breakpoint_rule_stays_only_for_a_value_some_page_gives_it() -> None:
    css = without_unused_components(BREAKPOINT_CSS, set(),
                                    {"md": {"7", "-2", "space-between", "3fr 2fr"}})
    assert ".md\\:rt-r-size-7 " in css and ".md\\:rt-r-size-8" not in css
    assert ".md\\:-rt-r-mt-2" in css and ".md\\:rt-r-jc-space-between" in css
    assert ".md\\:rt-r-gtc " in css  # its value is its own: var(--grid-template-columns-md)
    assert "lg\\:" not in css and "1280px" not in css  # no page sets anything at lg
    assert ".rt-r-size-8 { font-size: var(--font-size-8); }" in css  # no breakpoint
    assert without_unused_components(BREAKPOINT_CSS, set()) == BREAKPOINT_CSS


def test_the_signature_changes_with_a_breakpoint_value() -> None:
    page = 'size:({ ["initial"] : "6", ["md"] : "7" })'
    assert components_signature([page]) != components_signature([page.replace('"7"', '"8"')])


PAGE = ('import {Box as RadixThemesBox,Select as RadixThemesSelect} from "@radix-ui/themes"\n'
        'jsx(RadixThemesBox, {className: "rt-BaseDialogContent side-sheet"})')


def test_the_signature_changes_when_a_page_takes_another_component() -> None:
    signature = components_signature([PAGE])
    assert components_signature([PAGE, PAGE]) == signature
    assert components_signature([PAGE.replace("Select as", "Slider as")]) != signature
    assert components_signature([PAGE.replace("rt-BaseDialogContent", "rt-Card")]) != signature
    assert components_signature([PAGE + "\nconst label = `Opslaan`;"]) == signature


def test_the_stylesheet_holds_one_signature() -> None:
    once = with_components_signature(CSS, "0123456789ab")
    assert once.endswith(':root{--site-components:"0123456789ab"}\n')
    again = with_components_signature(once, "ba9876543210")
    assert again.count("--site-components") == 1 and '"ba9876543210"' in again
    assert again.startswith(CSS.rstrip("\n"))
