"""Client of the RDW's open vehicle data (opendata.rdw.nl, Socrata).

Two datasets, both asked by plate (``?kenteken=AB123C``, the plate's letters and digits
in upper case), both answering a JSON list of rows (empty for an unknown plate); the
second only for a plate the first one knows:

* ``m9d7-ebf2`` registered vehicles: ``merk``, ``handelsbenaming``, ``eerste_kleur``,
  ``datum_eerste_toelating`` and ``vervaldatum_apk`` (``YYYYMMDD``), ``voertuigsoort``,
  ``tellerstandoordeel`` (the odometer judgement: ``Logisch``, ``Onlogisch``,
  ``Geen oordeel``) and many more. The number of owners is not in the open data (privacy);
  an answer that carries it (``aantal_eigenaren``) has it read;
* ``8ys7-d773`` their fuels: one row per fuel, ``brandstof_volgnummer`` and
  ``brandstof_omschrijving`` (``Benzine``, ``Diesel``, ``Elektriciteit`` ...).

The bundled demo plates are answered in the same shape by a local transport
(``dealer.plates.demo``), so the demo goes through this very client.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from typing import Literal
from zoneinfo import ZoneInfo

import httpx

from dealer.plates.plates import Plate

VEHICLES = "m9d7-ebf2.json"
FUELS = "8ys7-d773.json"
TIMEOUT_S = 2.0
_MAX_TEXT = 80  # longer names are cut: no make or model is this long
REGISTER_ZONE = ZoneInfo("Europe/Amsterdam")  # the register's day, for "fetched on"

# The RDW's odometer judgements (tellerstandoordeel), lower case, by our key.
OdometerJudgement = Literal["logical", "illogical", "no_judgement", ""]
_JUDGEMENTS: dict[str, OdometerJudgement] = {
    "logisch": "logical", "onlogisch": "illogical", "geen oordeel": "no_judgement",
}
_MAX_OWNERS = 99


class PlateLookupError(Exception):
    """The register could not be read: unreachable, slow, refused or not understood."""


@dataclass(frozen=True)
class RegisteredVehicle:
    """A vehicle as the register knows it; names as the RDW writes them."""

    plate: str  # formatted, "AB-123-C"
    make: str  # "Volkswagen"
    model: str  # "Golf"
    first_registration: dt.date | None  # first admission anywhere (datum_eerste_toelating)
    fuels: tuple[str, ...]  # the RDW's names in its order: ("Benzine", "Elektriciteit")
    colour: str  # the RDW's main colour: "GRIJS"
    kind: str = ""  # voertuigsoort: "Personenauto", "Bedrijfsauto" ...
    apk_expiry: dt.date | None = None  # vervaldatum_apk: the periodic inspection's end
    odometer: OdometerJudgement = ""  # "" when the register gives none we know
    owners: int | None = None  # only when the register gives it (not in the open data)
    fetched_on: dt.date | None = None  # the day the register gave this answer


def _text(value: object) -> str:
    return value.strip()[:_MAX_TEXT] if isinstance(value, str) else ""


def display_name(value: str) -> str:
    """A register name as people write it: words of letters only are capitalised when
    longer than three letters ("VOLKSWAGEN" -> "Volkswagen"); short ones stay ("BMW")."""
    def word(part: str) -> str:
        return part.capitalize() if part.isalpha() and len(part) > 3 else part
    return " ".join("-".join(word(piece) for piece in part.split("-"))
                    for part in value.split())


def _date(value: object) -> dt.date | None:
    try:
        return dt.datetime.strptime(value, "%Y%m%d").date() if isinstance(value, str) else None
    except ValueError:
        return None


def _judgement(value: object) -> OdometerJudgement:
    return _JUDGEMENTS.get(" ".join(value.split()).lower(), "") if isinstance(value, str) else ""


def _owners(value: object) -> int | None:
    text = value.strip() if isinstance(value, str) else ""
    if not (text.isascii() and text.isdigit()) or len(text) > 2:
        return None
    return int(text) if 0 < int(text) <= _MAX_OWNERS else None


def _rows(body: object) -> list[dict]:
    if not isinstance(body, list) or not all(isinstance(row, dict) for row in body):
        raise PlateLookupError("the register sent an unexpected body")
    return body


def _fuel_order(row: dict) -> int:
    number = row.get("brandstof_volgnummer")
    return int(number) if isinstance(number, str) and number.isdigit() else 99


def parse_vehicle(plate: Plate, vehicles: object, fuels: object,
                  fetched_on: dt.date | None = None) -> RegisteredVehicle | None:
    """The vehicle of the two datasets' answers; None when the register has no such plate.
    An answer that is no list of rows raises PlateLookupError; a field the register wrote
    in an unknown way is left empty."""
    rows, fuel_rows = _rows(vehicles), _rows(fuels)
    if not rows:
        return None
    row = rows[0]
    make = display_name(_text(row.get("merk")))
    model = display_name(_text(row.get("handelsbenaming")))
    # The trade name often repeats the make ("TOYOTA YARIS"): the model is the rest.
    if make and model.upper().startswith(make.upper() + " "):
        model = model[len(make) + 1:]
    fuel_names = (_text(fuel.get("brandstof_omschrijving"))
                  for fuel in sorted(fuel_rows, key=_fuel_order))
    return RegisteredVehicle(
        plate=plate.formatted,
        make=make,
        model=model,
        first_registration=_date(row.get("datum_eerste_toelating")),
        fuels=tuple(dict.fromkeys(name for name in fuel_names if name)),
        colour=_text(row.get("eerste_kleur")),
        kind=_text(row.get("voertuigsoort")),
        apk_expiry=_date(row.get("vervaldatum_apk")),
        odometer=_judgement(row.get("tellerstandoordeel")),
        owners=_owners(row.get("aantal_eigenaren")),
        fetched_on=fetched_on,
    )


class RdwClient:
    """Reads a Dutch plate's vehicle and fuels from the RDW's open data."""

    def __init__(
        self,
        *,
        base_url: str,
        app_token: str | None = None,
        transport: httpx.AsyncBaseTransport | None = None,
        timeout: float = TIMEOUT_S,
    ) -> None:
        headers = {"Accept": "application/json"}
        if app_token:  # Socrata's app token: higher request limits than anonymous use
            headers["X-App-Token"] = app_token
        self._http = httpx.AsyncClient(base_url=base_url.rstrip("/") + "/", transport=transport,
                                       timeout=timeout, headers=headers)

    async def aclose(self) -> None:
        await self._http.aclose()

    async def _dataset(self, name: str, plate: Plate) -> object:
        try:
            response = await self._http.get(name, params={"kenteken": plate.compact})
        except httpx.HTTPError as exc:
            raise PlateLookupError(f"register unreachable: {exc!r}") from exc
        if response.status_code != 200:
            raise PlateLookupError(f"register refused {name} (status {response.status_code})")
        try:
            return response.json()
        except ValueError as exc:
            raise PlateLookupError(f"the register sent invalid JSON for {name}") from exc

    async def vehicle(self, plate: Plate) -> RegisteredVehicle | None:
        """The registered vehicle of a Dutch plate; None when the register has none.
        Raises PlateLookupError when the register cannot tell. One request for a plate
        the register does not know (most typed plates that are not found are typos), the
        fuels' only for one it knows."""
        vehicles = await self._dataset(VEHICLES, plate)
        if not _rows(vehicles):
            return None
        return parse_vehicle(plate, vehicles, await self._dataset(FUELS, plate),
                             dt.datetime.now(REGISTER_ZONE).date())
