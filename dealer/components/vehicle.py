"""Vehicle page pieces: gallery, header, price blocks, data, equipment, location, promises.

Functions of values, Vars and handlers only; the texts they show are translated by the
caller (``dealer.pages.vehicle``) or arrive translated in the Vars.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import reflex as rx
from reflex.event import EventHandler, key_event, pointer_event_spec
from reflex_components_core.el.elements import Div

from dealer import styles
from dealer.components.icons import icon_named
from dealer.components.measurement import last_part, tracked


@dataclass(frozen=True)
class GalleryLabels:
    region: str  # names the gallery for screen readers
    previous: str
    next: str
    fullscreen: str
    close: str
    thumbnails: str


@dataclass(frozen=True)
class GalleryHandlers:
    previous: Any
    next: Any
    select: Any  # (index)
    key: Any  # (key, modifiers)
    swipe_start: Any  # (pointer)
    swipe_end: Any  # (pointer)
    fullscreen: Any  # (open)


class GalleryArea(Div):
    """A div that reports key presses and pointer presses and releases (touch, pen, mouse)."""

    on_key_down: EventHandler[key_event]
    on_pointer_down: EventHandler[pointer_event_spec]
    on_pointer_up: EventHandler[pointer_event_spec]


def opened_apart(href: rx.Var) -> dict[str, rx.Var]:
    """Link props for a target that may be another site's (a new tab, no opener) or one of
    this site's pages (opened in the app)."""
    outside = href.startswith("http")
    return {"target": rx.cond(outside, "_blank", "_self"),
            "rel": rx.cond(outside, "noopener noreferrer", "")}


def link_button(label: Any, href: Any, *, variant: str = "solid", icon: str | None = None,
                size: str = "3", **props: Any) -> rx.Component:
    """A link styled as a button (a real <a>: it navigates, it is not an action)."""
    content = [rx.icon(icon, size=18, aria_hidden="true"), label] if icon else [label]
    return rx.button(rx.link(*content, href=href, **props), as_child=True, variant=variant,
                     size=size)


def _photo_stage(photos: rx.Var, index: rx.Var, labels: GalleryLabels, on: GalleryHandlers,
                 *, fit: str, extra: rx.Component | None = None) -> rx.Component:
    """The current photo with previous/next buttons and the position, swipeable."""
    current = photos[index]
    arrow = {"position": "absolute", "top": "50%", "transform": "translateY(-50%)",
             "radius": "full", "variant": "solid", "color_scheme": "gray", "size": "3"}
    return GalleryArea.create(
        rx.image(src=current.src, alt=current.alt, width="100%", height="100%",
                 object_fit=fit, draggable=False),
        rx.cond(
            photos.length() > 1,
            rx.fragment(
                rx.icon_button(rx.icon("chevron-left"), on_click=on.previous,
                               aria_label=labels.previous, left="0.5rem", **arrow),
                rx.icon_button(rx.icon("chevron-right"), on_click=on.next,
                               aria_label=labels.next, right="0.5rem", **arrow),
            ),
        ),
        rx.badge(index + 1, " / ", photos.length(), position="absolute", bottom="0.5rem",
                 left="0.5rem", variant="solid", color_scheme="gray", high_contrast=True,
                 aria_live="polite",
                 data_testid="gallery-position"),
        extra if extra is not None else rx.fragment(),
        on_pointer_down=on.swipe_start,
        on_pointer_up=on.swipe_end,
        position="relative",
        width="100%",
        height="100%",
        # Vertical scrolling stays the browser's; sideways swipes come to us.
        touch_action="pan-y",
        user_select="none",
    )


def gallery(photos: rx.Var, index: rx.Var, fullscreen: rx.Var, labels: GalleryLabels,
            on: GalleryHandlers) -> rx.Component:
    """Photos with keyboard (arrows, Home, End), swipe, thumbnails and a full-screen view."""
    expand = rx.icon_button(
        rx.icon("maximize-2"), on_click=on.fullscreen(True), aria_label=labels.fullscreen,
        position="absolute", bottom="0.5rem", right="0.5rem", variant="solid",
        color_scheme="gray", size="2",
    )
    # The dialog sits outside the keyboard area: React passes its key events up the
    # component tree through the portal, which would move the photos twice.
    return rx.box(
        GalleryArea.create(
            rx.box(
                _photo_stage(photos, index, labels, on, fit="cover", extra=expand),
                aspect_ratio="4 / 3",  # fixed: no layout shift while photos load
                background_color=rx.color("gray", 3),
                border_radius="var(--radius-3)",
                overflow="hidden",
            ),
            rx.el.ul(
                rx.foreach(
                    photos,
                    lambda photo, position: rx.el.li(
                        rx.el.button(
                            rx.image(src=photo.src, alt="", width="100%", height="100%",
                                     object_fit="cover", loading="lazy"),
                            on_click=on.select(position),
                            aria_label=photo.alt,
                            aria_current=rx.cond(position == index, "true", "false"),
                            class_name="gallery-thumb",
                        ),
                    ),
                ),
                aria_label=labels.thumbnails,
                class_name="gallery-thumbs",
            ),
            role="region",
            aria_roledescription="carousel",
            aria_label=labels.region,
            tab_index=0,
            on_key_down=on.key,
            class_name="vehicle-gallery",
            data_testid="gallery",
        ),
        rx.dialog.root(
            rx.dialog.content(
                rx.dialog.title(labels.region, style=styles.visually_hidden),
                GalleryArea.create(
                    _photo_stage(photos, index, labels, on, fit="contain"),
                    rx.dialog.close(
                        rx.icon_button(rx.icon("x"), aria_label=labels.close, variant="soft",
                                       color_scheme="gray", position="absolute", top="0.5rem",
                                       right="0.5rem"),
                    ),
                    on_key_down=on.key,
                    position="relative",
                    height="min(80vh, 900px)",
                ),
                max_width="min(96vw, 1400px)",
                width="96vw",
                padding="0.5rem",
            ),
            open=fullscreen,
            on_open_change=on.fullscreen,
        ),
        min_width="0",
    )


def vehicle_header(
    heading: rx.Var,
    condition: rx.Var,
    key_facts: rx.Var,
    price: rx.Var,
    price_label: rx.Var,
    price_drop: rx.Var,
    buttons: rx.Component,
    actions: rx.Component | None = None,
    icons: Sequence[str] = (),
) -> rx.Component:
    """Title, key facts (each with one of ``icons``), headline price with its latest drop
    (none when ``price_drop`` is empty) and the main buttons.

    ``actions`` is a separate slot for list controls (compare, favourite) under the
    buttons; it is left out when None.
    """
    return rx.vstack(
        rx.badge(condition, variant="soft", size="2"),
        rx.heading(heading, as_="h1", size=rx.breakpoints(initial="6", md="7")),
        rx.el.ul(
            rx.foreach(
                key_facts,
                lambda fact: rx.el.li(
                    icon_named(fact.icon, icons, size=16, aria_hidden="true"),
                    rx.el.span(fact.label + ": ", style=styles.visually_hidden),
                    rx.text(fact.value, as_="span", size="2"),
                    class_name="key-fact",
                ),
            ),
            class_name="key-facts",
            data_testid="key-facts",
        ),
        rx.box(
            rx.text(price_label, size="2", color=rx.color("gray", 11)),
            rx.text(price, size="7", weight="bold", data_testid="headline-price"),
            rx.cond(price_drop != "", rx.text(price_drop, size="2", weight="medium",
                                              color=rx.color("green", 11),
                                              data_testid="price-drop")),
        ),
        buttons,
        actions if actions is not None else rx.fragment(),
        spacing="3",
        align="start",
        width="100%",
    )


def section(heading: str, *children: rx.Component, **props: Any) -> rx.Component:
    return rx.el.section(
        rx.heading(heading, as_="h2", size="5", margin_bottom="0.75rem"),
        *children,
        margin_top="2.5rem",
        **props,
    )


def facts_table(facts: rx.Var, caption: str | None = None) -> rx.Component:
    return rx.table.root(
        rx.table.body(
            rx.foreach(
                facts,
                lambda fact: rx.table.row(
                    rx.table.row_header_cell(fact.label, font_weight="normal",
                                             color=rx.color("gray", 11)),
                    rx.table.cell(fact.value),
                ),
            ),
        ),
        rx.el.caption(caption, style=styles.visually_hidden) if caption else rx.fragment(),
        variant="ghost",
        size="1",
        width="100%",
    )


def price_blocks(prices: rx.Var, was_label: str,
                 action: Callable[[rx.Var], rx.Component] | None = None) -> rx.Component:
    """The price block of each deal type; ``action`` draws an action's button (default:
    a link styled as a button)."""
    action = action or (lambda item: link_button(item.label, item.href, variant="soft",
                                                 size="2"))
    return rx.grid(
        rx.foreach(
            prices,
            lambda block: rx.el.article(
                rx.heading(block.heading, as_="h3", size="4"),
                rx.hstack(
                    rx.text(block.amount, size="6", weight="bold"),
                    rx.text(block.amount_note, size="2", color=rx.color("gray", 11)),
                    align="baseline",
                    spacing="2",
                    wrap="wrap",
                ),
                rx.cond(
                    block.was != "",
                    rx.text(rx.el.span(was_label + " ", style=styles.visually_hidden),
                            rx.el.s(block.was), size="2", color=rx.color("gray", 11)),
                ),
                facts_table(block.rows),
                rx.cond(block.disclaimer != "",
                        rx.text(block.disclaimer, size="1", color=rx.color("gray", 11))),
                rx.flex(
                    rx.foreach(block.actions, action),
                    wrap="wrap",
                    gap="0.5rem",
                ),
                class_name="price-block",
                data_testid="price-block",
            ),
        ),
        columns=rx.breakpoints(initial="1", sm="2", lg="3"),
        spacing="4",
    )


def equipment(groups: rx.Var) -> rx.Component:
    return rx.grid(
        rx.foreach(
            groups,
            lambda group: rx.box(
                rx.heading(group.heading, as_="h3", size="3", margin_bottom="0.5rem"),
                rx.el.ul(
                    rx.foreach(group.features, lambda item: rx.el.li(rx.text(item, size="2"))),
                    class_name="check-list",
                ),
            ),
        ),
        columns=rx.breakpoints(initial="1", sm="2", lg="3"),
        spacing="5",
    )


def delivery_packages(packages: rx.Var) -> rx.Component:
    return rx.grid(
        rx.foreach(
            packages,
            lambda package: rx.el.article(
                rx.heading(package.name, as_="h3", size="3"),
                rx.text(package.price, size="4", weight="bold"),
                rx.el.ul(
                    rx.foreach(package.contents, lambda item: rx.el.li(rx.text(item, size="2"))),
                    class_name="check-list",
                ),
                class_name="price-block",
            ),
        ),
        columns=rx.breakpoints(initial="1", sm="3"),
        spacing="4",
    )


def co2_scale(scale: rx.Var) -> rx.Component:
    """The CO₂ class graphic: classes A to G as bars, the vehicle's class marked."""
    return rx.el.figure(
        rx.el.figcaption(rx.text(scale.heading, ": ", scale.letter, size="2", weight="bold")),
        rx.box(
            rx.foreach(
                scale.steps,
                lambda step: rx.box(
                    step.letter,
                    class_name=rx.cond(step.active, "co2-step co2-step--active",
                                       "co2-step") + " co2-step--" + step.letter,
                    width=step.width,
                ),
            ),
            aria_hidden="true",
            class_name="co2-scale",
        ),
        margin="0",
    )


def consumption(facts: rx.Var, note: rx.Var, scales: rx.Var) -> rx.Component:
    return rx.grid(
        rx.box(facts_table(facts), rx.text(note, size="1", color=rx.color("gray", 11),
                                           margin_top="0.5rem")),
        rx.vstack(rx.foreach(scales, co2_scale), spacing="4"),
        columns=rx.breakpoints(initial="1", md="2"),
        spacing="5",
    )


def register_facts(facts: rx.Var, source: rx.Var) -> rx.Component:
    """What the vehicle register says, with its source and the day it was asked."""
    return rx.box(
        facts_table(facts),
        rx.text(source, size="1", color=rx.color("gray", 11), margin_top="0.5rem"),
        max_width="40rem",
    )


@dataclass(frozen=True)
class LocationLabels:
    route: str
    opening_hours: str
    close: str
    branch_page: str


def opening_hours_dialog(location: rx.Var, labels: LocationLabels) -> rx.Component:
    return rx.dialog.root(
        rx.dialog.trigger(
            rx.button(rx.icon("clock", size=18, aria_hidden="true"), labels.opening_hours,
                      variant="soft", custom_attrs=tracked(
                          "opening_hours_click", location_id=last_part(location.href, "/"))),
        ),
        rx.dialog.content(
            rx.dialog.title(labels.opening_hours),
            rx.dialog.description(location.name, size="2", color=rx.color("gray", 11)),
            rx.grid(
                rx.foreach(
                    location.schedules,
                    lambda schedule: rx.box(
                        rx.heading(schedule.heading, as_="h3", size="3", margin_y="0.75rem"),
                        rx.table.root(
                            rx.table.body(
                                rx.foreach(
                                    schedule.rows,
                                    lambda day: rx.table.row(
                                        rx.table.row_header_cell(day.day, font_weight="normal"),
                                        rx.table.cell(day.hours,
                                                      rx.cond(day.comment != "",
                                                              rx.text(day.comment, size="1"))),
                                    ),
                                ),
                            ),
                            size="1",
                            variant="ghost",
                        ),
                        data_testid="opening-hours-" + schedule.department,
                    ),
                ),
                columns=rx.breakpoints(initial="1", sm="2"),
                spacing="5",
            ),
            rx.flex(
                rx.dialog.close(rx.button(labels.close, variant="soft", color_scheme="gray")),
                justify="end",
                margin_top="1rem",
            ),
            max_width="640px",
        ),
    )


def location_block(location: rx.Var, labels: LocationLabels) -> rx.Component:
    branch = last_part(location.href, "/")
    return rx.el.address(
        rx.vstack(
            rx.heading(location.name, as_="h3", size="4"),
            rx.text(location.street, rx.el.br(), location.city, rx.el.br(), location.country,
                    size="3"),
            rx.flex(
                rx.link(rx.icon("phone", size=16, aria_hidden="true"), location.phone,
                        href=location.phone_href, size="3",
                        custom_attrs=tracked("location_phone_click", location_id=branch)),
                rx.link(rx.icon("mail", size=16, aria_hidden="true"), location.email,
                        href=location.email_href, size="3",
                        custom_attrs=tracked("location_email_click", location_id=branch)),
                direction="column",
                gap="0.25rem",
            ),
            rx.flex(
                link_button(labels.route, location.route_href, variant="soft", icon="navigation",
                            is_external=True, rel="noopener noreferrer",
                            custom_attrs=tracked("location_route_click", location_id=branch)),
                opening_hours_dialog(location, labels),
                link_button(labels.branch_page, location.href, variant="ghost"),
                wrap="wrap",
                gap="0.5rem",
            ),
            spacing="3",
            align="start",
        ),
        font_style="normal",
        data_testid="location-block",
    )


def promises(items: rx.Var, icons: Sequence[str]) -> rx.Component:
    return rx.el.ul(
        rx.foreach(
            items,
            lambda item: rx.el.li(
                icon_named(item.icon, icons, size=22, color=rx.color("accent", 10),
                           aria_hidden="true"),
                rx.text(item.value, size="3", weight="medium"),
            ),
        ),
        class_name="promises",
    )


def plain_form(*children: rx.Component, **props: Any) -> rx.Component:
    """A form the browser sends itself (to ``action``): the framework's form always handles
    its submit, and stops the browser from sending it."""
    form = rx.el.form(*children, **props)
    form.event_triggers.pop("on_submit", None)
    return form


def reservation(block: rx.Var, vehicle_slug: rx.Var, locale: str) -> rx.Component:
    """Online reservation: that the car is reserved, or the form with the terms and the
    deposit, sent to the site's reservation address (a plain form: it leads to the payment
    provider's checkout)."""
    return rx.cond(
        block.reserved,
        rx.flex(
            rx.badge(block.status, color_scheme="amber", size="3"),
            rx.text(block.note, size="3"),
            align="center", gap="0.75rem", wrap="wrap", data_testid="reserved",
        ),
        plain_form(
            rx.text(block.note, size="3"),
            rx.el.ul(rx.foreach(block.terms, lambda term: rx.el.li(rx.text(term, size="2"))),
                     margin_y="0.75rem", padding_left="1.25rem"),
            rx.el.input(type="hidden", name="vehicle", value=vehicle_slug),
            rx.el.input(type="hidden", name="locale", value=locale),
            rx.grid(
                rx.el.label(rx.text(block.name, size="2", weight="medium"),
                            rx.input(name="name", required=True, max_length=100,
                                     auto_complete="name", size="3")),
                rx.el.label(rx.text(block.email, size="2", weight="medium"),
                            rx.input(name="email", type="email", required=True, max_length=254,
                                     auto_complete="email", size="3")),
                columns=rx.breakpoints(initial="1", sm="2"), gap="0.75rem",
            ),
            rx.el.label(
                rx.el.input(type="checkbox", name="terms", value="accepted", required=True),
                rx.text(block.accept, size="2"),
                display="flex", align_items="center", gap="0.5rem", margin_y="0.75rem",
            ),
            rx.button(rx.icon("lock", size=18, aria_hidden="true"), block.button,
                      type="submit", size="3"),
            method="post", action=block.action, max_width="40rem",
            data_testid="reservation-form",
        ),
    )
