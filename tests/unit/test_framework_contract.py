"""What the site assumes of the framework itself, read from the framework as it is
installed (its browser client's source, its app, its switches and plugin hooks): a new
framework version that changes one fails here, naming it. What it assumes of a real
build is checked in tests/http/test_framework_contract.py."""

from __future__ import annotations

import inspect
from pathlib import Path

import reflex as rx
import reflex_base
from reflex import reflex
from reflex.utils import build as framework_build
from reflex_base.environment import environment
from reflex_base.plugins.base import Plugin

from dealer.framework.app import ERROR_BOUNDARY
from dealer.framework.build import SKIP_COMPILE_VARIABLE
from dealer.framework.theme import RadixThemes
from dealer.framework.uploads import UPLOAD_IN_PROGRESS_REF

CLIENT = Path(reflex_base.__file__).parent / ".templates" / "web" / "utils"


def test_an_upload_in_progress_is_kept_under_the_name_the_site_lets_go() -> None:
    upload = (CLIENT / "helpers" / "upload.js").read_text()
    name = UPLOAD_IN_PROGRESS_REF.format(upload_id="${upload_id}")
    assert f"const upload_ref_name = `{name}`;" in upload, (
        "the framework's client no longer keeps an upload in progress under "
        "UPLOAD_IN_PROGRESS_REF (dealer/framework/uploads.py)")
    # While it is there a new upload of the same drop zone is dropped; when it ends, it goes.
    assert "if (refs[upload_ref_name]) {" in upload
    assert "refs[upload_ref_name] = controller;" in upload
    assert 'controller.signal.addEventListener("abort"' in upload


def test_the_app_has_one_error_boundary_the_site_replaces() -> None:
    wraps = rx.App().app_wraps
    assert ERROR_BOUNDARY in wraps, (
        f"the framework's app no longer wraps every page in an error boundary at "
        f"{ERROR_BOUNDARY} (dealer/framework/app.py use_error_boundary would add a second)")


def test_the_skip_compile_switch_has_the_name_scripts_run_sh_exports() -> None:
    assert environment.REFLEX_SKIP_COMPILE.name == SKIP_COMPILE_VARIABLE, (
        "the framework's switch to skip compiling has another name than "
        "SKIP_COMPILE_VARIABLE (dealer/framework/build.py): every start would compile")


def test_the_theme_plugin_hooks_are_the_frameworks() -> None:
    for hook in ("update_env_json", "post_build", "get_stylesheet_paths",
                 "get_frontend_dependencies"):
        assert hasattr(Plugin, hook), f"the framework's plugins no longer have {hook}"
        assert hook in vars(RadixThemes)
    # The one hook between writing the pages and bundling them (the stylesheet's signature).
    assert "plugin.update_env_json()" in inspect.getsource(framework_build.set_env_json), (
        "the framework no longer asks plugins for update_env_json when it writes env.json "
        "before bundling: the stylesheet would not be signed (dealer/framework/theme.py)")


def test_the_framework_bundles_in_the_call_a_kept_bundle_leaves_out() -> None:
    """dealer/framework/serve.py keeps a bundle by leaving out this one call of the
    framework's prod run; should the framework bundle elsewhere, a restart would serve a
    stale bundle."""
    source = inspect.getsource(reflex._run_prod)
    assert "build.setup_frontend_prod(" in source, (
        "reflex's prod run no longer bundles through build.setup_frontend_prod: "
        "dealer/framework/serve.py cannot keep a built bundle that way")
    assert "build.build(" not in source and "npm" not in source
