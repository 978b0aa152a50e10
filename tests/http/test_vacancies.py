"""Vacancies as search engines read them: JobPosting in the raw HTML, a closed or unknown
vacancy is a 404, every vacancy in the sitemap in both languages; the application form
answered by the server itself, hostile bodies included."""

from __future__ import annotations

import re

import httpx
import pytest

from dealer.web.body_limit import MAX_BODY_BYTES
from tests import documents
from tests.conftest import Site
from tests.http.test_findable import Head
from tests.integration.test_application_post import (
    MULTIPART,
    PAGES,
    PROGRAM,
    WORDS,
    application,
    body,
)


@pytest.mark.parametrize(("path", "title", "city", "language"), [
    ("/vacatures/autotechnicus-utrecht", "Autotechnicus", "Utrecht", "Wat gaat u doen?"),
    ("/de/stellenangebote/kfz-mechatroniker-koeln", "Kfz-Mechatroniker (m/w/d)", "Köln",
     "Ihre Aufgaben"),
])
def test_vacancy_html_carries_its_job_posting(site: Site, path: str, title: str, city: str,
                                               language: str) -> None:
    response = httpx.get(site.url(path))
    assert response.status_code == 200
    head = Head()
    head.feed(response.text)
    assert head.h1 == [title]
    posting = next(data for data in head.json_ld if data.get("@type") == "JobPosting")
    assert posting["title"] == title
    assert language in posting["description"]  # the job's own text, as HTML
    assert posting["hiringOrganization"]["name"] == "Rijnland Autogroep"
    assert posting["jobLocation"]["address"]["addressLocality"] == city
    assert posting["employmentType"] == "FULL_TIME"
    assert posting["datePosted"].startswith("2026-")
    assert posting["validThrough"] == "2027-01-31T23:59:59"
    salary = posting["baseSalary"]
    assert (salary["currency"], salary["value"]["unitText"]) == ("EUR", "MONTH")
    assert 0 < salary["value"]["minValue"] < salary["value"]["maxValue"]
    assert posting["directApply"] is True and posting["url"] == site.url(path)


def test_an_unknown_vacancy_is_not_found(site: Site) -> None:
    response = httpx.get(site.url("/vacatures/astronaut"))
    assert response.status_code == 404
    assert "Deze vacature is niet meer open" in response.text
    assert "JobPosting" not in response.text


def test_every_vacancy_is_in_the_sitemap(site: Site) -> None:
    pages = httpx.get(site.url("/sitemaps/pages.xml")).text
    for path in ("/vacatures", "/de/stellenangebote", "/vacatures/autotechnicus-utrecht",
                 "/de/stellenangebote/autotechnicus-utrecht",
                 "/de/stellenangebote/kfz-mechatroniker-koeln"):
        assert f"<loc>{site.url(path)}</loc>" in pages, path


def test_the_application_is_answered_without_the_app_and_hostile_bodies_never_fail(
        site: Site) -> None:
    path = PAGES["de"]
    page = httpx.get(site.url(path)).text
    assert '<form method="post" enctype="multipart/form-data" id="served-form"' in page
    key = re.search(r'name="request_key" value="([\w-]+)"', page).group(1)
    own = {"origin": site.base_url, "content-type": MULTIPART}
    answers = {
        "program": httpx.post(site.url(path), headers=own,
                              content=body(application(key), ("cv.pdf", PROGRAM))),
        "other site": httpx.post(site.url(path), headers={**own, "origin": "https://evil.example"},
                                 content=body(application(key), ("cv.pdf", documents.pdf()))),
        "too many parts": httpx.post(site.url(path), headers=own,
                                     content=body({f"f{n}": "x" for n in range(60)})),
        "bad boundary": httpx.post(site.url(path), content=body(application(key)),
                                   headers={**own, "content-type": "multipart/form-data; "
                                                                   "boundary=" + "x" * 80}),
        "over the limit": httpx.post(site.url(path), headers=own, content=body(
            application(key), ("cv.pdf", b"%PDF-1.7\n" + b"0" * MAX_BODY_BYTES))),
    }
    assert {what: answer.status_code for what, answer in answers.items()} == {
        "program": 200, "other site": 403, "too many parts": 400, "bad boundary": 400,
        "over the limit": 413}
    words = WORDS["de"]
    assert words["not_a_cv"] in answers["program"].text
    assert 'value="Sanne Visser"' in answers["program"].text
    assert words["too_large"] in answers["over the limit"].text
    for what in ("other site", "too many parts", "bad boundary"):
        assert words["malformed"] in answers[what].text, what
    assert all("Traceback" not in answer.text for answer in answers.values())
