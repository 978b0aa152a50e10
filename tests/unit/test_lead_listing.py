"""What the dealer's terminal shows of a lead (``python -m dealer.leads list``): what
visitors typed, with every character that does not show as itself as its code."""

from __future__ import annotations

import datetime as dt

import pytest

from dealer.leads.report import AttachmentRow, LeadRow, csv_cell, listed


def row(name: str, email: str = "anna@example.nl", subject: str = "Audi A3",
        filename: str = "cv.pdf") -> LeadRow:
    return LeadRow(id=7, created_at=dt.datetime(2026, 11, 27, 9, 30), form_id="direct_contact",
                   locale="nl", subject=subject, vehicle_slug=None, brand=None, model=None,
                   source_page="/direct-contact", fields={"name": name, "email": email},
                   delivery="email:sent",
                   attachments=(AttachmentRow("cv", filename, 1234, "/data/uploads/x"),))


@pytest.mark.parametrize(("typed", "shown"), [
    ("Anna\x1b]0;owned\x07\x1b[2J", "Anna<U+001B>]0;owned<U+0007><U+001B>[2J"),  # ESC, BEL
    ("Anna\u200eBakker\u200f", "Anna<U+200E>Bakker<U+200F>"),  # direction marks
    ("Anna\u061cBakker", "Anna<U+061C>Bakker"),  # the Arabic letter mark
    ("Anna\u2028#8  2026-11-27 forged", "Anna<U+2028>#8  2026-11-27 forged"),
    ("Anna\r\n#8 forged", "Anna<U+000D><U+000A>#8 forged"),
    ("Anna \u202efdp.exe", "Anna <U+202E>fdp.exe"),
])
def test_every_control_and_format_character_is_listed_as_its_code(typed: str,
                                                                  shown: str) -> None:
    lines = listed(row(typed, email=typed + "@example.nl", subject=typed, filename=typed))
    assert len(lines) == 2  # the lead and its file: no line of the visitor's making
    assert lines[0] == (f"#7  2026-11-27 09:30  direct_contact     {shown}  {shown} "
                        f"<{shown}@example.nl>  [email:sent]")
    assert lines[1] == f"    cv: {shown} (1234 bytes) /data/uploads/x"
    assert all(char.isprintable() for line in lines for char in line)


def test_a_spreadsheet_cell_keeps_its_line_breaks_but_not_the_escapes() -> None:
    assert csv_cell("Beste,\nmijn auto\x1b[2J rijdt \u202eniet") == (
        "Beste,\nmijn auto<U+001B>[2J rijdt <U+202E>niet")
