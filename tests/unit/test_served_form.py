"""The served request form's HTML and the reading of what a browser sends with it."""

from __future__ import annotations

import re

from hypothesis import given
from hypothesis import strategies as st

from dealer import params
from dealer.forms.definitions import get_form, initial_values
from dealer.views.served_form import form_html, thanks_html

FORM = "application/x-www-form-urlencoded"
KEY = "k" * 32


@given(body=st.binary(max_size=500), content_type=st.text(max_size=60),
       max_fields=st.integers(min_value=0, max_value=60))
def test_reading_a_sent_form_never_raises(body: bytes, content_type: str, max_fields: int) -> None:
    fields = params.form_fields(body, content_type, max_fields=max_fields)
    assert fields is None or all(isinstance(k, str) and isinstance(v, str)
                                 for k, v in fields.items())


def test_a_sent_form_is_read_as_a_browser_sends_it() -> None:
    body = b"name=J%C3%B6rg+M%C3%BCller&privacy=on&name=second&empty=&bad=%ff"
    assert params.form_fields(body, f"{FORM}; charset=UTF-8", max_fields=10) == {
        "name": "Jörg Müller", "privacy": "on", "empty": "", "bad": "\ufffd"}
    assert params.form_fields(body, "multipart/form-data; boundary=x", max_fields=10) is None
    assert params.form_fields(b"a=1&" * 11, FORM, max_fields=10) is None


def test_the_form_holds_its_fields_and_escapes_what_was_sent() -> None:
    form = get_form("vehicle_test_drive")
    hostile = '"><script>alert(1)</script>'
    html = form_html(form, "nl", values={**initial_values(form), "name": hostile,
                                         "trade_in": "on", "branch": "Utrecht"},
                     request_key=KEY, errors={"email": "<b>Vul</b> een adres in."},
                     failure="Controleer de velden.", branches=["Utrecht", 'A "B"'])
    assert "<script>" not in html and "&quot;&gt;&lt;script&gt;" in html
    assert "&lt;b&gt;Vul&lt;/b&gt;" in html and '<option value="A &quot;B&quot;">' in html
    assert f'<input type="hidden" name="request_key" value="{KEY}">' in html
    assert '<p role="alert" class="served-error">Controleer de velden.</p>' in html
    assert 'name="trade_in" value="on" checked' in html
    # Fields a toggle reveals are not required in the browser: hidden, it could not say why.
    plate = re.search(r'<input [^>]*name="trade_in_plate"[^>]*>', html).group(0)
    assert "required" not in plate and 'maxlength="12"' in plate
    assert re.search(r'<input [^>]*name="email" required[^>]*aria-invalid="true"', html)
    assert html.count('name="time_of_day"') == 3


def test_a_form_with_a_file_says_it_needs_scripts_and_the_thanks_say_what_next() -> None:
    form = get_form("job_application")
    html = form_html(form, "de", values=initial_values(form), request_key=KEY)
    assert "<form" not in html and "JavaScript" in html
    thanks = thanks_html(get_form("vehicle_test_drive"), "de")
    assert "Vielen Dank! Wir haben Ihre Anfrage erhalten." in thanks
    assert 'href="/de/angebote"' in thanks and thanks.count("<li>") == 3
