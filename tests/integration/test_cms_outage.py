"""The content service goes down: content pages keep their last good content, stock still works."""

from __future__ import annotations

import json
import logging

import httpx
import pytest
from sqlalchemy.engine import Engine

from dealer.content import ContentClient, preview
from dealer.content.repository import ContentRepository, DemoSource
from dealer.settings import Settings
from dealer.stock.index import get_index
from dealer.views import content as cms_view
from dealer.views import stock as stock_listing
from dealer.web import describe as pageinfo

pytestmark = pytest.mark.anyio


class ContentService:
    """The delivery API over the bundled demo stories, until it is switched off."""

    def __init__(self) -> None:
        self.demo = DemoSource()
        self.down = False
        self.requests = 0

    async def __call__(self, request: httpx.Request) -> httpx.Response:
        self.requests += 1
        if self.down:
            return httpx.Response(503, json={"error": "Service Unavailable"})
        params = request.url.params
        slug = request.url.path.removeprefix("/v2/cdn/stories").strip("/")
        if slug:
            story = await self.demo.story(slug)
            if story is None:
                return httpx.Response(404, json={"error": "Not found"})
            return httpx.Response(200, json={"story": story, "cv": 1})
        page = int(params.get("page", "1"))
        per_page = int(params.get("per_page", "25"))
        stories, total = await self.demo.stories(
            starts_with=params.get("starts_with", ""),
            components=params.get("filter_query[component][in]", "").split(","),
            sort_by=params.get("sort_by", "position:asc"),
            page=page,
            per_page=per_page,
        )
        return httpx.Response(200, json={"stories": stories, "cv": 1},
                              headers={"total": str(total), "per-page": str(per_page)})


@pytest.fixture
def service(monkeypatch: pytest.MonkeyPatch, fresh_stock_engine: Engine) -> ContentService:
    service = ContentService()
    client = ContentClient(token="tok", base_url="https://content.test/v2", version="draft",
                           transport=httpx.MockTransport(service), rate_limit=100)
    repo = ContentRepository(Settings(content_token="tok", public_mocks=False), client=client,
                             timeout=0.5)
    monkeypatch.setattr(cms_view, "get_repository", lambda: repo)
    monkeypatch.setattr(preview, "get_repository", lambda: repo)
    monkeypatch.setattr(stock_listing, "get_index", lambda: get_index(fresh_stock_engine))
    monkeypatch.setattr(stock_listing, "get_engine", lambda: fresh_stock_engine)
    return service


PATHS = ["/", "/de/ueber-uns", "/nieuws", "/nieuws/gratis-wintercheck", "/merken",
         "/audi/modellen", "/de/cupra/modelle/born"]


async def test_pages_keep_their_last_good_content_while_the_service_is_down(
    service: ContentService, caplog: pytest.LogCaptureFixture
) -> None:
    before = {path: await cms_view.content_view(path) for path in PATHS}
    assert all(view.found and view.blocks for view in before.values())
    assert service.requests > 0

    service.down = True
    with caplog.at_level(logging.WARNING):
        during = {path: await cms_view.content_view(path) for path in PATHS}
    assert "serving the last good answer" in caplog.text
    for path in PATHS:
        assert during[path].info.status == 200, path
        assert during[path].info.heading == before[path].info.heading
        assert json.dumps([vars(b) for b in during[path].blocks], default=vars) == json.dumps(
            [vars(b) for b in before[path].blocks], default=vars)

    # The stock overview does not depend on the content service at all.
    stock = await pageinfo.describe("/voorraad", {"fuel": "electric"})
    assert stock.status == 200 and stock.links



@pytest.fixture
def cold(service: ContentService) -> ContentService:
    """The service down before the site has read anything: nothing to fall back on."""
    service.down = True
    return service


@pytest.mark.parametrize(("path", "heading"), [
    ("/", "Deze pagina is tijdelijk niet beschikbaar"),
    ("/over-ons", "Deze pagina is tijdelijk niet beschikbaar"),
    ("/de/ueber-uns", "Diese Seite ist vorübergehend nicht verfügbar"),
    ("/nieuws/gratis-wintercheck", "Deze pagina is tijdelijk niet beschikbaar"),
    ("/de/cupra/modelle/born", "Diese Seite ist vorübergehend nicht verfügbar"),
])
async def test_an_outage_with_nothing_kept_is_503_never_a_missing_page(
        cold: ContentService, path: str, heading: str) -> None:
    view = await cms_view.content_view(path)
    assert view.info.status == 503 and not view.found
    assert view.info.heading == heading and view.info.title == f"503 - {heading}"
    assert view.back_href == path  # 'try again' loads the page again
    assert (await pageinfo.describe(path)).title == view.info.title


@pytest.mark.parametrize(("path", "message"), [
    ("/nieuws", "Het nieuws kan op dit moment niet worden getoond."),
    ("/de/aktuelles", "Die Neuigkeiten können gerade nicht angezeigt werden."),
])
async def test_the_news_list_says_it_cannot_be_shown(cold: ContentService, path: str,
                                                     message: str) -> None:
    view = await cms_view.content_view(path)
    assert view.info.status == 503 and view.found  # the page, with the reason, no empty list
    assert [block.kind for block in view.blocks] == ["text"]
    assert message in view.blocks[0].html
