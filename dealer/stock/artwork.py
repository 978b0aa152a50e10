"""Vehicle pictures of the demo stock: simple SVG drawings per shape, colour and view.

The files are generated once into ``assets/vehicles/`` (``python -m dealer.stock
artwork``) and shipped with the site, so no photo is ever fetched from elsewhere.
"""

from __future__ import annotations

from pathlib import Path
from typing import NamedTuple

from dealer.settings import PROJECT_ROOT
from dealer.stock import catalog

ARTWORK_DIR = PROJECT_ROOT / "assets" / "vehicles"
SHAPES = (*catalog.BODY_STYLES, "van")
VIEWS = ("side", "front", "rear")
PAINT = {
    "black": "#1d1f22", "white": "#f2f2f0", "grey": "#6b7078", "silver": "#b8bcc2",
    "blue": "#1f4e8c", "red": "#b3202a", "green": "#2f5d46", "brown": "#6b4a33",
    "beige": "#d8c7a3", "yellow": "#e8c21c", "orange": "#e06a1b",
}
GLASS = "#9fb4c7"
TYRE = "#222326"
RIM = "#c9ccd1"


class Profile(NamedTuple):
    """Side outline of a shape; the car faces right, the ground is at y = 196."""

    rear_x: int
    front_x: int
    sill_y: int
    belt_y: int
    roof_y: int
    roof_rear_x: int
    roof_front_x: int
    rear_top_y: int
    deck_x: int | None  # end of a saloon's or coupé's boot lid
    hood_y: int
    windshield_x: int
    wheel_r: int
    open_top: bool = False


PROFILES = {
    "hatchback": Profile(62, 338, 168, 124, 80, 100, 236, 96, None, 126, 278, 26),
    "coupe": Profile(40, 360, 168, 126, 92, 150, 238, 118, 96, 130, 292, 26),
    "convertible": Profile(40, 360, 168, 124, 118, 150, 240, 118, 96, 128, 292, 26, True),
    "saloon": Profile(36, 364, 168, 124, 80, 132, 246, 114, 84, 128, 296, 26),
    "estate": Profile(36, 364, 168, 124, 78, 58, 244, 84, None, 128, 294, 26),
    "suv": Profile(46, 354, 164, 112, 62, 66, 250, 70, None, 112, 300, 30),
    "mpv": Profile(44, 356, 166, 116, 58, 56, 236, 64, None, 118, 304, 28),
    "van": Profile(30, 370, 166, 118, 44, 34, 284, 46, None, 118, 336, 28),
}


def _shade(colour: str, factor: float) -> str:
    red, green, blue = (int(colour[i:i + 2], 16) for i in (1, 3, 5))
    return "#" + "".join(f"{max(0, min(255, round(c * factor))):02x}" for c in (red, green, blue))


def _frame(content: str, paint: str) -> str:
    return (
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 240" width="800" height="480">'
        '<defs><linearGradient id="bg" x1="0" y1="0" x2="0" y2="1">'
        '<stop offset="0" stop-color="#f4f6f8"/><stop offset="1" stop-color="#e2e6ea"/>'
        '</linearGradient><linearGradient id="body" x1="0" y1="0" x2="0" y2="1">'
        f'<stop offset="0" stop-color="{_shade(paint, 1.15)}"/>'
        f'<stop offset="1" stop-color="{_shade(paint, 0.8)}"/></linearGradient></defs>'
        '<rect width="400" height="240" fill="url(#bg)"/>'
        '<ellipse cx="200" cy="198" rx="170" ry="9" fill="#000" opacity="0.18"/>'
        f"{content}</svg>\n"
    )


def _wheel(x: int, y: int, radius: int) -> str:
    return (
        f'<circle cx="{x}" cy="{y}" r="{radius}" fill="{TYRE}"/>'
        f'<circle cx="{x}" cy="{y}" r="{round(radius * 0.6)}" fill="{RIM}"/>'
        f'<circle cx="{x}" cy="{y}" r="{round(radius * 0.18)}" fill="#7d8288"/>'
    )


def side(shape: str, paint: str) -> str:
    p = PROFILES[shape]
    rear = f"L{p.rear_x},{p.rear_top_y} "
    if p.deck_x is not None:
        rear += f"L{p.deck_x},{p.rear_top_y} "
    body = (
        f"M{p.rear_x},{p.sill_y} {rear}L{p.roof_rear_x},{p.roof_y} L{p.roof_front_x},{p.roof_y} "
        f"L{p.windshield_x},{p.belt_y} L{p.front_x - 14},{p.hood_y} "
        f"Q{p.front_x},{p.hood_y + 4} {p.front_x},{p.hood_y + 22} L{p.front_x},{p.sill_y} Z"
    )
    glass_rear = max(p.rear_x + 12, (p.deck_x or p.rear_x) + 10)
    if p.open_top:
        glass = (f"M{p.windshield_x - 30},{p.belt_y - 26} L{p.windshield_x - 6},{p.belt_y} "
                 f"L{p.windshield_x - 14},{p.belt_y} Z")
    else:
        glass = (
            f"M{glass_rear},{p.belt_y - 4} L{p.roof_rear_x + 8},{p.roof_y + 7} "
            f"L{p.roof_front_x - 4},{p.roof_y + 7} L{p.windshield_x - 12},{p.belt_y - 4} Z"
        )
    pillar_x = (p.roof_front_x + p.roof_rear_x) // 2 + 10
    rear_wheel, front_wheel = p.rear_x + 58, p.front_x - 62
    return _frame(
        f'<path d="{body}" fill="url(#body)" stroke="{_shade(paint, 0.55)}" stroke-width="2" '
        'stroke-linejoin="round"/>'
        f'<path d="{glass}" fill="{GLASS}" stroke="#4a5563" stroke-width="2" '
        'stroke-linejoin="round"/>'
        + ("" if p.open_top else
           f'<rect x="{pillar_x}" y="{p.roof_y + 6}" width="6" height="{p.belt_y - p.roof_y - 8}" '
           f'fill="{_shade(paint, 0.7)}"/>')
        + f'<rect x="{p.front_x - 10}" y="{p.hood_y + 8}" width="9" height="7" rx="2" '
        'fill="#fff6d5"/>'
        f'<rect x="{p.rear_x}" y="{p.rear_top_y + 12}" width="7" height="9" rx="2" '
        'fill="#c8242f"/>'
        + _wheel(rear_wheel, p.sill_y + 2, p.wheel_r)
        + _wheel(front_wheel, p.sill_y + 2, p.wheel_r),
        paint,
    )


def end_view(shape: str, paint: str, view: str) -> str:
    """The car seen from the front or from behind."""
    p = PROFILES[shape]
    width = 230 if shape == "van" else 210
    left, right = 200 - width // 2, 200 + width // 2
    top = p.roof_y + 6
    inset = 12 if shape in ("van", "mpv", "suv") else 26
    body = (
        f'<rect x="{left}" y="{p.belt_y}" width="{width}" height="{p.sill_y - p.belt_y + 12}" '
        f'rx="18" fill="url(#body)" stroke="{_shade(paint, 0.55)}" stroke-width="2"/>'
    )
    cabin = "" if p.open_top else (
        f'<path d="M{left + inset},{p.belt_y + 2} L{left + inset + 14},{top} '
        f'L{right - inset - 14},{top} L{right - inset},{p.belt_y + 2} Z" fill="url(#body)" '
        f'stroke="{_shade(paint, 0.55)}" stroke-width="2" stroke-linejoin="round"/>'
        f'<path d="M{left + inset + 8},{p.belt_y - 2} L{left + inset + 19},{top + 6} '
        f'L{right - inset - 19},{top + 6} L{right - inset - 8},{p.belt_y - 2} Z" fill="{GLASS}"/>'
    )
    lamp = "#fff6d5" if view == "front" else "#c8242f"
    lamps = (
        f'<rect x="{left + 14}" y="{p.belt_y + 14}" width="38" height="12" rx="5" fill="{lamp}"/>'
        f'<rect x="{right - 52}" y="{p.belt_y + 14}" width="38" height="12" rx="5" fill="{lamp}"/>'
    )
    middle = (
        f'<rect x="{200 - 42}" y="{p.belt_y + 30}" width="84" height="22" rx="6" fill="#2b2e33"/>'
        if view == "front" else
        f'<rect x="{200 - 30}" y="{p.belt_y + 30}" width="60" height="14" rx="2" fill="#f5f5f0" '
        'stroke="#333" stroke-width="1"/>'
    )
    tyres = (
        f'<rect x="{left + 10}" y="{p.sill_y + 4}" width="30" height="24" rx="5" fill="{TYRE}"/>'
        f'<rect x="{right - 40}" y="{p.sill_y + 4}" width="30" height="24" rx="5" fill="{TYRE}"/>'
    )
    return _frame(tyres + cabin + body + lamps + middle, paint)


def render(shape: str, colour: str, view: str) -> str:
    paint = PAINT[colour]
    return side(shape, paint) if view == "side" else end_view(shape, paint, view)


def write_all(directory: Path = ARTWORK_DIR) -> int:
    """Write every shape × colour × view; returns the number of files."""
    directory.mkdir(parents=True, exist_ok=True)
    count = 0
    for shape in SHAPES:
        for colour in catalog.COLOURS:
            for view in VIEWS:
                (directory / f"{shape}-{colour}-{view}.svg").write_text(
                    render(shape, colour, view), encoding="utf-8"
                )
                count += 1
    return count
