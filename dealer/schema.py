"""Every database table, registered on one metadata for migrations and checks."""

from __future__ import annotations

from sqlmodel import SQLModel

import dealer.alerts.models
import dealer.leads.models
import dealer.plates.models
import dealer.reservations.models
import dealer.stock.models  # noqa: F401 - importing registers the tables

metadata = SQLModel.metadata
