"""The Radix classes the server's own markup writes (``dealer.framework.radix``) keep
their rules in every build, whatever components the app draws. Whether the installed and
the built stylesheet style each of them: tests/http/test_framework_contract.py."""

from __future__ import annotations

from pathlib import Path

from dealer.framework.build import ASSETS
from dealer.framework.radix import SERVED_COMPONENTS
from dealer.framework.theme import RadixThemes
from dealer.stylesheets import COMPONENT_CLASS
from tests.radix_classes import Stylesheet, class_sets


def test_every_component_the_served_markup_draws_is_kept() -> None:
    missing = {f"{call}: {name}" for call, classes in class_sets()
               for name in COMPONENT_CLASS.findall(classes) if name not in SERVED_COMPONENTS}
    assert not missing, (
        f"radix.SERVED_COMPONENTS lacks component classes the served markup writes, whose "
        f"rules a build would drop when the app does not draw them: {sorted(missing)}")


def test_the_build_keeps_the_served_components_no_script_uses(tmp_path: Path) -> None:
    assets = tmp_path / ASSETS
    assets.mkdir()
    (assets / "index-1.js").write_text('className:"rt-Slider"')
    sheet = assets / "__reflex_global_styles-1.css"
    sheet.write_text(".rt-Badge{color:red}.rt-Slider{color:blue}.rt-Dialog{color:green}")
    RadixThemes().post_build(static_dir=tmp_path)
    assert sheet.read_text() == ".rt-Badge{color:red}.rt-Slider{color:blue}"


def test_a_class_without_its_rules_is_found() -> None:
    css = Stylesheet(".rt-reset{margin:0}.rt-Badge{}.rt-Badge:where(.rt-r-size-2){}"
                     ".rt-Button:where(.rt-variant-soft){}")
    assert css.unstyled("rt-reset rt-Badge rt-r-size-2") == []
    assert css.unstyled("rt-reset rt-Badge rt-r-size-3 rt-variant-soft") == [
        "rt-r-size-3", "rt-variant-soft"]
    assert Stylesheet(".rt-reset{margin:0}").unstyled("rt-reset rt-Badge") == ["rt-Badge"]
