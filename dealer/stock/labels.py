"""Visible labels of every stock vocabulary key, translated via the "stock" catalog.

``label("fuel", "pluginhybrid", "de") == "Plug-in-Hybrid"``. The msgids are English;
the Dutch and German translations live in ``locales/{nl,de}/LC_MESSAGES/stock.po``.
"""

from __future__ import annotations

from dealer.i18n import N_, gettext
from dealer.stock import catalog

DOMAIN = "stock"

_FEATURES = {
    "abs": N_("ABS"),
    "esp": N_("Electronic stability control (ESP)"),
    "airbag_driver": N_("Driver airbag"),
    "airbag_passenger": N_("Passenger airbag"),
    "side_airbags": N_("Side airbags"),
    "curtain_airbags": N_("Curtain airbags"),
    "knee_airbag": N_("Knee airbag"),
    "isofix": N_("Isofix child seat anchors"),
    "alarm": N_("Alarm system"),
    "immobiliser": N_("Immobiliser"),
    "keyless_entry": N_("Keyless entry"),
    "central_locking": N_("Central locking"),
    "lane_assist": N_("Lane assist"),
    "blind_spot_assist": N_("Blind spot assist"),
    "emergency_brake_assist": N_("Emergency brake assist"),
    "traffic_sign_recognition": N_("Traffic sign recognition"),
    "cruise_control": N_("Cruise control"),
    "adaptive_cruise_control": N_("Adaptive cruise control"),
    "air_conditioning": N_("Air conditioning"),
    "climate_control": N_("Climate control"),
    "climate_control_2_zone": N_("2-zone climate control"),
    "climate_control_3_zone": N_("3-zone climate control"),
    "parking_sensors_front": N_("Parking sensors front"),
    "parking_sensors_rear": N_("Parking sensors rear"),
    "parking_camera": N_("Reversing camera"),
    "camera_360": N_("360° camera"),
    "park_assist": N_("Park assist"),
    "tow_bar": N_("Tow bar"),
    "tow_bar_detachable": N_("Detachable tow bar"),
    "tow_bar_swivelling": N_("Swivelling tow bar"),
    "navigation_system": N_("Navigation system"),
    "digital_cockpit": N_("Digital cockpit"),
    "head_up_display": N_("Head-up display"),
    "bluetooth": N_("Bluetooth"),
    "dab_radio": N_("DAB+ radio"),
    "wireless_charging": N_("Wireless phone charging"),
    "premium_audio": N_("Premium sound system"),
    "heated_seats": N_("Heated front seats"),
    "heated_steering_wheel": N_("Heated steering wheel"),
    "electric_seats": N_("Electrically adjustable seats"),
    "massage_seats": N_("Massage seats"),
    "sport_seats": N_("Sport seats"),
    "panoramic_roof": N_("Panoramic roof"),
    "sunroof": N_("Sunroof"),
    "led_headlights": N_("LED headlights"),
    "matrix_led_headlights": N_("Matrix LED headlights"),
    "xenon_headlights": N_("Xenon headlights"),
    "light_sensor": N_("Light sensor"),
    "rain_sensor": N_("Rain sensor"),
    "electric_windows": N_("Electric windows"),
    "electric_mirrors": N_("Electric mirrors"),
    "electric_tailgate": N_("Electric tailgate"),
    "privacy_glass": N_("Privacy glass"),
    "roof_rails": N_("Roof rails"),
    "metallic_paint": N_("Metallic paint"),
    "sport_suspension": N_("Sport suspension"),
    "adaptive_suspension": N_("Adaptive suspension"),
    "heat_pump": N_("Heat pump"),
    "fast_charging": N_("DC fast charging"),
    "start_stop": N_("Start-stop system"),
    "sliding_door": N_("Sliding side door"),
    "partition_wall": N_("Partition wall"),
    "camper_berth": N_("Camper bed"),
    "camper_berth_roof": N_("Pop-up roof bed"),
    "camper_lounge": N_("Camper lounge"),
    "camper_lounge_swivel_seats": N_("Lounge with swivel seats"),
}
_ALLOY_WHEELS = N_("Alloy wheels {size}\"")

LABELS: dict[str, dict[str, str]] = {
    "fuel": {
        "petrol": N_("Petrol"),
        "diesel": N_("Diesel"),
        "electric": N_("Electric"),
        "hybrid": N_("Hybrid"),
        "hybrid-diesel": N_("Hybrid (diesel)"),
        "hybrid-petrol": N_("Hybrid (petrol)"),
        "mildhybrid": N_("Mild hybrid"),
        "pluginhybrid": N_("Plug-in hybrid"),
    },
    "lease_fuel": {
        "gasoline": N_("Petrol"),
        "diesel": N_("Diesel"),
        "electric": N_("Electric"),
        "diesel-hybrid": N_("Hybrid (diesel)"),
        "gasoline-hybrid": N_("Hybrid (petrol)"),
        "gasoline-diesel": N_("Petrol or diesel"),
    },
    "vehicle_type": {"passenger": N_("Passenger car"), "van": N_("Van"), "truck": N_("Truck")},
    "condition": {"new": N_("New"), "used": N_("Used")},
    "body_style": {
        "hatchback": N_("Hatchback"),
        "coupe": N_("Coupé"),
        "convertible": N_("Convertible"),
        "saloon": N_("Saloon"),
        "estate": N_("Estate"),
        "suv": N_("SUV"),
        "mpv": N_("MPV"),
    },
    "transmission": {"manual": N_("Manual"), "automatic": N_("Automatic")},
    "drive_type": {
        "front": N_("Front-wheel drive"),
        "rear": N_("Rear-wheel drive"),
        "four": N_("Four-wheel drive"),
    },
    "colour": {
        "black": N_("Black"),
        "white": N_("White"),
        "grey": N_("Grey"),
        "silver": N_("Silver"),
        "blue": N_("Blue"),
        "red": N_("Red"),
        "green": N_("Green"),
        "brown": N_("Brown"),
        "beige": N_("Beige"),
        "yellow": N_("Yellow"),
        "orange": N_("Orange"),
    },
    "interior_material": {
        "cloth": N_("Cloth"),
        "leather": N_("Leather"),
        "partial_leather": N_("Part leather"),
        "alcantara": N_("Alcantara"),
        "leatherette": N_("Leatherette"),
    },
    "emissions_class": {
        "euro5": N_("Euro 5"),
        "euro6": N_("Euro 6"),
        "euro6c": N_("Euro 6c"),
        "euro6d_temp": N_("Euro 6d-TEMP"),
        "euro6d": N_("Euro 6d"),
        "euro6e": N_("Euro 6e"),
        "zero_emission": N_("Zero emission"),
    },
    "smartphone_integration": {
        "apple_carplay": N_("Apple CarPlay"),
        "android_auto": N_("Android Auto"),
        "mirror_link": N_("MirrorLink"),
    },
    "feature": _FEATURES,
    "equipment": {
        "towbar": N_("Tow bar"),
        "cruise_control": N_("Cruise control"),
        "parking": N_("Parking aid"),
        "airbags": N_("Airbags"),
        "security": N_("Security"),
        "air_conditioning": N_("Air conditioning"),
    },
    "deal_type": {
        "purchase": N_("Purchase"),
        "private_lease": N_("Private lease"),
        "business_lease": N_("Business lease"),
        "private_finance": N_("Private finance"),
        "business_finance": N_("Business finance"),
    },
    "action": {"testdrive": N_("Book a test drive"), "interest": N_("I'm interested")},
    "fixed_interest_period": {
        "fixed": N_("Fixed for the whole term"),
        "variable": N_("Variable"),
        "months": N_("Fixed for a number of months"),
    },
    "sort": {
        "price_asc": N_("Price (low to high)"),
        "price_desc": N_("Price (high to low)"),
        "mileage_asc": N_("Mileage (low to high)"),
        "mileage_desc": N_("Mileage (high to low)"),
        "year_asc": N_("Year (old to new)"),
        "year_desc": N_("Year (new to old)"),
        "private_lease_asc": N_("Private lease per month (low to high)"),
        "private_lease_desc": N_("Private lease per month (high to low)"),
        "business_lease_asc": N_("Business lease per month (low to high)"),
        "business_lease_desc": N_("Business lease per month (high to low)"),
        "private_finance_asc": N_("Private finance per month (low to high)"),
        "private_finance_desc": N_("Private finance per month (high to low)"),
        "business_finance_asc": N_("Business finance per month (low to high)"),
        "business_finance_desc": N_("Business finance per month (high to low)"),
    },
    "filter": {
        "q": N_("Search"),
        "brand": N_("Brand"),
        "model": N_("Model"),
        "condition": N_("New or used"),
        "fuel": N_("Fuel"),
        "body_style": N_("Body style"),
        "transmission": N_("Transmission"),
        "drive": N_("Drive"),
        "colour": N_("Colour"),
        "branch": N_("Branch"),
        "equipment": N_("Equipment"),
        "price": N_("Price"),
        "monthly": N_("Monthly price"),
        "mileage": N_("Mileage"),
        "year": N_("Year"),
        "power": N_("Power (hp)"),
        "electric": N_("Electric only"),
        "vat_reportable": N_("VAT deductible"),
    },
    "quick_entry": {
        "electric": N_("Electric"),
        "hybrid": N_("Hybrid"),
        "compact": N_("Compact"),
        "high_entry": N_("High seating position"),
        "family": N_("Family car"),
        "company_car": N_("Company car"),
    },
    "service": {
        "sales": N_("New car sales"),
        "used_cars": N_("Used cars"),
        "workshop": N_("Workshop"),
        "bodywork": N_("Bodywork repair"),
        "tyres": N_("Tyre service"),
        "lease": N_("Leasing"),
        "rental": N_("Car rental"),
        "ev_charging": N_("EV charging"),
        "inspection": N_("Roadworthiness test"),
        "commercial_vehicles": N_("Commercial vehicles"),
    },
    "opening_department": {"showroom": N_("Showroom"), "workshop": N_("Workshop")},
    "weekday": {
        "monday": N_("Monday"),
        "tuesday": N_("Tuesday"),
        "wednesday": N_("Wednesday"),
        "thursday": N_("Thursday"),
        "friday": N_("Friday"),
        "saturday": N_("Saturday"),
        "sunday": N_("Sunday"),
    },
    "department": {
        "management": N_("Management"),
        "sales": N_("Sales"),
        "service": N_("Service"),
        "lease": N_("Leasing"),
        "parts": N_("Parts"),
        "administration": N_("Administration"),
    },
    "job_title": {
        "branch_manager": N_("Branch manager"),
        "sales_manager": N_("Sales manager"),
        "sales_advisor": N_("Sales advisor"),
        "business_sales_advisor": N_("Business sales advisor"),
        "lease_specialist": N_("Leasing specialist"),
        "service_manager": N_("Service manager"),
        "service_advisor": N_("Service advisor"),
        "technician": N_("Technician"),
        "parts_advisor": N_("Parts advisor"),
        "receptionist": N_("Receptionist"),
    },
    "delivery_package": {
        "basic": N_("Basic delivery"),
        "comfort": N_("Comfort delivery"),
        "premium": N_("Premium delivery"),
    },
    "delivery_item": {
        "registration": N_("Registration"),
        "licence_plates": N_("Licence plates"),
        "full_tank": N_("Full tank or charged battery"),
        "cleaning": N_("Thorough cleaning"),
        "inspection": N_("Pre-delivery inspection"),
        "floor_mats": N_("Floor mats"),
        "winter_tyres": N_("Set of winter tyres"),
        "warranty_extension": N_("Warranty extension"),
        "maintenance_1_year": N_("Maintenance for one year"),
    },
    "contract_term": {
        "insurance": N_("Insurance"),
        "maintenance": N_("Maintenance and repairs"),
        "road_tax": N_("Road tax"),
        "tyres": N_("Tyres"),
        "replacement_vehicle": N_("Replacement vehicle"),
        "roadside_assistance": N_("Roadside assistance"),
        "fuel_card": N_("Fuel card"),
        "green_ownership_transfer": N_("Ownership transfer"),
    },
    "customer_type": {"private": N_("Private"), "business": N_("Business")},
    "test_drive_mode": {"form": N_("Form"), "autochat": N_("Chat")},
}


def label(kind: str, key: str, locale: str) -> str:
    """The visible name of ``key`` of vocabulary ``kind`` in ``locale``.

    Alloy wheel sizes (``alloy_wheels_18``) share one message; an unknown key is
    shown as itself, readable ("tow_bar" -> "Tow bar"), rather than failing a page.
    """
    if kind == "feature" and key.startswith("alloy_wheels_"):
        return gettext(locale, _ALLOY_WHEELS, DOMAIN, size=key.rsplit("_", 1)[1])
    if kind == "weekday" and key.isdigit() and int(key) < len(catalog.WEEKDAYS):
        key = catalog.WEEKDAYS[int(key)]
    msgid = LABELS.get(kind, {}).get(key)
    if msgid is None:
        return key.replace("_", " ").replace("-", " ").capitalize()
    return gettext(locale, msgid, DOMAIN)


def msgids() -> list[str]:
    """Every msgid of the stock domain, for catalog maintenance and tests."""
    found = [msgid for labels in LABELS.values() for msgid in labels.values()]
    return list(dict.fromkeys([*found, _ALLOY_WHEELS]))
