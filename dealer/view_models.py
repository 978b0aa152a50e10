"""Small render-ready records shared by several pages (plain values, no UI code)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass
class Fact:
    """A labelled value: key facts, data table rows, price rows, promises."""

    label: str = ""
    value: str = ""
    icon: str = ""


@dataclass
class Link:
    """A labelled link: filter options, pills, sort choices, page numbers, breadcrumbs."""

    value: str = ""
    label: str = ""
    href: str = ""
    current: bool = False
