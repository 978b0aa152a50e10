"""Vacancies as pages show them: the card line, salary, filters and JobPosting."""

from __future__ import annotations

import json

import pytest

from dealer.content.repository import ContentRepository
from dealer.locations.repository import LocationView
from dealer.settings import Settings
from dealer.views.vacancies import job_posting, matching, salary_text, summary

pytestmark = pytest.mark.anyio

UTRECHT = LocationView(
    slug="utrecht", name="Rijnland Autogroep Utrecht", brands=(), services=(),
    street="Franciscusdreef 40", postal_code="3565 AC", city="Utrecht", country="NL",
    latitude=52.1, longitude=5.1, vat_number="", iban="", email="", phone="", fax=None,
    opening_hours=(), employees=())


async def story(slug: str, locale: str) -> dict:
    repo = ContentRepository(Settings(content_token=None, public_mocks=False))
    found = await repo.get_vacancy(slug, locale)
    assert found is not None
    return found


async def test_the_demo_has_every_vacancy_in_both_languages() -> None:
    repo = ContentRepository(Settings(content_token=None, public_mocks=False))
    dutch = [s["slug"] for s in await repo.list_vacancies("nl")]
    german = [s["slug"] for s in await repo.list_vacancies("de")]
    assert len(dutch) == 6 and sorted(dutch) == sorted(german)
    assert dutch[0] == "leasespecialist-eindhoven"  # newest first


@pytest.mark.parametrize(("locale", "line", "salary"), [
    ("nl", "Rijnland Autogroep Utrecht · Service · Fulltime", "€ 2.900 – € 3.700 per maand"),
    ("de", "Rijnland Autogroep Utrecht · Service · Vollzeit", "2.900 € – 3.700 € pro Monat"),
])
async def test_a_vacancy_card_in_both_languages(locale: str, line: str, salary: str) -> None:
    shown = summary(await story("autotechnicus-utrecht", locale), {"utrecht": UTRECHT}, locale)
    assert (shown.line, shown.salary) == (line, salary)
    assert shown.href == {"nl": "/vacatures/autotechnicus-utrecht",
                          "de": "/de/stellenangebote/autotechnicus-utrecht"}[locale]


def test_salary_only_when_it_makes_sense() -> None:
    assert salary_text({"salary_min": 3000, "salary_max": 2000}, "nl") == ""
    assert salary_text({"salary_min": "3000", "salary_max": 4000}, "nl") == ""
    assert salary_text({}, "de") == ""


async def test_filters_by_branch_and_department() -> None:
    vacancies = [summary(await story(slug, "nl"), {"utrecht": UTRECHT}, "nl")
                 for slug in ("autotechnicus-utrecht", "verkoopadviseur-amersfoort")]
    assert [v.slug for v in matching(vacancies, department="service")] == [
        "autotechnicus-utrecht"]
    assert [v.slug for v in matching(vacancies, branch="utrecht", department="sales")] == []
    assert len(matching(vacancies)) == 2


async def test_job_posting() -> None:
    posting = job_posting(await story("autotechnicus-utrecht", "de"), UTRECHT, "de")
    assert posting["@type"] == "JobPosting" and posting["title"].startswith("Kfz-Mechatroniker")
    assert posting["jobLocation"]["address"] == {
        "@type": "PostalAddress", "streetAddress": "Franciscusdreef 40",
        "postalCode": "3565 AC", "addressLocality": "Utrecht", "addressCountry": "NL"}
    assert posting["baseSalary"]["value"] == {"@type": "QuantitativeValue", "minValue": 2900,
                                              "maxValue": 3700, "unitText": "MONTH"}
    assert posting["datePosted"] == "2026-10-28"
    assert "<h2>Ihre Aufgaben</h2>" in posting["description"]
    json.dumps(posting)
    assert "jobLocation" not in job_posting(await story("autotechnicus-utrecht", "de"), None,
                                            "de")
