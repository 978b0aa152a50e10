"""One checkbox whose handler changes a count, on a page without and a page with a route
parameter: the floor under every page of the framework."""

import reflex as rx


class CountState(rx.State):
    count: int = 0

    @rx.event
    def count_tap(self, _checked: bool) -> None:
        self.count += 1


def index() -> rx.Component:
    return rx.vstack(
        rx.heading("Bare"),
        rx.checkbox("Electric", on_change=CountState.count_tap),
        rx.text(CountState.count, id="count"),
    )


app = rx.App()
app.add_page(index, route="/")
app.add_page(index, route="/items/[item]")
