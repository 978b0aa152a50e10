"""The vocabularies of the stock: every key an enumerated field may hold.

Order matters: it is the order in which filter options and labels are shown.
Labels for all keys live in ``dealer.stock.labels``.
"""

from __future__ import annotations

FUELS = (
    "petrol",
    "diesel",
    "electric",
    "hybrid",
    "hybrid-diesel",
    "hybrid-petrol",
    "mildhybrid",
    "pluginhybrid",
)
ELECTRIFIED_FUELS = ("hybrid", "hybrid-diesel", "hybrid-petrol", "mildhybrid", "pluginhybrid")
# Lease offers come from a lease company that uses its own fuel names.
LEASE_FUELS = (
    "gasoline",
    "diesel",
    "electric",
    "diesel-hybrid",
    "gasoline-hybrid",
    "gasoline-diesel",
)
VEHICLE_TYPES = ("passenger", "van", "truck")
CONDITIONS = ("new", "used")
BODY_STYLES = ("hatchback", "coupe", "convertible", "saloon", "estate", "suv", "mpv")
TRANSMISSIONS = ("manual", "automatic")
DRIVE_TYPES = ("front", "rear", "four")
COLOURS = (
    "black",
    "white",
    "grey",
    "silver",
    "blue",
    "red",
    "green",
    "brown",
    "beige",
    "yellow",
    "orange",
)
INTERIOR_MATERIALS = ("cloth", "leather", "partial_leather", "alcantara", "leatherette")
EMISSION_CLASSES = (
    "euro5", "euro6", "euro6c", "euro6d_temp", "euro6d", "euro6e", "zero_emission"
)
CO2_CLASSES = ("A", "B", "C", "D", "E", "F", "G")
SMARTPHONE_INTEGRATIONS = ("apple_carplay", "android_auto", "mirror_link")

DEAL_TYPES = ("purchase", "private_lease", "business_lease", "private_finance", "business_finance")
MONTHLY_DEAL_TYPES = DEAL_TYPES[1:]
ACTIONS = ("testdrive", "interest")
TEST_DRIVE_MODES = ("form", "autochat")
FIXED_INTEREST_PERIODS = ("fixed", "variable", "months")

QUICK_ENTRY_TYPES = ("electric", "hybrid", "compact", "high_entry", "family", "company_car")

ALLOY_WHEEL_SIZES = tuple(range(13, 24))

# The equipment catalogue; a vehicle lists the keys it has.
FEATURES = (
    "abs",
    "esp",
    "airbag_driver",
    "airbag_passenger",
    "side_airbags",
    "curtain_airbags",
    "knee_airbag",
    "isofix",
    "alarm",
    "immobiliser",
    "keyless_entry",
    "central_locking",
    "lane_assist",
    "blind_spot_assist",
    "emergency_brake_assist",
    "traffic_sign_recognition",
    "cruise_control",
    "adaptive_cruise_control",
    "air_conditioning",
    "climate_control",
    "climate_control_2_zone",
    "climate_control_3_zone",
    "parking_sensors_front",
    "parking_sensors_rear",
    "parking_camera",
    "camera_360",
    "park_assist",
    "tow_bar",
    "tow_bar_detachable",
    "tow_bar_swivelling",
    "navigation_system",
    "digital_cockpit",
    "head_up_display",
    "bluetooth",
    "dab_radio",
    "wireless_charging",
    "premium_audio",
    "heated_seats",
    "heated_steering_wheel",
    "electric_seats",
    "massage_seats",
    "sport_seats",
    "panoramic_roof",
    "sunroof",
    "led_headlights",
    "matrix_led_headlights",
    "xenon_headlights",
    "light_sensor",
    "rain_sensor",
    "electric_windows",
    "electric_mirrors",
    "electric_tailgate",
    "privacy_glass",
    "roof_rails",
    "metallic_paint",
    "sport_suspension",
    "adaptive_suspension",
    "heat_pump",
    "fast_charging",
    "start_stop",
    "sliding_door",
    "partition_wall",
    "camper_berth",
    "camper_berth_roof",
    "camper_lounge",
    "camper_lounge_swivel_seats",
    *(f"alloy_wheels_{size}" for size in ALLOY_WHEEL_SIZES),
)

# Equipment filters of the stock search: a vehicle matches when it has any key of the group.
EQUIPMENT_FILTERS: dict[str, tuple[str, ...]] = {
    "towbar": ("tow_bar", "tow_bar_detachable", "tow_bar_swivelling"),
    "cruise_control": ("cruise_control", "adaptive_cruise_control"),
    "parking": ("parking_sensors_front", "parking_sensors_rear", "parking_camera", "camera_360",
                "park_assist"),
    "airbags": ("airbag_driver", "airbag_passenger", "side_airbags", "curtain_airbags",
                "knee_airbag"),
    "security": ("alarm", "immobiliser", "keyless_entry"),
    "air_conditioning": ("air_conditioning", "climate_control", "climate_control_2_zone",
                         "climate_control_3_zone"),
}

DELIVERY_PACKAGES = ("basic", "comfort", "premium")
DELIVERY_ITEMS = (
    "registration",
    "licence_plates",
    "full_tank",
    "cleaning",
    "inspection",
    "floor_mats",
    "winter_tyres",
    "warranty_extension",
    "maintenance_1_year",
)

# Contract terms of a lease offer: each is either included or not included.
CONTRACT_TERMS = (
    "insurance",
    "maintenance",
    "road_tax",
    "tyres",
    "replacement_vehicle",
    "roadside_assistance",
    "fuel_card",
    "green_ownership_transfer",
)
LEASE_CUSTOMER_TYPES = ("private", "business")

SERVICES = (
    "sales",
    "used_cars",
    "workshop",
    "bodywork",
    "tyres",
    "lease",
    "rental",
    "ev_charging",
    "inspection",
    "commercial_vehicles",
)
OPENING_DEPARTMENTS = ("showroom", "workshop", "parts")
WEEKDAYS = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")
DEPARTMENTS = ("management", "sales", "service", "lease", "parts", "administration")
JOB_TITLES = (
    "branch_manager",
    "sales_manager",
    "sales_advisor",
    "business_sales_advisor",
    "lease_specialist",
    "service_manager",
    "service_advisor",
    "technician",
    "parts_advisor",
    "receptionist",
)
