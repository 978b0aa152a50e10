import reflex as rx

from dealer import build_stamp
from dealer.framework.theme import RadixThemes
from dealer.settings import PROJECT_ROOT, get_settings
from dealer.styles import THEME

settings = get_settings()


class BuildStamp(rx.plugins.Plugin):
    """After each build: its pages were compiled from these sources and settings, so a
    start with nothing changed skips compiling them (scripts/run.sh)."""

    def post_build(self, **context: object) -> None:
        build_stamp.record(PROJECT_ROOT, settings)


config = rx.Config(
    app_name="dealer",
    telemetry_enabled=False,
    show_built_with_reflex=False,
    redis_url=settings.redis_url,
    # One worker keeps visitor state in memory; several share it through Redis.
    state_manager_mode="redis" if settings.redis_url else "memory",
    frontend_port=settings.port,
    backend_port=settings.port,
    api_url=settings.base_url,
    deploy_url=settings.base_url,
    plugins=[RadixThemes(theme=THEME), BuildStamp()],
    disable_plugins=[rx.plugins.SitemapPlugin],
    # Only the site's own pages may call its API and open its websocket.
    cors_allowed_origins=settings.own_origins,
    # Idle visitor state is dropped (in memory and in Redis) after this long.
    redis_token_expiration=settings.state_idle_seconds,
)
