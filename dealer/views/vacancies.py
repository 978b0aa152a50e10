"""Job vacancies as the pages show them: the list (filtered by branch and department),
a vacancy's page with its schema.org JobPosting, and the sitemap's vacancy URLs.

Vacancies are content-service stories (component ``vacancy``, see
``dealer/content/demo/README.md``); the branch a vacancy names comes from the database.
Plain Python: the vacancy page's state, the list block and the HTTP layer all build on
these functions.
"""

from __future__ import annotations

import asyncio
import datetime as dt
import logging
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from dealer.content.repository import ContentRepository, get_repository
from dealer.content.richtext import render
from dealer.db import session_scope
from dealer.i18n import LOCALES, N_, format_date, format_price, gettext
from dealer.locations.repository import LocationView, list_locations
from dealer.pageinfo import Fact, Link, PageInfo, error_page, home_link
from dealer.routes import PageRequest, path_for
from dealer.settings import get_settings
from dealer.stock import catalog
from dealer.stock.labels import label
from dealer.web.seo import absolute_url, page_title

logger = logging.getLogger(__name__)

VACANCIES_TITLE = N_("Vacancies")
LOAD_FAILED = N_("The vacancy could not be loaded. Please try again later.")
EMPLOYMENT_TYPES = {
    "FULL_TIME": N_("Full-time"),
    "PART_TIME": N_("Part-time"),
    "TEMPORARY": N_("Temporary"),
    "INTERN": N_("Internship"),
}
MAX_TEXT = 300


@dataclass
class VacancySummary:
    """A vacancy as lists and forms name it."""

    slug: str = ""
    title: str = ""
    teaser: str = ""
    branch: str = ""  # the branch's name
    branch_slug: str = ""
    department: str = ""  # catalog.DEPARTMENTS key
    line: str = ""  # "Rijnland Autogroep Utrecht · Service · Full-time"
    salary: str = ""  # "€ 2.900 – € 3.700 per month"
    href: str = ""


@dataclass
class VacancyDetail:
    slug: str = ""
    heading: str = ""
    teaser: str = ""
    html: str = ""  # the sanitized description
    facts: list[Fact] = field(default_factory=list)
    breadcrumbs: list[Link] = field(default_factory=list)
    apply_href: str = ""
    branch: str = ""
    branch_href: str = ""


def _text(value: object, limit: int = MAX_TEXT) -> str:
    return value.strip()[:limit] if isinstance(value, str) else ""


def _date(value: object) -> dt.date | None:
    if not isinstance(value, str):
        return None
    try:
        return dt.date.fromisoformat(value[:10])
    except ValueError:
        return None


def _branches() -> dict[str, LocationView]:
    with session_scope() as session:
        return {location.slug: location for location in list_locations(session)}


def salary_text(content: Mapping, locale: str) -> str:
    low, high = content.get("salary_min"), content.get("salary_max")
    if not isinstance(low, int) or not isinstance(high, int) or not 0 < low <= high:
        return ""
    return gettext(locale, "{low} – {high} per month", low=format_price(low, locale),
                   high=format_price(high, locale))


def summary(story: dict, branches: Mapping[str, LocationView], locale: str) -> VacancySummary:
    content = story.get("content") or {}
    branch = branches.get(_text(content.get("location")))
    department = _text(content.get("department"))
    employment = EMPLOYMENT_TYPES.get(_text(content.get("employment_type")))
    line = [branch.name if branch else "",
            label("department", department, locale) if department in catalog.DEPARTMENTS
            else "", gettext(locale, employment) if employment else ""]
    return VacancySummary(
        slug=story["slug"],
        title=_text(content.get("title")) or _text(story.get("name")),
        teaser=_text(content.get("teaser")),
        branch=branch.name if branch else "",
        branch_slug=branch.slug if branch else "",
        department=department if department in catalog.DEPARTMENTS else "",
        line=" · ".join(filter(None, line)),
        salary=salary_text(content, locale),
        href=path_for("vacancy", locale, vacancy=story["slug"]),
    )


async def load_vacancies(locale: str, repo: ContentRepository | None = None
                         ) -> list[VacancySummary]:
    """Every open vacancy of ``locale``, newest first (past their closing date: left out)."""
    stories = await (repo or get_repository()).list_vacancies(locale)
    branches = await asyncio.to_thread(_branches)
    today = dt.date.today()
    return [summary(story, branches, locale) for story in stories
            if (_date((story.get("content") or {}).get("valid_through")) or today) >= today]


def matching(vacancies: Sequence[VacancySummary], *, branch: str = "",
             department: str = "") -> list[VacancySummary]:
    return [vacancy for vacancy in vacancies
            if branch in ("", vacancy.branch_slug) and department in ("", vacancy.department)]


def job_posting(story: dict, branch: LocationView | None, locale: str) -> dict:
    """schema.org JobPosting of a vacancy (Google's job search fields)."""
    content = story.get("content") or {}
    settings = get_settings()
    posted = _date(story.get("first_published_at"))
    closes = _date(content.get("valid_through"))
    data: dict = {
        "@context": "https://schema.org",
        "@type": "JobPosting",
        "title": _text(content.get("title")) or _text(story.get("name")),
        "description": render(content.get("description"))
        if isinstance(content.get("description"), dict) else _text(content.get("teaser")),
        "identifier": {"@type": "PropertyValue", "name": settings.site_name,
                       "value": story["slug"]},
        "hiringOrganization": {"@type": "Organization", "name": settings.site_name,
                               "sameAs": absolute_url("/"), "logo": absolute_url("/logo.svg")},
        "directApply": True,
        "url": absolute_url(path_for("vacancy", locale, vacancy=story["slug"])),
    }
    if posted:
        data["datePosted"] = posted.isoformat()
    if closes:
        data["validThrough"] = f"{closes.isoformat()}T23:59:59"
    if _text(content.get("employment_type")) in EMPLOYMENT_TYPES:
        data["employmentType"] = content["employment_type"]
    if branch is not None:
        data["jobLocation"] = {"@type": "Place", "name": branch.name, "address": {
            "@type": "PostalAddress", "streetAddress": branch.street,
            "postalCode": branch.postal_code, "addressLocality": branch.city,
            "addressCountry": branch.country}}
    if salary_text(content, locale):
        data["baseSalary"] = {"@type": "MonetaryAmount", "currency": "EUR", "value": {
            "@type": "QuantitativeValue", "minValue": content["salary_min"],
            "maxValue": content["salary_max"], "unitText": "MONTH"}}
    return data


def _list_link(locale: str) -> Link:
    return Link(gettext(locale, VACANCIES_TITLE), path_for("vacancies", locale))


async def vacancy_page(path: str, locale: str, params: Mapping[str, str],
                       repo: ContentRepository | None = None
                       ) -> tuple[PageInfo, VacancyDetail | None]:
    """A vacancy's page info and what the page shows; 404 when it is not (or no longer)
    open."""
    slug = params.get("vacancy", "")
    story = await (repo or get_repository()).get_vacancy(slug, locale)
    content = (story or {}).get("content") or {}
    closes = _date(content.get("valid_through"))
    if story is None or (closes is not None and closes < dt.date.today()):
        return error_page("vacancy_not_found", path, locale, "vacancy", params=dict(params)), None
    branches = await asyncio.to_thread(_branches)
    shown = summary(story, branches, locale)
    branch = branches.get(shown.branch_slug)
    posted = _date(story.get("first_published_at"))
    hours = _text(content.get("hours_per_week"), 20)
    employment = EMPLOYMENT_TYPES.get(_text(content.get("employment_type")))
    facts = [
        Fact(gettext(locale, "Branch"), shown.branch),
        Fact(gettext(locale, "Department"), label("department", shown.department, locale)
             if shown.department else ""),
        Fact(gettext(locale, "Employment"), gettext(locale, employment) if employment else ""),
        Fact(gettext(locale, "Hours"), gettext(locale, "{hours} hours a week", hours=hours)
             if hours else ""),
        Fact(gettext(locale, "Salary"), shown.salary),
        Fact(gettext(locale, "Posted"), format_date(posted, locale) if posted else ""),
        Fact(gettext(locale, "Apply by"), format_date(closes, locale) if closes else ""),
    ]
    facts = [fact for fact in facts if fact.value]
    breadcrumbs = [home_link(locale), _list_link(locale), Link(shown.title, path)]
    info = PageInfo(
        screen="vacancy",
        locale=locale,
        params=dict(params),
        path=path,
        title=page_title(gettext(locale, "{job} in {place}", job=shown.title,
                                 place=branch.city) if branch else shown.title),
        heading=shown.title,
        description=_text(content.get("meta_description")) or shown.teaser,
        facts=facts,
        links=[Link(gettext(locale, "Apply for this job"),
                    path_for("vacancy_apply", locale, vacancy=slug))],
        breadcrumbs=breadcrumbs,
        image="/logo.svg",
        json_ld=[job_posting(story, branch, locale)],
    )
    return info, VacancyDetail(
        slug=slug,
        heading=shown.title,
        teaser=shown.teaser,
        html=render(content["description"]) if isinstance(content.get("description"), dict)
        else "",
        facts=facts,
        breadcrumbs=breadcrumbs,
        apply_href=path_for("vacancy_apply", locale, vacancy=slug),
        branch=shown.branch,
        branch_href=path_for("location", locale, location=shown.branch_slug)
        if shown.branch_slug else "",
    )


async def describe_vacancy(request: PageRequest) -> PageInfo:
    return (await vacancy_page(request.path, request.locale, request.params))[0]


async def sitemap_paths(repo: ContentRepository | None = None) -> list[dict[str, str]]:
    """Each open vacancy's path per locale that has it."""
    paths: dict[str, dict[str, str]] = {}
    for locale in LOCALES:
        for vacancy in await load_vacancies(locale, repo):
            paths.setdefault(vacancy.slug, {})[locale] = vacancy.href
    return list(paths.values())
