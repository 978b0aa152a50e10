"""A tiled map of the branches (react-leaflet, from the npm registry): tiles from the
configured tile server with its attribution, the view inside the SPEC §9 bounds, a marker
per branch linking to its page. Only drawn after the visitor's consent (the page puts it
behind the consent gate) and only when a tile server is configured."""

from __future__ import annotations

import reflex as rx
from reflex.vars import VarData

from dealer.views.locations import MAP_EAST, MAP_NORTH, MAP_SOUTH, MAP_WEST

LEAFLET = "leaflet@1.9.4"
REACT_LEAFLET = "react-leaflet@5.0.0"
MAX_BOUNDS = [[MAP_SOUTH, MAP_WEST], [MAP_NORTH, MAP_EAST]]


class MapContainer(rx.NoSSRComponent):
    library = REACT_LEAFLET
    tag = "MapContainer"
    lib_dependencies: list[str] = [LEAFLET]  # noqa: RUF012 - a class attribute of Reflex

    bounds: rx.Var[list[list[float]]]
    center: rx.Var[list[float]]
    zoom: rx.Var[int]
    max_bounds: rx.Var[list[list[float]]]
    max_bounds_viscosity: rx.Var[float]
    min_zoom: rx.Var[int]
    scroll_wheel_zoom: rx.Var[bool]


# Leaflet's stylesheet as a file of the build, linked only where a tiled map is drawn (the
# pages that merely could show one do not wait for it).
LEAFLET_CSS = rx.Var(
    "leafletStylesheet",
    _var_data=VarData(imports={"leaflet/dist/leaflet.css?url": [
        rx.ImportVar(tag="leafletStylesheet", is_default=True, install=False)]}),
).to(str)


class TileLayer(rx.NoSSRComponent):
    library = REACT_LEAFLET
    tag = "TileLayer"

    url: rx.Var[str]
    attribution: rx.Var[str]


class CircleMarker(rx.NoSSRComponent):
    library = REACT_LEAFLET
    tag = "CircleMarker"

    center: rx.Var[list[float]]
    radius: rx.Var[int]
    path_options: rx.Var[dict]


class Tooltip(rx.NoSSRComponent):
    library = REACT_LEAFLET
    tag = "Tooltip"

    permanent: rx.Var[bool]
    direction: rx.Var[str]


class Popup(rx.NoSSRComponent):
    library = REACT_LEAFLET
    tag = "Popup"


def _marker(pin: rx.Var) -> rx.Component:
    return CircleMarker.create(
        Tooltip.create(pin.label, direction="top"),
        Popup.create(rx.link(pin.label, href=pin.href, data_testid="map-marker-link")),
        center=[pin.latitude, pin.longitude],
        radius=rx.cond(pin.current, 11, 8),
        # Colours from the theme (site.css): an SVG attribute cannot read them.
        path_options={"className": "location-map__marker", "fillOpacity": 0.9, "weight": 2},
    )


def tile_map(view: rx.Var, label: str, *, tile_url: str, attribution: str) -> rx.Component:
    """The branches in ``view`` on tiles from ``tile_url``, in the part of the world the
    self-drawn map would show (``view.bounds``: around the branches, or SPEC §9's centre
    without any), never beyond SPEC §9's bounds; a new search draws a new map."""
    return rx.box(
        rx.el.link(rel="stylesheet", href=LEAFLET_CSS, custom_attrs={"precedence": "default"}),
        MapContainer.create(
            TileLayer.create(url=tile_url, attribution=attribution),
            rx.foreach(view.pins, _marker),
            bounds=view.bounds,
            max_bounds=MAX_BOUNDS,
            max_bounds_viscosity=1.0,
            min_zoom=4,
            scroll_wheel_zoom=False,
            key=view.bounds.to_string(),
            style={"width": "100%", "height": "100%"},
        ),
        role="group",
        aria_label=label,
        class_name="location-map location-map--tiles",
        data_testid="location-map",
    )
