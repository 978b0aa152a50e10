"""A failing event tells the visitor so in the page's language, and nothing more."""

from __future__ import annotations

import logging

import pytest

from dealer.state.failures import browser_failed, event_failed


def test_the_notice_speaks_the_pages_language_and_keeps_the_cause_in_the_log(
        caplog: pytest.LogCaptureFixture) -> None:
    (_, script), _callback = event_failed(ValueError("database password is hunter2")).args
    notice = str(script)  # the JavaScript the browser runs
    assert "Er ging aan onze kant iets mis." in notice
    assert "Auf unserer Seite ist etwas schiefgelaufen." in notice
    assert "documentElement.lang.startsWith('de')" in notice
    assert "hunter2" not in notice
    (record,) = [r for r in caplog.records if r.levelno == logging.ERROR]
    assert "hunter2" in str(record.exc_info[1])


def test_a_browser_error_report_stays_one_bounded_line(caplog: pytest.LogCaptureFixture) -> None:
    report = "TypeError: x is undefined\nERROR dealer.leads: lead 7 deleted by admin" + "!" * 5000
    browser_failed(Exception(report))
    (record,) = caplog.records
    line = record.getMessage()
    assert "\n" not in line and "<U+000A>ERROR dealer.leads" in line
    assert len(line) < 400
