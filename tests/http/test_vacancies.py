"""Vacancies as search engines read them: JobPosting in the raw HTML, a closed or unknown
vacancy is a 404, every vacancy in the sitemap in both languages."""

from __future__ import annotations

import httpx
import pytest

from tests.conftest import Site
from tests.http.test_findable import Head


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
