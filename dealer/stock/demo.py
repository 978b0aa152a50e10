"""A deterministic demo stock: brands, branches, employees, vehicles and lease offers.

``generate(n, seed)`` always returns the same data for the same arguments, so tests,
screenshots and benchmarks are reproducible. Rows are plain dicts that refer to each
other by natural keys (brand slug, model slug, branch slug, vehicle external id);
``load`` resolves them to database ids. The price history is the one part dated
relative to the day it is loaded (``days_ago``), so that a fresh demo shows recent
price drops.
"""

from __future__ import annotations

import datetime as dt
import random
from collections.abc import Iterable
from dataclasses import dataclass, field
from decimal import ROUND_HALF_UP, Decimal
from typing import Any, NamedTuple

from sqlalchemy import func, insert, select
from sqlalchemy.engine import Engine

from dealer import finance
from dealer.brands import BRANDS_WITH_FAVICON, PLATFORM_BRANDS
from dealer.pricing import MINI_LEASE
from dealer.stock import catalog, price_history
from dealer.stock.models import (
    Brand,
    DeliveryPackage,
    Employee,
    LeaseOffer,
    Location,
    LocationBrand,
    Model,
    OpeningHours,
    PriceChange,
    Vehicle,
    VehicleConsumption,
    VehicleFeature,
    VehiclePhoto,
    VehiclePrice,
)
from dealer.stock.text import search_text, slugify
from dealer.stock.version import bump_stock_version

Row = dict[str, Any]

# The demo data is dated relative to a fixed moment so that it never changes.
REFERENCE_TIME = dt.datetime(2025, 6, 2, 8, 0, tzinfo=dt.UTC)
REFERENCE_YEAR = REFERENCE_TIME.year
# Used cars of Dutch branches with their plates: the demo register
# (dealer/plates/demo) knows them, so their pages show the register's facts.
DEMO_PLATES = {
    "10000": "3-TZ-456", "10005": "2-SX-318", "10012": "R-48-NBK", "10017": "5-SN-762",
    "10023": "7-KBN-62", "10030": "GZH-85-T", "10031": "P-61-LRN", "10035": "8-TG-295",
}
FINANCE_BANK = "Rijnland Financial Services"
CENT = Decimal("0.01")


class EngineSpec(NamedTuple):
    label: str
    fuel: str
    hp: int
    transmissions: tuple[str, ...]
    drive: str
    cc: int | None
    consumption: float  # l/100 km, or kWh/100 km for electric cars
    electric_range: int | None = None


E = EngineSpec
ENGINES: dict[str, EngineSpec] = {
    "tsi10_95": E("1.0 TSI", "petrol", 95, ("manual",), "front", 999, 5.1),
    "tsi10_115": E("1.0 TSI", "petrol", 115, ("manual", "automatic"), "front", 999, 5.3),
    "tsi15_150": E("1.5 TSI", "petrol", 150, ("manual", "automatic"), "front", 1498, 5.9),
    "etsi15_150": E("1.5 eTSI", "mildhybrid", 150, ("automatic",), "front", 1498, 5.4),
    "hyb15_150": E("1.5 TSI Hybrid", "hybrid", 150, ("automatic",), "front", 1498, 4.9),
    "tsi20_190": E("2.0 TSI 4MOTION", "petrol", 190, ("automatic",), "four", 1984, 7.6),
    "tsi20_265": E("2.0 TSI 4Drive", "petrol", 265, ("automatic",), "four", 1984, 8.1),
    "tdi20_115": E("2.0 TDI", "diesel", 115, ("manual",), "front", 1968, 4.4),
    "tdi20_150": E("2.0 TDI", "diesel", 150, ("manual", "automatic"), "front", 1968, 4.8),
    "tdi20_200": E("2.0 TDI 4MOTION", "diesel", 200, ("automatic",), "four", 1968, 5.9),
    "ehyb14_204": E("1.4 eHybrid", "pluginhybrid", 204, ("automatic",), "front", 1395, 1.5, 62),
    "ehyb15_204": E("1.5 eHybrid", "pluginhybrid", 204, ("automatic",), "front", 1498, 0.5, 128),
    "ev_52_170": E("52 kWh", "electric", 170, ("automatic",), "rear", None, 15.9, 388),
    "ev_59_204": E("Pro 59 kWh", "electric", 204, ("automatic",), "rear", None, 15.6, 426),
    "ev_77_286": E("Pro S 77 kWh", "electric", 286, ("automatic",), "rear", None, 16.3, 562),
    "ev_79_340": E("GTX 79 kWh", "electric", 340, ("automatic",), "four", None, 17.8, 505),
    "a_30tfsi": E("30 TFSI", "petrol", 110, ("manual", "automatic"), "front", 999, 5.4),
    "a_35tfsi": E("35 TFSI", "petrol", 150, ("automatic",), "front", 1498, 5.8),
    "a_35tfsi_mh": E("35 TFSI MHEV", "hybrid-petrol", 150, ("automatic",), "front", 1498, 5.5),
    "a_45tfsi": E("45 TFSI quattro", "petrol", 265, ("automatic",), "four", 1984, 7.9),
    "a_35tdi": E("35 TDI", "diesel", 163, ("automatic",), "front", 1968, 4.9),
    "a_40tdi_mh": E("40 TDI quattro MHEV", "hybrid-diesel", 204, ("automatic",), "four", 1968,
                    5.6),
    "a_45tfsie": E("45 TFSI e", "pluginhybrid", 245, ("automatic",), "front", 1395, 1.4, 68),
    "a_55tfsie": E("55 TFSI e quattro", "pluginhybrid", 367, ("automatic",), "four", 1984, 1.6,
                   84),
    "a_ev_45": E("45 e-tron", "electric", 286, ("automatic",), "rear", None, 17.0, 517),
    "a_ev_55": E("55 e-tron quattro", "electric", 408, ("automatic",), "four", None, 21.4, 582),
    "a_ev_gt": E("quattro", "electric", 530, ("automatic",), "four", None, 19.8, 488),
    "v_tdi20_102": E("2.0 TDI", "diesel", 102, ("manual",), "front", 1968, 6.9),
    "v_tdi20_150": E("2.0 TDI", "diesel", 150, ("manual", "automatic"), "front", 1968, 7.6),
    "v_tdi20_177": E("2.0 TDI 4MOTION", "diesel", 177, ("automatic",), "four", 1968, 8.9),
    "v_ehyb_218": E("1.4 eHybrid", "pluginhybrid", 218, ("automatic",), "front", 1395, 1.9, 49),
    "v_ev_77_286": E("Pro 77 kWh", "electric", 286, ("automatic",), "rear", None, 21.5, 416),
    "v_tdi30_240": E("3.0 V6 TDI 4MOTION", "diesel", 240, ("automatic",), "four", 2967, 9.3),
}
del E

TRIMS: dict[str, tuple[tuple[str, int], ...]] = {
    "volkswagen": (("Life", 0), ("Style", 3200), ("R-Line", 5200)),
    "audi": (("Advanced", 0), ("S edition", 3800), ("S line", 6400)),
    "seat": (("Style", 0), ("FR", 2900), ("Xcellence", 3900)),
    "cupra": (("Business", 0), ("Adrenaline", 3600), ("VZ", 6900)),
    "skoda": (("Essence", 0), ("Selection", 2800), ("Sportline", 4800)),
    "volkswagen-bedrijfswagens": (("Comfort", 0), ("Highline", 4100), ("Edition", 6300)),
}


class ModelSpec(NamedTuple):
    name: str
    vehicle_type: str
    body_style: str
    seats: int
    doors: int
    base_price: int  # new, entry engine and trim, incl. VAT
    engines: tuple[str, ...]


M = ModelSpec
MODELS: dict[str, tuple[ModelSpec, ...]] = {
    "volkswagen": (
        M("Polo", "passenger", "hatchback", 5, 5, 24990, ("tsi10_95", "tsi10_115")),
        M("Golf", "passenger", "hatchback", 5, 5, 34990,
          ("tsi10_115", "tsi15_150", "etsi15_150", "tdi20_115", "tdi20_150", "ehyb15_204")),
        M("Golf Variant", "passenger", "estate", 5, 5, 36990,
          ("tsi15_150", "etsi15_150", "tdi20_150")),
        M("T-Cross", "passenger", "suv", 5, 5, 29990, ("tsi10_95", "tsi10_115")),
        M("T-Roc", "passenger", "suv", 5, 5, 35990, ("tsi10_115", "tsi15_150", "tsi20_190")),
        M("T-Roc Cabriolet", "passenger", "convertible", 4, 2, 42990, ("tsi10_115", "tsi15_150")),
        M("Tiguan", "passenger", "suv", 5, 5, 46990,
          ("etsi15_150", "tdi20_150", "tdi20_200", "ehyb15_204")),
        M("Touran", "passenger", "mpv", 7, 5, 41990, ("tsi15_150", "tdi20_150")),
        M("Passat", "passenger", "estate", 5, 5, 49990, ("etsi15_150", "tdi20_150", "ehyb15_204")),
        M("Arteon", "passenger", "saloon", 5, 5, 54990, ("tsi15_150", "tdi20_200")),
        M("ID.3", "passenger", "hatchback", 5, 5, 37990, ("ev_52_170", "ev_59_204", "ev_77_286")),
        M("ID.4", "passenger", "suv", 5, 5, 46990, ("ev_52_170", "ev_77_286", "ev_79_340")),
        M("ID.7", "passenger", "saloon", 5, 5, 53990, ("ev_77_286", "ev_79_340")),
    ),
    "audi": (
        M("A1 Sportback", "passenger", "hatchback", 5, 5, 31990, ("a_30tfsi", "a_35tfsi")),
        M("A3 Sportback", "passenger", "hatchback", 5, 5, 39990,
          ("a_30tfsi", "a_35tfsi", "a_35tfsi_mh", "a_35tdi", "a_45tfsie")),
        M("A3 Limousine", "passenger", "saloon", 5, 4, 41990, ("a_35tfsi", "a_35tdi")),
        M("A4 Avant", "passenger", "estate", 5, 5, 51990,
          ("a_35tfsi", "a_35tdi", "a_40tdi_mh", "a_45tfsi")),
        M("A5 Coupé", "passenger", "coupe", 4, 2, 58990, ("a_35tfsi", "a_45tfsi", "a_40tdi_mh")),
        M("A5 Cabriolet", "passenger", "convertible", 4, 2, 64990, ("a_35tfsi", "a_45tfsi")),
        M("A6 Avant", "passenger", "estate", 5, 5, 69990, ("a_40tdi_mh", "a_55tfsie")),
        M("Q2", "passenger", "suv", 5, 5, 36990, ("a_30tfsi", "a_35tfsi")),
        M("Q3", "passenger", "suv", 5, 5, 46990, ("a_35tfsi", "a_35tdi", "a_45tfsie")),
        M("Q5", "passenger", "suv", 5, 5, 67990, ("a_40tdi_mh", "a_45tfsi", "a_55tfsie")),
        M("Q4 e-tron", "passenger", "suv", 5, 5, 55990, ("a_ev_45", "a_ev_55")),
        M("Q8 e-tron", "passenger", "suv", 5, 5, 89990, ("a_ev_55",)),
        M("e-tron GT", "passenger", "saloon", 4, 4, 119990, ("a_ev_gt",)),
    ),
    "seat": (
        M("Ibiza", "passenger", "hatchback", 5, 5, 22990, ("tsi10_95", "tsi10_115")),
        M("Leon", "passenger", "hatchback", 5, 5, 31990,
          ("tsi10_115", "tsi15_150", "etsi15_150", "tdi20_115", "ehyb14_204")),
        M("Leon Sportstourer", "passenger", "estate", 5, 5, 33990,
          ("tsi15_150", "etsi15_150", "tdi20_150", "ehyb14_204")),
        M("Arona", "passenger", "suv", 5, 5, 26990, ("tsi10_95", "tsi10_115", "tsi15_150")),
        M("Ateca", "passenger", "suv", 5, 5, 36990, ("tsi15_150", "tdi20_150", "tsi20_190")),
        M("Tarraco", "passenger", "suv", 7, 5, 45990, ("tsi15_150", "tdi20_200", "ehyb14_204")),
        M("Alhambra", "passenger", "mpv", 7, 5, 43990, ("tsi15_150", "tdi20_150")),
    ),
    "cupra": (
        M("Born", "passenger", "hatchback", 5, 5, 39990, ("ev_52_170", "ev_59_204", "ev_77_286")),
        M("Leon", "passenger", "hatchback", 5, 5, 38990, ("tsi15_150", "ehyb14_204", "tsi20_265")),
        M("Formentor", "passenger", "suv", 5, 5, 42990,
          ("tsi15_150", "ehyb15_204", "tsi20_190", "tsi20_265")),
        M("Ateca", "passenger", "suv", 5, 5, 49990, ("tsi20_190",)),
        M("Tavascan", "passenger", "suv", 5, 5, 52990, ("ev_77_286", "ev_79_340")),
    ),
    "skoda": (
        M("Fabia", "passenger", "hatchback", 5, 5, 22990, ("tsi10_95", "tsi10_115")),
        M("Scala", "passenger", "hatchback", 5, 5, 27990, ("tsi10_115", "tsi15_150")),
        M("Octavia", "passenger", "saloon", 5, 5, 35990,
          ("tsi15_150", "etsi15_150", "hyb15_150", "tdi20_115", "tdi20_150")),
        M("Octavia Combi", "passenger", "estate", 5, 5, 36990,
          ("tsi15_150", "etsi15_150", "hyb15_150", "tdi20_150", "tsi20_265")),
        M("Superb Combi", "passenger", "estate", 5, 5, 48990,
          ("etsi15_150", "tdi20_150", "tdi20_200", "ehyb15_204")),
        M("Kamiq", "passenger", "suv", 5, 5, 28990, ("tsi10_95", "tsi10_115", "tsi15_150")),
        M("Karoq", "passenger", "suv", 5, 5, 36990, ("tsi15_150", "tdi20_150")),
        M("Kodiaq", "passenger", "suv", 7, 5, 47990,
          ("tsi15_150", "tdi20_150", "tdi20_200", "ehyb15_204")),
        M("Enyaq", "passenger", "suv", 5, 5, 47990, ("ev_59_204", "ev_77_286", "ev_79_340")),
        M("Elroq", "passenger", "suv", 5, 5, 36990, ("ev_52_170", "ev_59_204", "ev_77_286")),
    ),
    "volkswagen-bedrijfswagens": (
        M("Caddy Cargo", "van", "mpv", 2, 4, 27990, ("v_tdi20_102", "v_tdi20_150")),
        M("Caddy", "passenger", "mpv", 5, 5, 36990, ("tsi15_150", "v_tdi20_102", "v_ehyb_218")),
        M("Transporter", "van", "mpv", 3, 4, 42990,
          ("v_tdi20_102", "v_tdi20_150", "v_tdi20_177", "v_ehyb_218")),
        M("Multivan", "passenger", "mpv", 7, 5, 59990, ("v_tdi20_150", "v_ehyb_218")),
        M("California", "passenger", "mpv", 4, 4, 79990, ("v_tdi20_150", "v_tdi20_177")),
        M("ID. Buzz", "passenger", "mpv", 5, 5, 64990, ("v_ev_77_286",)),
        M("ID. Buzz Cargo", "van", "mpv", 3, 4, 52990, ("v_ev_77_286",)),
        M("Crafter", "van", "mpv", 3, 4, 54990, ("v_tdi20_150", "v_tdi20_177")),
        M("Crafter Chassis Cabine", "truck", "mpv", 3, 2, 51990, ("v_tdi20_150",)),
        M("Amarok", "truck", "suv", 5, 4, 66990, ("v_tdi20_177", "v_tdi30_240")),
    ),
}
del M

# slug, name, custom favicon (SPEC §9: two brands have one)
BRANDS: tuple[tuple[str, str, bool], ...] = tuple(
    (slug, name, slug in BRANDS_WITH_FAVICON) for slug, name in PLATFORM_BRANDS.items()
)
BRAND_WEIGHTS = (30, 18, 12, 10, 18, 12)


class Branch(NamedTuple):
    slug: str
    city: str
    country: str
    street: str
    postal_code: str
    latitude: float
    longitude: float
    phone: str
    brands: tuple[str, ...]
    services: tuple[str, ...]


_CORE_SERVICES = ("sales", "used_cars", "workshop", "tyres", "inspection")
BRANCHES: tuple[Branch, ...] = (
    Branch("utrecht", "Utrecht", "NL", "Franciscusdreef 40", "3565 AC", 52.1183, 5.1072,
           "+31 30 262 40 00", ("volkswagen", "audi", "volkswagen-bedrijfswagens"),
           (*_CORE_SERVICES, "bodywork", "lease", "ev_charging", "commercial_vehicles")),
    Branch("amersfoort", "Amersfoort", "NL", "Hogeweg 121", "3814 CE", 52.1634, 5.4039,
           "+31 33 465 22 10", ("volkswagen", "skoda"), (*_CORE_SERVICES, "lease", "rental")),
    Branch("arnhem", "Arnhem", "NL", "Westervoortsedijk 71", "6827 AV", 51.9769, 5.9463,
           "+31 26 363 35 00", ("seat", "cupra", "skoda"), (*_CORE_SERVICES, "ev_charging")),
    Branch("nijmegen", "Nijmegen", "NL", "Nieuwe Dukenburgseweg 35", "6534 AD", 51.8246, 5.8083,
           "+31 24 371 60 60", ("audi", "volkswagen"),
           (*_CORE_SERVICES, "bodywork", "lease", "ev_charging")),
    Branch("venlo", "Venlo", "NL", "Eindhovenseweg 40", "5928 RA", 51.3702, 6.1307,
           "+31 77 382 25 50", ("volkswagen", "seat", "volkswagen-bedrijfswagens"),
           (*_CORE_SERVICES, "rental", "commercial_vehicles")),
    Branch("kleve", "Kleve", "DE", "Emmericher Straße 140", "47533", 51.7961, 6.1306,
           "+49 2821 71 90 0", ("volkswagen", "audi"), (*_CORE_SERVICES, "bodywork")),
    Branch("duesseldorf", "Düsseldorf", "DE", "Höher Weg 230", "40231", 51.2183, 6.8322,
           "+49 211 73 44 0", ("audi", "cupra", "seat"),
           (*_CORE_SERVICES, "lease", "ev_charging", "rental")),
    Branch("koeln", "Köln", "DE", "Frankfurter Straße 210", "51065", 50.9596, 7.0202,
           "+49 221 96 47 0", ("volkswagen", "skoda"), (*_CORE_SERVICES, "bodywork", "lease")),
    Branch("duisburg", "Duisburg", "DE", "Wanheimer Straße 400", "47055", 51.3996, 6.7702,
           "+49 203 73 91 0", ("volkswagen-bedrijfswagens", "volkswagen", "skoda"),
           (*_CORE_SERVICES, "commercial_vehicles", "rental")),
    Branch("eindhoven", "Eindhoven", "NL", "Hurksestraat 25", "5652 AH", 51.4448, 5.4226,
           "+31 40 250 85 00", ("cupra", "seat", "audi"), (*_CORE_SERVICES, "ev_charging")),
)

FIRST_NAMES = {
    "NL": ("Daan", "Sanne", "Lars", "Fleur", "Bram", "Noor", "Jeroen", "Lotte", "Thijs", "Eva",
           "Ruben", "Iris", "Sem", "Anouk", "Koen", "Marloes"),
    "DE": ("Lukas", "Anna", "Jonas", "Lea", "Felix", "Laura", "Maximilian", "Sophie", "Tobias",
           "Katharina", "Jan", "Miriam", "Stefan", "Julia", "Niklas", "Sabine"),
}
LAST_NAMES = {
    "NL": ("de Vries", "Jansen", "van den Berg", "Bakker", "Visser", "Smit", "Meijer", "de Boer",
           "Mulder", "Bos", "Vos", "Peters", "Hendriks", "van Dijk", "Willems", "Kuipers"),
    "DE": ("Müller", "Schmidt", "Schneider", "Fischer", "Weber", "Becker", "Hoffmann", "Schulz",
           "Koch", "Richter", "Wolf", "Schröder", "Neumann", "Braun", "Krüger", "Hartmann"),
}
# Every branch has these roles; (job title, department).
STAFF = (
    ("branch_manager", "management"),
    ("sales_manager", "sales"),
    ("sales_advisor", "sales"),
    ("sales_advisor", "sales"),
    ("business_sales_advisor", "sales"),
    ("lease_specialist", "lease"),
    ("service_manager", "service"),
    ("service_advisor", "service"),
    ("technician", "service"),
    ("parts_advisor", "parts"),
    ("receptionist", "administration"),
)

COLOUR_WEIGHTS = (24, 18, 22, 12, 11, 5, 3, 2, 1, 1, 1)
COLOUR_NAMES = {
    "black": ("Deep Black Pearl", "Mythos Black", "Magic Black"),
    "white": ("Pure White", "Glacier White", "Moon White"),
    "grey": ("Moonstone Grey", "Daytona Grey", "Graphite Grey"),
    "silver": ("Reflex Silver", "Floret Silver", "Brilliant Silver"),
    "blue": ("Atlantic Blue", "Navarra Blue", "Race Blue"),
    "red": ("Kings Red", "Tango Red", "Desire Red"),
    "green": ("Kings Green", "District Green", "Emerald Green"),
    "brown": ("Chestnut Brown", "Oak Brown"),
    "beige": ("Sand Beige", "Ascot Beige"),
    "yellow": ("Curcuma Yellow", "Pomelo Yellow"),
    "orange": ("Energetic Orange", "Phoenix Orange"),
}
INTERIOR_COLOURS = ("black", "grey", "beige", "brown")
PHOTO_VIEWS = ("side", "front", "rear")

# Equipment everyone gets, then options whose chance grows with the trim level (0, 1, 2).
STANDARD_FEATURES = (
    "abs", "esp", "airbag_driver", "airbag_passenger", "side_airbags", "curtain_airbags",
    "isofix", "immobiliser", "central_locking", "electric_windows", "electric_mirrors",
    "bluetooth", "emergency_brake_assist",
)
OPTIONAL_FEATURES: tuple[tuple[str, float, float], ...] = (
    # key, chance at entry trim, extra chance per trim level
    ("knee_airbag", 0.2, 0.1), ("alarm", 0.25, 0.15), ("keyless_entry", 0.15, 0.25),
    ("lane_assist", 0.5, 0.2), ("blind_spot_assist", 0.15, 0.2),
    ("traffic_sign_recognition", 0.3, 0.2), ("cruise_control", 0.6, 0.1),
    ("adaptive_cruise_control", 0.2, 0.25), ("air_conditioning", 0.45, -0.15),
    ("climate_control_2_zone", 0.35, 0.2), ("parking_sensors_rear", 0.55, 0.15),
    ("parking_sensors_front", 0.25, 0.2), ("parking_camera", 0.25, 0.25),
    ("camera_360", 0.03, 0.08), ("park_assist", 0.08, 0.12), ("navigation_system", 0.45, 0.2),
    ("digital_cockpit", 0.3, 0.25), ("head_up_display", 0.03, 0.1), ("dab_radio", 0.6, 0.1),
    ("wireless_charging", 0.15, 0.2), ("premium_audio", 0.05, 0.12),
    ("heated_seats", 0.25, 0.2), ("heated_steering_wheel", 0.05, 0.12),
    ("electric_seats", 0.05, 0.15), ("sport_seats", 0.1, 0.25), ("panoramic_roof", 0.08, 0.12),
    ("led_headlights", 0.4, 0.25), ("matrix_led_headlights", 0.03, 0.15),
    ("light_sensor", 0.5, 0.2), ("rain_sensor", 0.45, 0.2), ("electric_tailgate", 0.08, 0.15),
    ("privacy_glass", 0.2, 0.2), ("metallic_paint", 0.6, 0.1), ("sport_suspension", 0.05, 0.15),
    ("adaptive_suspension", 0.02, 0.08),
)
DELIVERY_PACKAGE_CONTENT: dict[str, tuple[int, tuple[str, ...]]] = {
    "basic": (595, ("registration", "licence_plates", "cleaning", "inspection")),
    "comfort": (995, ("registration", "licence_plates", "cleaning", "inspection", "full_tank",
                      "floor_mats")),
    "premium": (1795, ("registration", "licence_plates", "cleaning", "inspection", "full_tank",
                       "floor_mats", "winter_tyres", "warranty_extension", "maintenance_1_year")),
}
# Every price row names every column, so that rows can be inserted in one batch.
PRICE_DEFAULTS: Row = {
    "total_price": None, "monthly_installment": None, "down_payment": None,
    "contract_duration": None, "interest_rate": None, "borrowing_rate": None,
    "fixed_interest_period": None, "annual_distance": None, "installment_protection": False,
    "bank": None, "net_loan_amount": None, "remaining_balance": None, "discount": None,
    "disclaimer": None,
}
LEASE_FUEL_OF = {
    "petrol": "gasoline",
    "diesel": "diesel",
    "electric": "electric",
    "pluginhybrid": "gasoline-hybrid",
    "mildhybrid": "gasoline-hybrid",
    "hybrid": "gasoline-hybrid",
    "hybrid-petrol": "gasoline-hybrid",
    "hybrid-diesel": "diesel-hybrid",
}


@dataclass
class DemoStock:
    brands: list[Row] = field(default_factory=list)
    models: list[Row] = field(default_factory=list)  # "brand": slug
    locations: list[Row] = field(default_factory=list)  # "brands": slugs
    opening_hours: list[Row] = field(default_factory=list)  # "location": slug
    employees: list[Row] = field(default_factory=list)  # "location": slug
    vehicles: list[Row] = field(default_factory=list)  # "brand", "model", "location" slugs
    # Child rows of vehicles, keyed by the vehicle's "external_id".
    photos: list[Row] = field(default_factory=list)
    prices: list[Row] = field(default_factory=list)
    features: list[Row] = field(default_factory=list)
    consumption: list[Row] = field(default_factory=list)
    delivery_packages: list[Row] = field(default_factory=list)
    lease_offers: list[Row] = field(default_factory=list)  # "brand", "model" slugs
    # Earlier prices of some vehicles, oldest change first: "external_id", "days_ago".
    price_changes: list[Row] = field(default_factory=list)


def money(value: float) -> Decimal:
    return Decimal(str(value)).quantize(CENT, ROUND_HALF_UP)


def showroom_price(value: float) -> int:
    """Dealer-style asking price just under a round hundred: 24895."""
    return max(int(value // 100) * 100 - 5, 995)


def _iban(country: str, bank: str, account: str) -> str:
    """An IBAN with valid check digits (ISO 13616, mod 97)."""
    bban = bank + account
    digits = "".join(str(int(char, 36)) for char in bban + country + "00")
    return f"{country}{98 - int(digits) % 97:02d}{bban}"


def _brand_rows() -> list[Row]:
    return [
        {"slug": slug, "name": name, "manufacturer_tag_id": f"brand-{slug}",
         "has_custom_favicon": favicon, "position": position}
        for position, (slug, name, favicon) in enumerate(BRANDS)
    ]


def _model_rows() -> list[Row]:
    rows = []
    for brand, specs in MODELS.items():
        for spec in specs:
            fuels = list(dict.fromkeys(ENGINES[key].fuel for key in spec.engines))
            rows.append({
                "brand": brand, "slug": slugify(spec.name), "name": spec.name,
                "vehicle_type": spec.vehicle_type, "body_style": spec.body_style,
                "fuels": fuels, "price_from": Decimal(spec.base_price),
                # The cheapest private lease offer for a new one (longest, fewest km).
                "lease_from": min(finance.build_lease_matrix(spec.base_price).values()),
            })
    return rows


def _nl_vat(base: int) -> str:
    """A Dutch VAT number with a valid check digit (the eleven test), from eight digits."""
    while True:
        digits = [int(char) for char in f"{base:08d}"]
        check = sum(weight * digit
                    for weight, digit in zip(range(9, 1, -1), digits, strict=True)) % 11
        if check < 10:
            return f"NL{base:08d}{check}B01"
        base += 1


def _de_vat(base: int) -> str:
    """A German VAT number with a valid check digit (ISO 7064 MOD 11,10), from eight."""
    product = 10
    for char in f"{base:08d}":
        total = (int(char) + product) % 10 or 10
        product = 2 * total % 11
    return f"DE{base:08d}{(11 - product) % 10}"


def _whatsapp(country: str, number: int) -> str:
    """A branch's mobile number for WhatsApp."""
    return f"+31 6 20{number:02d} 4000" if country == "NL" else f"+49 151 20{number:02d} 4000"


def _location_rows(stock: DemoStock, rng: random.Random) -> None:
    for number, branch in enumerate(BRANCHES):
        domain = "rijnland-autogroep.example"
        if branch.country == "NL":
            vat = _nl_vat(85_000_000 + number * 791)
            iban = _iban("NL", "RABO", f"{310_000_000 + number * 4_271:010d}")
        else:
            vat = _de_vat(28_100_000 + number * 613)
            iban = _iban("DE", "37050198", f"{19_000_000 + number * 3_389:010d}")
        stock.locations.append({
            "slug": branch.slug, "name": f"Rijnland Autogroep {branch.city}",
            "brands": list(branch.brands), "services": list(branch.services),
            "street": branch.street, "postal_code": branch.postal_code, "city": branch.city,
            "country": branch.country, "latitude": branch.latitude,
            "longitude": branch.longitude, "vat_number": vat, "iban": iban,
            "email": f"{branch.slug}@{domain}", "phone": branch.phone,
            "fax": branch.phone[:-2] + "99" if number % 3 == 0 else None,
            "whatsapp": _whatsapp(branch.country, number) if number % 3 != 2 else None,
        })
        late_evening = 3 if branch.country == "NL" else None  # koopavond on Thursday
        for weekday in range(7):
            showroom = _hours(weekday < 5, "09:00", "21:00" if weekday == late_evening else "18:00")
            if weekday == 5:
                showroom = _hours(True, "10:00", "17:00")
            workshop = _hours(weekday < 5, "07:30", "17:30")
            if weekday == 5 and "rental" in branch.services:
                workshop = _hours(True, "08:00", "12:00")
            for department, hours in (("showroom", showroom), ("workshop", workshop)):
                stock.opening_hours.append(
                    {"location": branch.slug, "department": department, "weekday": weekday,
                     **hours}
                )
        first, last = FIRST_NAMES[branch.country], LAST_NAMES[branch.country]
        for position, (job_title, department) in enumerate(STAFF):
            name = f"{rng.choice(first)} {rng.choice(last)}"
            stock.employees.append({
                "location": branch.slug, "name": name, "job_title": job_title,
                "department": department, "position": position,
                "email": f"{slugify(name).replace('-', '.')}@{domain}",
                "phone": branch.phone[:-2] + f"{10 + position:02d}",
            })


def _hours(is_open: bool, opens: str, closes: str) -> Row:
    if not is_open:
        return {"is_open": False, "opens": None, "closes": None, "comment": None}
    return {"is_open": True, "opens": opens, "closes": closes, "comment": None}


def _emissions_class(year: int, fuel: str) -> str:
    if fuel == "electric":
        return "zero_emission"
    for first_year, key in ((2025, "euro6e"), (2021, "euro6d"), (2019, "euro6d_temp"),
                            (2018, "euro6c"), (2015, "euro6")):
        if year >= first_year:
            return key
    return "euro5"


def _co2_class(co2: int) -> str:
    for limit, key in ((0, "A"), (95, "B"), (115, "C"), (135, "D"), (155, "E"), (175, "F")):
        if co2 <= limit:
            return key
    return "G"


class _VehicleFactory:
    """Builds one vehicle with its child rows at a time, from one random stream."""

    def __init__(self, stock: DemoStock, rng: random.Random) -> None:
        self.stock = stock
        self.rng = rng
        self.brand_names = dict((slug, name) for slug, name, _ in BRANDS)
        self.branches_of = {
            brand: [branch.slug for branch in BRANCHES if brand in branch.brands]
            for brand, _, _ in BRANDS
        }
        self.brand_slugs = [slug for slug, _, _ in BRANDS]
        self.country_of = {branch.slug: branch.country for branch in BRANCHES}

    def build(self, number: int) -> None:
        rng = self.rng
        brand = rng.choices(self.brand_slugs, BRAND_WEIGHTS)[0]
        spec = rng.choice(MODELS[brand])
        engine_key = rng.choice(spec.engines)
        engine = ENGINES[engine_key]
        trim_level = rng.choices((0, 1, 2), (5, 3, 2))[0]
        trim, trim_premium = TRIMS[brand][trim_level]
        version = f"{engine.label} {trim}"
        is_new = rng.random() < 0.18
        year = REFERENCE_YEAR if is_new else REFERENCE_YEAR - min(int(rng.expovariate(0.3)), 10)
        if engine.fuel == "electric":
            year = max(year, 2020)
        age = REFERENCE_YEAR - year
        mileage = (
            rng.randint(5, 150) if is_new
            else max(1_000, int(rng.gauss(14_500, 4_500) * (age + rng.random())))
        )
        mileage = min(mileage, 320_000)
        entry_hp = min(ENGINES[key].hp for key in spec.engines)
        new_price = spec.base_price * (1 + (engine.hp - entry_hp) / entry_hp * 0.3) + trim_premium
        if engine.fuel == "pluginhybrid":
            new_price += 4_500
        value = new_price if is_new else (
            new_price * 0.86 ** (age + 0.6) * max(0.35, 1 - mileage / 350_000)
        )
        price = showroom_price(value * rng.uniform(0.95, 1.05))
        colour = rng.choices(catalog.COLOURS, COLOUR_WEIGHTS)[0]
        transmission = rng.choice(engine.transmissions)
        external_id = str(10_000 + number)
        model_slug = slugify(spec.name)
        created = REFERENCE_TIME - dt.timedelta(minutes=rng.randint(0, 180 * 24 * 60))
        updated = created + dt.timedelta(minutes=rng.randint(0, 20 * 24 * 60))
        registration = None if is_new else dt.date(year, rng.randint(1, 12), rng.randint(1, 28))
        if registration and registration > REFERENCE_TIME.date():
            registration = REFERENCE_TIME.date().replace(day=1)
        four = engine.drive == "four"
        heavy = spec.vehicle_type != "passenger"
        self.stock.vehicles.append({
            "external_id": external_id,
            "slug": f"{brand}-{model_slug}-{slugify(version)}-{external_id}",
            "brand": brand, "model": model_slug, "version": version,
            "search_text": search_text(self.brand_names[brand], spec.name, version),
            "vehicle_type": spec.vehicle_type, "condition": "new" if is_new else "used",
            "fuel": engine.fuel, "body_style": spec.body_style, "transmission": transmission,
            "drive_type": engine.drive, "mileage": mileage, "year": year,
            "first_registration": registration, "licence_plate": DEMO_PLATES.get(external_id),
            "power_hp": engine.hp,
            "power_kw": round(engine.hp * 0.7355), "engine_capacity": engine.cc,
            "seats": spec.seats, "doors": spec.doors, "exterior_colour": colour,
            "colour_name": rng.choice(COLOUR_NAMES[colour]),
            "interior_colour": rng.choice(INTERIOR_COLOURS),
            "interior_material": rng.choice(
                ("cloth", "cloth", "leatherette", "partial_leather", "leather", "alcantara")[
                    trim_level: trim_level + 4]
            ),
            "emissions_class": _emissions_class(year, engine.fuel),
            "driven_axles": 2 if four else 1,
            "max_weight": (3_500 if spec.vehicle_type == "van" else 5_000) if heavy
            else int(1_600 + engine.hp * 2.2 + (250 if engine.electric_range else 0)),
            "towing_weight": 2_500 if heavy else (1_000 if engine.fuel == "electric"
                                                  else 1_200 + 400 * four + 100 * trim_level),
            "electric_range": engine.electric_range,
            "warranty_months": 24 if is_new else rng.choice((12, 12, 12, 24)),
            "location": rng.choice(self.branches_of[brand]),
            "vat_reportable": is_new or rng.random() < 0.35,
            "smartphone_integration": (
                ["apple_carplay", "android_auto"] if year >= 2018 and rng.random() < 0.85 else []
            ),
            "description": None, "available": True,
            "created_at": created, "updated_at": updated,
        })
        shape = "van" if heavy and spec.vehicle_type == "van" else spec.body_style
        for position, view in enumerate(PHOTO_VIEWS):
            self.stock.photos.append({
                "external_id": external_id, "position": position, "view": view,
                "url": f"/vehicles/{shape}-{colour}-{view}.svg",
            })
        self._features(external_id, spec, engine, trim_level, age)
        self._consumption(external_id, engine)
        country = self.country_of[self.stock.vehicles[-1]["location"]]
        self._prices(external_id, price, is_new, age, country)
        if rng.random() < 0.7:
            for position, key in enumerate(catalog.DELIVERY_PACKAGES[: rng.randint(1, 3)]):
                base, items = DELIVERY_PACKAGE_CONTENT[key]
                self.stock.delivery_packages.append({
                    "external_id": external_id, "key": key, "position": position,
                    "price": Decimal(base), "items": list(items),
                })

    def _features(self, external_id: str, spec: ModelSpec, engine: EngineSpec, trim_level: int,
                  age: int) -> None:
        rng = self.rng
        keys = list(STANDARD_FEATURES)
        keys.append("cruise_control" if age > 6 else "lane_assist")
        for key, chance, per_level in OPTIONAL_FEATURES:
            if rng.random() < chance + per_level * trim_level - 0.02 * age:
                keys.append(key)
        if "air_conditioning" not in keys:
            keys.append("climate_control" if trim_level < 2 else "climate_control_3_zone")
        if engine.fuel != "electric":
            keys.append("start_stop")
        else:
            keys += ["heat_pump"] * (rng.random() < 0.5) + ["fast_charging"]
        if rng.random() < 0.22 and spec.vehicle_type != "truck":
            keys.append(rng.choice(("tow_bar", "tow_bar_detachable", "tow_bar_swivelling")))
        if spec.body_style in ("suv", "estate") and rng.random() < 0.6:
            keys.append("roof_rails")
        if spec.vehicle_type == "van":
            keys += ["sliding_door", "partition_wall"]
        if spec.name == "California":
            keys += ["camper_berth", "camper_berth_roof", "camper_lounge"]
            keys += ["camper_lounge_swivel_seats"] * (rng.random() < 0.5)
        wheel = min(23, max(14, round(15 + spec.base_price / 25_000 + trim_level)))
        keys.append(f"alloy_wheels_{wheel}")
        self.stock.features.extend(
            {"external_id": external_id, "feature": key} for key in dict.fromkeys(keys)
        )

    def _consumption(self, external_id: str, engine: EngineSpec) -> None:
        rng = self.rng
        spread = rng.uniform(0.95, 1.08)
        row: Row = {"external_id": external_id, "fuel_combined": None,
                    "fuel_weighted_combined": None, "electricity_combined": None,
                    "fuel_discharged_battery": None, "co2_class_discharged": None}
        if engine.fuel == "electric":
            row["electricity_combined"] = round(engine.consumption * spread, 1)
            co2 = 0
        elif engine.fuel == "pluginhybrid":
            row["fuel_weighted_combined"] = round(engine.consumption * spread, 1)
            row["electricity_combined"] = round(14.5 * spread, 1)
            discharged = round(5.9 * spread, 1)
            row["fuel_discharged_battery"] = discharged
            row["co2_class_discharged"] = _co2_class(round(discharged * 23.8))
            co2 = round(row["fuel_weighted_combined"] * 23.2)
        else:
            row["fuel_combined"] = round(engine.consumption * spread, 1)
            co2 = round(row["fuel_combined"] * (26.5 if "diesel" in engine.fuel else 23.2))
        row["co2_emissions"] = co2
        row["co2_class"] = _co2_class(co2)
        self.stock.consumption.append(row)

    def _prices(self, external_id: str, price: int, is_new: bool, age: int, country: str) -> None:
        """The price rows of one vehicle, computed with ``dealer.finance`` as the calculator
        recomputes them; business amounts exclude the branch country's VAT."""
        rng = self.rng
        rows = self.stock.prices
        actions = list(catalog.ACTIONS)
        test_drive_mode = "autochat" if rng.random() < 0.1 else "form"
        base = {**PRICE_DEFAULTS, "external_id": external_id, "actions": actions,
                "test_drive_mode": test_drive_mode}
        discount = None
        if rng.random() < 0.15:
            discount = Decimal(rng.choice((500, 750, 1000, 1500, 2500)))
        rows.append({**base, "deal_type": "purchase", "total_price": Decimal(price),
                     "discount": discount})
        excl_vat = finance.remove_vat(price, country)
        if age <= 6 and 8_000 <= price <= 150_000 and rng.random() < 0.75:
            months = rng.choice((36, 48, 60)) if is_new else rng.choice((24, 36, 48))
            distance = rng.choice((5_000, 10_000, 15_000, 20_000))
            offer = finance.build_lease_matrix(price, durations=(months,), distances=(distance,))
            rows.append({**base, "deal_type": "private_lease", "total_price": Decimal(price),
                         "monthly_installment": finance.private_lease_price(offer, months,
                                                                            distance),
                         "contract_duration": months, "annual_distance": distance,
                         # Short contracts on used cars are offered as a mini lease.
                         "disclaimer": MINI_LEASE if months == 24 else None})
        if age <= 4 and price >= 12_000 and rng.random() < 0.6:
            months = rng.choice((36, 48, 60))
            distance = rng.choice((15_000, 20_000, 25_000, 30_000))
            quote = finance.business_lease_quote(
                price=excl_vat, annual_rate=finance.DEFAULT_LEASE_RATE, months=months,
                residual_percent=finance.expected_residual_share(months, distance) * 100,
            )
            rows.append({**base, "deal_type": "business_lease", **_quote_columns(quote),
                         "annual_distance": distance})
        if price <= 75_000 and rng.random() < 0.8:  # Dutch/German consumer credit ceiling
            months = rng.choice((48, 60, 72, 84))
            down = showroom_price(price * rng.choice((0.0, 0.1, 0.2))) if rng.random() < 0.5 else 0
            nominal = Decimal(str(rng.choice((5.99, 6.99, 7.99, 8.49))))
            quote = finance.finance_quote(price=price, down_payment=down, annual_rate=nominal,
                                          months=months)
            rows.append({**base, "deal_type": "private_finance", **_quote_columns(quote),
                         "fixed_interest_period": "fixed", "bank": FINANCE_BANK,
                         "installment_protection": rng.random() < 0.3})
        if rng.random() < 0.55:
            months = rng.choice((36, 48, 60))
            nominal = Decimal(str(rng.choice((4.9, 5.5, 6.25))))
            balloon = round(excl_vat * Decimal(str(rng.choice((0.0, 0.15, 0.25)))))
            quote = finance.finance_quote(price=excl_vat, balloon=balloon, annual_rate=nominal,
                                          months=months)
            rows.append({**base, "deal_type": "business_finance", **_quote_columns(quote),
                         "fixed_interest_period": rng.choice(("fixed", "variable")),
                         "bank": FINANCE_BANK})


def _quote_columns(quote: finance.FinanceQuote) -> Row:
    """The price row columns of a finance or business lease quote."""
    return {
        "total_price": quote.cash_price, "monthly_installment": quote.monthly_installment,
        "down_payment": quote.down_payment, "contract_duration": quote.months,
        "interest_rate": quote.effective_rate, "borrowing_rate": quote.borrowing_rate,
        "net_loan_amount": quote.net_loan_amount, "remaining_balance": quote.remaining_balance,
    }


def _lease_offers(stock: DemoStock, rng: random.Random, count: int = 40) -> None:
    candidates = [
        (brand, spec) for brand, specs in MODELS.items() for spec in specs
        if spec.vehicle_type == "passenger"
    ]
    for number in range(count):
        brand, spec = candidates[(number * 7) % len(candidates)]
        engine = ENGINES[rng.choice(spec.engines)]
        trim = rng.choice(TRIMS[brand])[0]
        version = f"{engine.label} {trim}"
        customer_type = "business" if number % 3 == 0 else "private"
        duration = rng.choice((36, 48, 60))
        annual = rng.choice((10_000, 15_000, 20_000, 25_000))
        excl_vat = round(spec.base_price * 0.0118 + annual / 1_000 * 3.5 - duration, 0)
        incl_vat = finance.add_vat(excl_vat, "NL")
        deposit = Decimal(rng.choice((0, 0, 500, 1_000)))
        fee = Decimal(rng.choice((0, 195, 295)))
        included = ["insurance", "maintenance", "road_tax", "roadside_assistance"]
        if rng.random() < 0.6:
            included.append("tyres")
        if customer_type == "business":
            included.append("replacement_vehicle")
        else:
            included.append("green_ownership_transfer")
        co2 = 0 if engine.fuel == "electric" else round(
            (engine.consumption if engine.fuel != "pluginhybrid" else engine.consumption * 1.5)
            * 23.5)
        colour = rng.choices(catalog.COLOURS, COLOUR_WEIGHTS)[0]
        features = [key for key, chance, _ in OPTIONAL_FEATURES if rng.random() < chance + 0.2]
        stock.lease_offers.append({
            "slug": f"{brand}-{slugify(spec.name)}-{slugify(version)}-lease-{number + 1}",
            "brand": brand, "model": slugify(spec.name), "version": version,
            "customer_type": customer_type,
            # One demo offer uses the lease company's bi-fuel category.
            "fuel": "gasoline-diesel" if number == 17 else LEASE_FUEL_OF[engine.fuel],
            "body_style": spec.body_style, "transmission": engine.transmissions[-1],
            "power_hp": engine.hp, "colour": colour,
            "monthly_price_excl_vat": money(excl_vat), "monthly_price_incl_vat": incl_vat,
            "duration_months": duration, "annual_mileage": annual,
            "monthly_mileage": round(annual / 12), "deposit": deposit, "establishment_fee": fee,
            "complete_price": (
                (incl_vat if customer_type == "private" else money(excl_vat)) * duration
                + deposit + fee
            ),
            "co2_emissions": co2,
            "included": included,
            "not_included": [term for term in catalog.CONTRACT_TERMS if term not in included],
            "standard_equipment": list(STANDARD_FEATURES[:8]) + features,
            "photo_url": f"/vehicles/{spec.body_style}-{colour}-side.svg",
            "available": True,
            "updated_at": REFERENCE_TIME - dt.timedelta(days=number),
        })


PRICE_DROPS = (250, 500, 750, 1_000, 1_500, 2_000)  # euros off a purchase price
MONTHLY_DROPS = (10, 15, 20, 25)  # euros off a monthly instalment


def _price_changes(stock: DemoStock, rng: random.Random) -> None:
    """Earlier, higher prices for some vehicles, as imports of the last 60 days recorded
    them: about one in twenty had its purchase price lowered (a few twice), fewer their
    private lease instalment."""
    for price in stock.prices:
        deal_type = price["deal_type"]
        if deal_type == "purchase" and rng.random() < 0.05:
            drops, amount = PRICE_DROPS, price["total_price"]
        elif deal_type == "private_lease" and rng.random() < 0.02:
            drops, amount = MONTHLY_DROPS, price["monthly_installment"]
        else:
            continue
        days_ago = rng.randint(0, 30)
        changes = [(days_ago, Decimal(rng.choice(drops)))]  # newest first
        if rng.random() < 0.25:
            changes.append((days_ago + rng.randint(10, 30), Decimal(rng.choice(drops))))
        rows = []
        for days, drop in changes:  # each change's old amount is the older one's new
            rows.append({"external_id": price["external_id"], "deal_type": deal_type,
                         "old_amount": amount + drop, "new_amount": amount,
                         "days_ago": days})
            amount += drop
        stock.price_changes.extend(reversed(rows))


def generate(n_vehicles: int, seed: int = 7) -> DemoStock:
    """The demo stock with ``n_vehicles`` vehicles; identical for identical arguments."""
    rng = random.Random(seed)
    stock = DemoStock(brands=_brand_rows(), models=_model_rows())
    _location_rows(stock, rng)
    factory = _VehicleFactory(stock, rng)
    for number in range(n_vehicles):
        factory.build(number)
    _lease_offers(stock, rng)
    # A stream of its own: the rest of the demo stays as it was before it had a history.
    _price_changes(stock, random.Random(seed + 1))
    return stock


# --- loading -----------------------------------------------------------------------------

_BATCH = 5_000


def _insert_many(connection: Any, table: Any, rows: Iterable[Row]) -> None:
    batch: list[Row] = []
    for row in rows:
        batch.append(row)
        if len(batch) >= _BATCH:
            connection.execute(insert(table), batch)
            batch = []
    if batch:
        connection.execute(insert(table), batch)


def _without(row: Row, *keys: str) -> Row:
    return {key: value for key, value in row.items() if key not in keys}


def load(engine: Engine, stock: DemoStock) -> None:
    """Insert ``stock`` into an empty database, in one transaction."""
    with engine.begin() as connection:
        _insert_many(connection, Brand.__table__, stock.brands)
        brand_ids = dict(connection.execute(select(Brand.slug, Brand.id)).all())
        _insert_many(connection, Model.__table__, (
            {**_without(row, "brand"), "brand_id": brand_ids[row["brand"]]}
            for row in stock.models
        ))
        model_ids = {
            (brand_id, slug): model_id
            for model_id, brand_id, slug in connection.execute(
                select(Model.id, Model.brand_id, Model.slug)
            )
        }
        _insert_many(connection, Location.__table__,
                     (_without(row, "brands") for row in stock.locations))
        location_ids = dict(connection.execute(select(Location.slug, Location.id)).all())
        _insert_many(connection, LocationBrand.__table__, (
            {"location_id": location_ids[row["slug"]], "brand_id": brand_ids[brand]}
            for row in stock.locations for brand in row["brands"]
        ))
        for table, rows in ((OpeningHours.__table__, stock.opening_hours),
                            (Employee.__table__, stock.employees)):
            _insert_many(connection, table, (
                {**_without(row, "location"), "location_id": location_ids[row["location"]]}
                for row in rows
            ))
        _insert_many(connection, Vehicle.__table__, (
            {**_without(row, "brand", "model", "location"),
             "brand_id": brand_ids[row["brand"]],
             "model_id": model_ids[brand_ids[row["brand"]], row["model"]],
             "location_id": location_ids[row["location"]]}
            for row in stock.vehicles
        ))
        vehicle_ids = dict(connection.execute(select(Vehicle.external_id, Vehicle.id)).all())
        for table, rows in (
            (VehiclePhoto.__table__, stock.photos),
            (VehiclePrice.__table__, stock.prices),
            (VehicleFeature.__table__, stock.features),
            (VehicleConsumption.__table__, stock.consumption),
            (DeliveryPackage.__table__, stock.delivery_packages),
        ):
            _insert_many(connection, table, (
                {**_without(row, "external_id"), "vehicle_id": vehicle_ids[row["external_id"]]}
                for row in rows
            ))
        today = price_history.today()
        _insert_many(connection, PriceChange.__table__, (
            {**_without(row, "external_id", "days_ago"),
             "vehicle_id": vehicle_ids[row["external_id"]],
             "changed_on": today - dt.timedelta(days=row["days_ago"])}
            for row in stock.price_changes
        ))
        _insert_many(connection, LeaseOffer.__table__, (
            {**_without(row, "brand", "model"), "brand_id": brand_ids[row["brand"]],
             "model_id": model_ids[brand_ids[row["brand"]], row["model"]]}
            for row in stock.lease_offers
        ))
        bump_stock_version(connection)


DEFAULT_DEMO_VEHICLES = 2_400


def seed_if_empty(engine: Engine, n_vehicles: int = DEFAULT_DEMO_VEHICLES, seed: int = 7) -> bool:
    """Load the demo stock when the database has no brands yet; True when it did."""
    with engine.connect() as connection:
        if connection.execute(select(func.count()).select_from(Brand.__table__)).scalar_one():
            return False
    load(engine, generate(n_vehicles, seed))
    return True

