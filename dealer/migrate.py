"""Bring a database schema to the newest migration, from code (tests, seed, start-up)."""

from __future__ import annotations

from alembic import command
from alembic.config import Config

from dealer.settings import PROJECT_ROOT, get_settings


def alembic_config(url: str | None = None) -> Config:
    config = Config(str(PROJECT_ROOT / "alembic.ini"))
    config.set_main_option("script_location", str(PROJECT_ROOT / "migrations"))
    # "%" would be read as interpolation by configparser (e.g. in passwords).
    database_url = url or get_settings().database_url
    config.set_main_option("sqlalchemy.url", database_url.replace("%", "%%"))
    config.attributes["configure_logging"] = False
    return config


def upgrade(url: str | None = None) -> None:
    """Migrate the database at ``url`` (default: the configured one) to the newest revision."""
    command.upgrade(alembic_config(url), "head")


if __name__ == "__main__":
    upgrade()
