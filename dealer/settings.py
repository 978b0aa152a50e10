"""Every setting of the site, typed, read once from the environment.

Variables carry the ``DEALER_`` prefix (``DEALER_SITE_NAME``), except the two
connection URLs that hosting platforms conventionally name ``DATABASE_URL``
and ``REDIS_URL``.
"""

from __future__ import annotations

import ipaddress
import os
from functools import lru_cache
from pathlib import Path
from urllib.parse import urlsplit

from pydantic import AliasChoices, Field, field_validator, model_validator
from pydantic_settings import BaseSettings, SettingsConfigDict

PROJECT_ROOT = Path(__file__).resolve().parent.parent
DATA_DIR = PROJECT_ROOT / "data"
LOOPBACK_NAMES = ("localhost", "127.0.0.1")


class RouteRule(BaseSettings):
    """A configured redirect: ``source`` path to ``target`` (path or URL)."""

    source: str
    target: str | None = None
    status: int = 301


class Settings(BaseSettings):
    model_config = SettingsConfigDict(env_prefix="DEALER_", extra="ignore")

    database_url: str = Field(
        default=f"sqlite:///{DATA_DIR / 'dealer.db'}",
        validation_alias=AliasChoices("DATABASE_URL", "DEALER_DATABASE_URL"),
    )
    redis_url: str | None = Field(
        default=None, validation_alias=AliasChoices("REDIS_URL", "DEALER_REDIS_URL")
    )

    # Public address of the site, used for canonical and hreflang URLs and the page's
    # websocket; unset: http://localhost on the site's port.
    base_url: str = ""
    port: int = 3000
    site_name: str = "Rijnland Autogroep"
    title_separator: str = " | "

    # Content service; without a token the bundled demo content is used.
    content_token: str | None = None
    content_oauth_token: str | None = None
    content_base_url: str = "https://api.storyblok.com/v2"
    content_version: str = "published"
    # How often the site asks the content service whether something was published since:
    # an editor's change (a page, the navigation) shows within this time.
    content_cache_seconds: float = Field(default=60.0, ge=0)
    # Previews of drafts in the content service's visual editor: with the space's preview
    # token and id, a request whose editor token verifies shows draft content, may be
    # framed by the editor's origin and loads the editor's bridge script.
    content_preview_token: str | None = None
    content_space_id: str | None = None
    content_editor_origin: str = "https://app.storyblok.com"
    content_bridge_url: str = "https://app.storyblok.com/f/storyblok-v2-latest.js"
    # Public mock flag: bundled demo data replaces the APIs, with a console warning.
    public_mocks: bool = False

    # Feature flags (SPEC §1).
    feature_wltp: bool = True
    feature_co2_image: bool = True
    feature_trade_in: bool = True
    feature_multi_price: bool = True
    feature_breadcrumbs: bool = True
    feature_employee_display: bool = True

    # Section slugs per locale, overriding the defaults of dealer.routes,
    # e.g. DEALER_SECTION_SLUGS='{"nl": {"stock": "occasions"}}'.
    section_slugs: dict[str, dict[str, str]] = {}
    # Redirect rules, e.g. DEALER_ROUTE_RULES='[{"source": "/oud", "target": "/"}]'.
    route_rules: list[RouteRule] = []

    # Reviews of the branches: Google Business Profile (API v4, ``reviews.list``). Without an
    # account and credentials the bundled demo reviews are served through the same client.
    reviews_base_url: str = "https://mybusiness.googleapis.com/v4"
    reviews_account: str | None = None  # "accounts/1234567890"
    # Branch slug -> the branch's location id at the provider, e.g. {"utrecht": "locations/9"}.
    reviews_locations: dict[str, str] = {}
    # An OAuth 2 access token, or a refresh token with its client to get fresh ones.
    reviews_token: str | None = None
    reviews_refresh_token: str | None = None
    reviews_client_id: str | None = None
    reviews_client_secret: str | None = None
    reviews_token_url: str = "https://oauth2.googleapis.com/token"
    # How long a branch's reviews are served before the feed is asked again.
    reviews_cache_seconds: int = Field(default=900, ge=0)
    # Map tiles for the branch map (after the visitor's consent), e.g.
    # https://tile.example.com/{z}/{x}/{y}.png, and the attribution the tile data asks
    # for; without a tile server the self-drawn overview map is shown.
    map_tile_url: str | None = None
    map_attribution: str = "&copy; OpenStreetMap contributors"

    # The dealer's trade-in valuation service the trade-in buttons lead to (behind its
    # flag); without one they open the site's own trade-in request.
    trade_in_url: str | None = None

    # Delivery of visitor requests (leads) to the dealer.
    smtp_host: str | None = None
    smtp_port: int = 25
    smtp_user: str | None = None
    smtp_password: str | None = None
    # Mail goes encrypted whenever the server offers STARTTLS; with this set, a server that
    # offers none (or a certificate that does not verify) gets no lead at all.
    smtp_require_tls: bool = False
    lead_mail_from: str = "website@localhost"
    lead_mail_to: str | None = None
    lead_webhook_url: str | None = None

    # Files visitors send with a form (CVs): kept here, outside the web root.
    upload_dir: Path = DATA_DIR / "uploads"
    # At most this many megabytes of files waiting for their lead, all visitors together;
    # past it, uploads are refused until files are claimed or expire.
    upload_pending_mb: int = Field(default=1024, ge=0)
    # Free space (MB) the data folders must keep: below it /health warns and uploads are
    # refused, so that the database can still store leads.
    min_free_disk_mb: int = Field(default=512, ge=0)

    # Reverse proxies in front of the site (addresses or networks, comma-separated).
    # Only a connection from one of them may name the visitor's address in
    # X-Forwarded-For; by default nobody may. scripts/run.sh hands the same list to the
    # server (FORWARDED_ALLOW_IPS), which resolves the address for every request.
    trusted_proxies: str = ""
    # Secret for the keyed hash that identifies a visitor for the lead rate limit; without
    # one, a random secret is kept in the data folder (fine for one machine).
    secret_key: str | None = None

    # A visitor's page state on the server is dropped after this long without an event;
    # forms keep their drafts in the browser, so nothing typed is lost.
    state_idle_seconds: int = Field(default=1200, ge=60)
    # HTTPS deployments: how long browsers must use HTTPS only (Strict-Transport-Security);
    # 0 sends no such header.
    hsts_seconds: int = Field(default=0, ge=0)
    # Server processes. Visitor state lives in one process's memory without Redis, so only
    # with Redis may there be several: then one per core unless set.
    workers: int | None = Field(default=None, ge=1, le=64)

    # Tag manager (loaded only after the visitor's 'analytics' consent): its container id,
    # e.g. GTM-XXXXXXX, and the address of its script.
    tag_manager_id: str | None = None
    tag_manager_url: str = "https://www.googletagmanager.com/gtm.js"

    # Error reporting (Sentry): only with both a DSN and an environment name
    # (e.g. production, staging); the browser reports to the same DSN.
    sentry_dsn: str | None = None
    sentry_environment: str | None = None

    # The chat assistant (SPEC §1, §9: enabled). Without a provider's script the site's own
    # assistant answers; with one, that script is loaded once the visitor allows
    # 'functional' cookies and opens the chat (the CSP then allows its host).
    chat_enabled: bool = True
    chat_provider_script: str | None = None

    # Licence plate lookup: the RDW's open data (Socrata) for Dutch plates, and an optional
    # Socrata app token for higher request limits. Empty, or with public mocks, the bundled
    # demo plates are served through the same client.
    plate_lookup_url: str | None = "https://opendata.rdw.nl/resource"
    plate_lookup_app_token: str | None = None

    # Online reservations (a refundable deposit through Mollie, API v2). Without a key, or
    # with public mocks, a demo provider answers through the same client, with a checkout
    # page of the site's own.
    mollie_api_key: str | None = None
    mollie_base_url: str = "https://api.mollie.com/v2"
    reservation_deposit: int = Field(default=250, ge=1, le=10_000)  # euros
    reservation_hold_hours: int = Field(default=48, ge=1, le=24 * 14)

    # Appointment booking provider (SPEC §7): the address of its embed script, loaded once
    # after the visitor's 'functional' consent with these app, app_code and settings and
    # autoenable off. Without it, Buttons with the appointment plugin open the site's own
    # appointment request (stored as a lead).
    appointment_script_url: str | None = None
    appointment_app: str = ""
    appointment_app_code: str = ""
    appointment_settings: dict[str, str | int | float | bool] = {}

    @model_validator(mode="after")
    def _local_address(self) -> Settings:
        if not self.base_url:
            self.base_url = f"http://localhost:{self.port}"
        return self

    @field_validator("trusted_proxies")
    @classmethod
    def _networks(cls, value: str) -> str:
        for part in filter(None, (item.strip() for item in value.split(","))):
            ipaddress.ip_network(part, strict=False)  # a typo stops the site at start
        return value

    @property
    def trusted_proxy_networks(self) -> list[ipaddress.IPv4Network | ipaddress.IPv6Network]:
        return [ipaddress.ip_network(part.strip(), strict=False)
                for part in self.trusted_proxies.split(",") if part.strip()]

    @property
    def demo_mode(self) -> bool:
        """The site shows the bundled demo: mock data asked for, or no content service."""
        return self.public_mocks or not self.content_token

    @property
    def server_workers(self) -> int:
        if not self.redis_url:
            return 1
        return self.workers or os.cpu_count() or 1

    @property
    def own_origins(self) -> list[str]:
        """The origins the site's pages are served from: the base URL's, and on a loopback
        address its other loopback names (localhost and 127.0.0.1 on a developer's box)."""
        parts = urlsplit(self.base_url)
        origins = [f"{parts.scheme}://{parts.netloc}"]
        if parts.hostname in LOOPBACK_NAMES:
            port = f":{parts.port}" if parts.port else ""
            origins += [f"{parts.scheme}://{name}{port}" for name in LOOPBACK_NAMES
                        if name != parts.hostname]
        return origins


@lru_cache(maxsize=1)
def get_settings() -> Settings:
    return Settings()
