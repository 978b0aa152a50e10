"""The bare framework app the benchmarks measure the site against: the configuration
`reflex init` writes, without telemetry."""

import reflex as rx

config = rx.Config(
    app_name="bare_app",
    telemetry_enabled=False,
    plugins=[
        rx.plugins.SitemapPlugin(),
        rx.plugins.TailwindV4Plugin(),
        rx.plugins.RadixThemesPlugin(),
    ],
)
