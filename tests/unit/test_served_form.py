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


def test_a_form_with_a_file_sends_it_and_asks_for_it_again_after_an_answer() -> None:
    form = get_form("job_application")
    html = form_html(form, "de", values=initial_values(form), request_key=KEY)
    assert html.startswith('<form method="post" enctype="multipart/form-data" id="served-form"')
    cv = re.search(r'<input type="file" [^>]*>', html).group(0)
    assert 'name="cv" required' in cv and 'accept="application/pdf,.pdf,' in cv
    assert ".docx" in cv and ".odt" in cv and 'aria-invalid="false"' in cv
    assert "Bewerbung senden</button>" in html
    # Answered after a send: the file did not come back, and its field says so.
    answered = form_html(form, "nl", values={"name": "Sanne"}, request_key=KEY, sent=True)
    assert re.search(r'<input type="file" [^>]*aria-invalid="true"', answered)
    assert ('class="served-error">Uw browser kan een gekozen bestand niet bewaren als het '
            'formulier terugkomt: kies uw cv opnieuw.</p>') in answered
    refused = form_html(form, "de", values={}, request_key=KEY, sent=True,
                        errors={"cv": "Diese Datei ist leer."})
    assert "Diese Datei ist leer." in refused and "Ihr Browser kann" not in refused
    thanks = thanks_html(get_form("vehicle_test_drive"), "de")
    assert "Vielen Dank! Wir haben Ihre Anfrage erhalten." in thanks
    assert 'href="/de/angebote"' in thanks and thanks.count("<li>") == 3


# --- multipart/form-data: a form with a file ----------------------------------------------

TEXTS = st.text(st.characters(exclude_categories=("Cs",)), max_size=40)
NAMES = st.text(st.characters(exclude_categories=("Cs", "Cc")), min_size=1, max_size=20)


BOUNDARY = "----WebKitFormBoundaryx7Rq2LmZ"


def _quoted(text: str) -> str:
    return text.replace("\r", "%0D").replace("\n", "%0A").replace('"', "%22")


def _lines(text: str) -> str:
    return text.replace("\r\n", "\n").replace("\r", "\n").replace("\n", "\r\n")


def browser_body(fields: dict[str, str], files: dict[str, tuple[str, bytes]]) -> bytes:
    """A form's body as a browser encodes it (HTML's multipart/form-data algorithm)."""
    parts = [f'Content-Disposition: form-data; name="{_quoted(name)}"\r\n\r\n'
             f"{_lines(value)}".encode() for name, value in fields.items()]
    parts += [f'Content-Disposition: form-data; name="{_quoted(name)}"; '
              f'filename="{_quoted(filename)}"\r\nContent-Type: application/pdf\r\n\r\n'
              .encode() + data for name, (filename, data) in files.items()]
    return (b"".join(b"--" + BOUNDARY.encode() + b"\r\n" + part + b"\r\n" for part in parts)
            + b"--" + BOUNDARY.encode() + b"--\r\n")


@given(fields=st.dictionaries(NAMES, TEXTS, max_size=6),
       files=st.dictionaries(NAMES, st.tuples(NAMES, st.binary(min_size=1, max_size=300)),
                             max_size=2))
def test_a_multipart_form_is_read_as_it_was_sent(fields: dict[str, str],
                                                files: dict[str, tuple[str, bytes]]) -> None:
    files = {name: file for name, file in files.items() if name not in fields}
    body, content_type = browser_body(fields, files), f"multipart/form-data; boundary={BOUNDARY}"
    sent = params.multipart_form(body, content_type, max_parts=10)
    assert sent == params.SentForm(
        {_quoted(name): _lines(value) for name, value in fields.items()},
        {_quoted(name): params.SentFile(_quoted(filename), data)
         for name, (filename, data) in files.items()})
    # One part more than allowed, or the body cut short anywhere: no form.
    parts = len(fields) + len(files)
    if parts:
        assert params.multipart_form(body, content_type, max_parts=parts - 1) is None
    assert params.multipart_form(body[:-3], content_type, max_parts=10) is None


@given(body=st.one_of(st.binary(max_size=600), st.builds(
    lambda head, tail: b"--b\r\n" + head + b"\r\n\r\n" + tail,
    st.sampled_from([b"", b"Content-Disposition: form-data",
                     b'content-disposition: form-data; name="cv"; filename="a\\\\b%22.pdf"',
                     b"Content-Disposition: form-data; name=",
                     b'Content-Disposition: attachment; name="x"', b"\xff\xfe: \x00"]),
    st.binary(max_size=200).map(lambda b: b + b"\r\n--b--"))),
       content_type=st.one_of(st.text(max_size=80), st.sampled_from([
           "multipart/form-data; boundary=b", 'multipart/form-data; boundary="b"',
           "multipart/form-data; boundary=", "multipart/form-data; boundary=" + "x" * 71,
           "multipart/form-data; boundary=b ", "multipart/form-data; boundary=\u00e9",
           "multipart/form-data"])),
       max_parts=st.integers(min_value=0, max_value=60))
def test_reading_a_multipart_form_never_raises(body: bytes, content_type: str,
                                               max_parts: int) -> None:
    sent = params.multipart_form(body, content_type, max_parts=max_parts)
    assert sent is None or (
        len(sent.fields) + len(sent.files) <= max_parts
        and all(isinstance(k, str) and isinstance(v, str) for k, v in sent.fields.items())
        and all(isinstance(f.name, str) and isinstance(f.data, bytes)
                for f in sent.files.values()))


def test_a_multipart_form_as_a_browser_sends_it() -> None:
    body = (b"preamble\r\n------WebKitFormBoundaryQ7\r\n"
            b'Content-Disposition: form-data; name="name"\r\n\r\nJ\xc3\xb6rg \xff\r\n'
            b"------WebKitFormBoundaryQ7\r\n"
            b'Content-Disposition: form-data; name="name"\r\n\r\nsecond\r\n'
            b"------WebKitFormBoundaryQ7\r\n"
            b'Content-Disposition: form-data; name="cv"; filename=""\r\n'
            b"Content-Type: application/octet-stream\r\n\r\n\r\n"
            b"------WebKitFormBoundaryQ7--\r\n")
    content_type = "multipart/form-data; boundary=----WebKitFormBoundaryQ7"
    sent = params.multipart_form(body, content_type, max_parts=5)
    # The first value of a name; a file field left empty sends no file.
    assert sent == params.SentForm({"name": "Jörg \ufffd"}, {})
    with_file = body.replace(b'filename=""\r\nContent-Type: application/octet-stream\r\n\r\n',
                             b'filename="cv\\ %221%22; Sanne.pdf"\r\n\r\n%PDF')
    assert params.multipart_form(with_file, content_type, max_parts=5).files == {
        "cv": params.SentFile("cv\\ %221%22; Sanne.pdf", b"%PDF")}
    for refused in ("multipart/form-data", "multipart/mixed; boundary=----WebKitFormBoundaryQ7",
                    "multipart/form-data; boundary=other"):
        assert params.multipart_form(body, refused, max_parts=5) is None
    assert params.multipart_form(body, content_type, max_parts=2) is None
    nameless = body.replace(b'name="cv"; ', b"")
    assert params.multipart_form(nameless, content_type, max_parts=5) is None
