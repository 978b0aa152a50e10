from urllib.parse import urljoin, urlsplit

import pytest
from hypothesis import given
from hypothesis import strategies as st

from dealer import routes
from dealer.brands import PLATFORM_BRANDS
from dealer.routes import SCREENS, counterpart, path_for, resolve, same_site, same_site_target
from dealer.visible import has_unseen

# Every screen of INTERFACES.md with sample parameters.
SAMPLE_PARAMS = {
    "brand": "audi",
    "model": "a3-sportback",
    "vehicle": "vw-golf-123",
    "location": "utrecht",
    "article": "nieuwe-id-7",
    "offer": "id-3-pure",
    "vacancy": "autotechnicus-utrecht",
    "slug": "over-ons/team",
}

EXPECTED = {
    ("content", "nl"): "/over-ons/team",
    ("content", "de"): "/de/over-ons/team",
    ("direct_contact", "nl"): "/direct-contact",
    ("direct_contact", "de"): "/de/direktkontakt",
    ("trade_in", "nl"): "/inruilen",
    ("trade_in", "de"): "/de/inzahlungnahme",
    ("compare", "nl"): "/voorraad/vergelijken",
    ("compare", "de"): "/de/angebote/vergleichen",
    ("favourites", "nl"): "/voorraad/favorieten",
    ("favourites", "de"): "/de/angebote/favorit",
    ("brand_models", "nl"): "/audi/modellen",
    ("brand_models", "de"): "/de/audi/modelle",
    ("brand_model", "nl"): "/audi/modellen/a3-sportback",
    ("brand_model", "de"): "/de/audi/modelle/a3-sportback",
    ("model_contact", "nl"): "/audi/modellen/a3-sportback/contact",
    ("model_contact", "de"): "/de/audi/modelle/a3-sportback/kontakt",
    ("model_test_drive", "nl"): "/audi/modellen/a3-sportback/proefrit",
    ("model_test_drive", "de"): "/de/audi/modelle/a3-sportback/test-drive",
    ("location", "nl"): "/vestigingen/utrecht",
    ("location", "de"): "/de/standorte/utrecht",
    ("brand_location", "nl"): "/audi/vestigingen/utrecht",
    ("brand_location", "de"): "/de/audi/standorte/utrecht",
    ("vehicle", "nl"): "/voorraad/vw-golf-123",
    ("vehicle", "de"): "/de/angebote/vw-golf-123",
    ("brand_vehicle", "nl"): "/audi/voorraad/vw-golf-123",
    ("brand_vehicle", "de"): "/de/audi/angebote/vw-golf-123",
    ("vehicle_interest", "nl"): "/voorraad/vw-golf-123/interesse",
    ("vehicle_interest", "de"): "/de/angebote/vw-golf-123/interesse",
    ("vehicle_test_drive", "nl"): "/voorraad/vw-golf-123/proefrit",
    ("vehicle_test_drive", "de"): "/de/angebote/vw-golf-123/probefahrt",
    ("lease_calculator", "nl"): "/voorraad/vw-golf-123/lease-calculator",
    ("lease_calculator", "de"): "/de/angebote/vw-golf-123/leasingrechner",
    ("brand_vehicle_interest", "nl"): "/audi/voorraad/vw-golf-123/interesse",
    ("brand_vehicle_interest", "de"): "/de/audi/angebote/vw-golf-123/interesse",
    ("brand_vehicle_test_drive", "nl"): "/audi/voorraad/vw-golf-123/proefrit",
    ("brand_vehicle_test_drive", "de"): "/de/audi/angebote/vw-golf-123/probefahrt",
    ("brand_lease_calculator", "nl"): "/audi/voorraad/vw-golf-123/lease-calculator",
    ("brand_lease_calculator", "de"): "/de/audi/angebote/vw-golf-123/leasingrechner",
    ("sitemap", "nl"): "/sitemap.xml",
    ("sitemap", "de"): "/de/sitemap.xml",
    ("stock", "nl"): "/voorraad",
    ("stock", "de"): "/de/angebote",
    ("locations", "nl"): "/vestigingen",
    ("locations", "de"): "/de/standorte",
    ("private_lease_stock", "nl"): "/voorraad/private-lease",
    ("private_lease_stock", "de"): "/de/angebote/privatleasing",
    ("business_finance_stock", "nl"): "/voorraad/zakelijke-financiering",
    ("business_finance_stock", "de"): "/de/angebote/gewerbefinanzierung",
}


def params_for(screen: str) -> dict[str, str]:
    route = routes.route_for(screen, "nl")
    return {name: SAMPLE_PARAMS[name] for name in route.params}


@pytest.mark.parametrize(("screen", "locale"), sorted(EXPECTED))
def test_spec_paths(screen: str, locale: str) -> None:
    assert path_for(screen, locale, **params_for(screen)) == EXPECTED[(screen, locale)]


@pytest.mark.parametrize("screen", sorted(SCREENS))
@pytest.mark.parametrize("locale", ["nl", "de"])
def test_round_trip(screen: str, locale: str) -> None:
    params = params_for(screen)
    assert resolve(path_for(screen, locale, **params)) == (screen, locale, params)


def test_interface_examples() -> None:
    assert path_for("vehicle", "de", vehicle="vw-golf-123") == "/de/angebote/vw-golf-123"
    assert path_for("content", "nl", slug="over-ons/team") == "/over-ons/team"
    assert resolve("/de/angebote/vw-golf-123") == ("vehicle", "de", {"vehicle": "vw-golf-123"})
    assert counterpart("/voorraad/x/proefrit", "de") == "/de/angebote/x/probefahrt"


def test_home_pages() -> None:
    assert path_for("content", "nl") == "/"
    assert path_for("content", "de") == "/de"
    assert resolve("/") == ("content", "nl", {"slug": ""})
    assert resolve("/de") == ("content", "de", {"slug": ""})


def test_specific_screen_beats_catch_all() -> None:
    assert resolve("/voorraad/vergelijken")[0] == "compare"
    assert resolve("/de/angebote/favorit")[0] == "favourites"
    assert resolve("/voorraad")[0] == "stock"
    assert resolve("/voorraad/private-lease")[0] == "private_lease_stock"
    assert resolve("/voorraad/private-lease-123")[0] == "vehicle"
    assert resolve("/over-ons")[0] == "content"
    assert resolve("/de/ueber-uns/team") == ("content", "de", {"slug": "ueber-uns/team"})


def test_query_and_trailing_slash_ignored() -> None:
    assert resolve("/voorraad/abc/?utm_source=x") == ("vehicle", "nl", {"vehicle": "abc"})


@pytest.mark.parametrize("path", [
    "/voorraad/%09", "/de/%09", "/voorraad/\t", "/%0A", "/de/angebote/golf%E2%80%8E-1",
    "/over-ons/team%1B", "/vestigingen/utrecht%E2%80%A8", "/audi/voorraad/%00",
])
def test_a_character_that_does_not_show_is_in_no_page_path(path: str) -> None:
    assert resolve(path) is None


@given(screen=st.sampled_from(sorted(s for s in SCREENS if s != "sitemap")),
       locale=st.sampled_from(["nl", "de"]), data=st.data())
def test_a_resolved_path_never_holds_a_control_character(screen: str, locale: str,
                                                         data: st.DataObject) -> None:
    route = routes.route_for(screen, locale)
    values = st.text(st.characters(codec="utf-8"), min_size=1, max_size=12)
    params = {name: data.draw(values).replace("/", "") or "x" for name in route.params}
    # The server's path as the ASGI server hands it over: percent-decoded.
    path = "/".join(segment.literal if segment.literal is not None
                    else params[segment.param or ""] for segment in route.segments)
    resolved = resolve("/" + path)
    assert resolved is None or not any(map(has_unseen, resolved[2].values())), path


@pytest.mark.parametrize(("path", "expected"), [
    ("/de/audi/modelle/a3/test-drive", "/audi/modellen/a3/proefrit"),
    ("/de", "/"),
    ("/de/angebote/vergleichen", "/voorraad/vergelijken"),
])
def test_counterpart_to_dutch(path: str, expected: str) -> None:
    assert counterpart(path, "nl") == expected


def test_counterpart_keeps_locale_when_same() -> None:
    assert counterpart("/voorraad/abc", "nl") == "/voorraad/abc"


def test_section_slugs_are_overridable(monkeypatch: pytest.MonkeyPatch) -> None:
    from dealer.settings import get_settings

    monkeypatch.setenv("DEALER_SECTION_SLUGS", '{"nl": {"stock": "occasions"}}')
    get_settings.cache_clear()
    routes.route_table.cache_clear()
    try:
        assert path_for("vehicle", "nl", vehicle="x") == "/occasions/x"
        assert path_for("vehicle", "de", vehicle="x") == "/de/angebote/x"
        assert resolve("/occasions/x") == ("vehicle", "nl", {"vehicle": "x"})
    finally:
        monkeypatch.delenv("DEALER_SECTION_SLUGS")
        get_settings.cache_clear()
        routes.route_table.cache_clear()


def test_bad_params_are_refused() -> None:
    with pytest.raises(KeyError):
        path_for("vehicle", "nl")
    with pytest.raises(ValueError):
        path_for("vehicle", "nl", vehicle="a/b")


def test_no_two_routes_share_a_path() -> None:
    registrations = routes.registrations(list(PLATFORM_BRANDS))
    registered = [reflex_route for _, reflex_route, _ in registrations]
    assert len(registered) == len(set(registered))


def test_brand_pages_registered_per_brand() -> None:
    registered = {reflex_route for _, reflex_route, _ in routes.registrations(["audi", "seat"])}
    assert "/audi/voorraad/[vehicle]" in registered
    assert "/de/seat/modelle/[model]/test-drive" in registered
    assert not any("[brand]" in route for route in registered)
    assert "/sitemap.xml" not in registered
    assert {"/", "404", "/de/[[...splat]]"} <= registered


def test_every_screen_has_a_page() -> None:
    from dealer.pages import PAGES

    assert set(SCREENS) - {"sitemap"} == set(PAGES)


@given(path=st.text(max_size=60), query=st.text(max_size=30))
def test_same_site_is_a_path_on_this_site_and_stable(path: str, query: str) -> None:
    location = same_site(path, query)
    assert location.startswith("/") and not location.startswith(("//", "/\\"))
    joined = urlsplit(urljoin("https://site.test/a/b", location))
    assert joined.netloc == "site.test"
    assert same_site_target(location) == location


@pytest.mark.parametrize(("path", "query", "location"), [
    ("/voorraad/", "fuel=diesel", "/voorraad?fuel=diesel"),
    ("//evil.example", "", "/evil.example"),
    ("/\\evil.example/x", "", "/evil.example/x"),
    ("/de/angebote", "q=Golf GTI", "/de/angebote?q=Golf%20GTI"),
    ("/", "", "/"),
])
def test_same_site_keeps_the_page_and_its_query(path: str, query: str, location: str) -> None:
    assert same_site(path, query) == location


def test_route_rules_are_found_by_path_and_broken_links_per_language(
        monkeypatch: pytest.MonkeyPatch) -> None:
    from dealer.settings import RouteRule, get_settings

    monkeypatch.setattr(get_settings(), "route_rules", [
        RouteRule(source="/oud/", target="/"), RouteRule(source="/direct-contact"),
        RouteRule(source="/de/%C3%BCber-uns/"), RouteRule(source="/de/alt", target="/de")])
    assert routes.route_rule("/oud").target == "/"  # a trailing slash aside
    assert routes.route_rule("/de/über-uns").target is None
    assert routes.route_rule("/nieuw") is None
    # The addresses the app shows the broken-link page at, as the browser has them.
    assert routes.broken_links("nl") == ["/direct-contact"]
    assert routes.broken_links("de") == ["/de/%C3%BCber-uns"]


@pytest.mark.parametrize(("path", "query", "location"), [
    ("/voorraad", "q=golf&near=&price_min=&price_max=&sort=price_asc",
     "/voorraad?q=golf&sort=price_asc"),
    ("/de/angebote", "q=&fuel=electric&fuel=hybrid", "/de/angebote?fuel=electric&fuel=hybrid"),
    ("/voorraad", "near=+&within=50", "/voorraad?within=50"),
    ("/voorraad", "q=&near=", "/voorraad"),
    ("/voorraad", "q=golf", None),  # nothing empty: answered as it is
    ("/voorraad", "", None),
    ("/vestigingen", "q=", None),  # not a listing
    ("/voorraad", "q=&" + "x" * 5000, None),  # too long to read
])
def test_a_listing_address_loses_its_empty_fields(path: str, query: str,
                                                  location: str | None) -> None:
    assert routes.without_empty_fields(path, query) == location


@given(path=st.sampled_from(["/voorraad", "/de/angebote", "/volkswagen/voorraad", "/x"]),
       query=st.text(max_size=80))
def test_tidying_a_listing_address_never_raises_and_is_done_at_once(path: str,
                                                                    query: str) -> None:
    location = routes.without_empty_fields(path, query)
    if location is not None:
        assert location.startswith(path)
        tidy_path, _, tidy_query = location.partition("?")
        assert routes.without_empty_fields(tidy_path, tidy_query) is None
