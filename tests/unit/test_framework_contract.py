"""What the site assumes of the framework's browser client, read from the client's own
source as the framework ships it: a new framework version that changes it fails here."""

from __future__ import annotations

from pathlib import Path

import reflex_base

from dealer.framework.uploads import UPLOAD_IN_PROGRESS_REF

CLIENT = Path(reflex_base.__file__).parent / ".templates" / "web" / "utils"


def test_an_upload_in_progress_is_kept_under_the_name_the_site_lets_go() -> None:
    upload = (CLIENT / "helpers" / "upload.js").read_text()
    name = UPLOAD_IN_PROGRESS_REF.format(upload_id="${upload_id}")
    assert f"const upload_ref_name = `{name}`;" in upload
    # While it is there a new upload of the same drop zone is dropped; when it ends, it goes.
    assert "if (refs[upload_ref_name]) {" in upload
    assert "refs[upload_ref_name] = controller;" in upload
    assert 'controller.signal.addEventListener("abort"' in upload
