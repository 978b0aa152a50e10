# ruff: noqa: E501 - a table reads best one phrasing a line
"""The chat's understanding of free text: 100 phrasings (50 Dutch, 50 German) with the
stock search each one describes, more than 40 a language asking a department's hours or a
monthly price with what each one names, the other questions it recognises, and that
nothing a visitor types makes it fail."""

from __future__ import annotations

from dataclasses import dataclass

import pytest
from hypothesis import given
from hypothesis import strategies as st

from dealer.brands import PLATFORM_BRANDS
from dealer.chat.understand import (
    DEPARTMENTS,
    INTENTS,
    MAX_TEXT,
    Understood,
    Vocabulary,
    understand,
)
from dealer.stock import demo
from dealer.stock.catalog import MONTHLY_DEAL_TYPES
from dealer.stock.query import StockQuery
from dealer.stock.text import slugify

# The demo stock's names, as the stock index gives them.
VOCABULARY = Vocabulary(
    brands=tuple(PLATFORM_BRANDS.items()),
    models=tuple((f"{brand}.{slugify(spec.name)}", spec.name)
                 for brand, specs in demo.MODELS.items() for spec in specs),
    branches=tuple((branch.slug, branch.city) for branch in demo.BRANCHES),
)

NL = [
    ('elektrische SUV onder 30.000', 'body_style=suv&fuel=electric&price_max=30000'),
    ('Hebben jullie een elektrische auto tot 25k?', 'fuel=electric&price_max=25000'),
    ('ik zoek een stationwagen automaat', 'body_style=estate&transmission=automatic'),
    ('Golf Variant diesel vanaf bouwjaar 2019', 'brand=volkswagen&fuel=diesel&model=volkswagen.golf-variant&year_min=2019'),
    ('Seat Leon tussen 20.000 en 30.000 euro', 'brand=seat&model=seat.leon&price_max=30000&price_min=20000'),
    ('zwarte Audi met trekhaak', 'brand=audi&colour=black&equipment=towbar'),
    ('occasion onder 15.000 euro', 'condition=used&price_max=15000'),
    ('nieuwe Skoda Octavia Combi', 'brand=skoda&condition=new&model=skoda.octavia-combi'),
    ('hybride SUV met automaat', 'body_style=suv&fuel=hybrid,hybrid-diesel,hybrid-petrol,mildhybrid,pluginhybrid&transmission=automatic'),
    ('plug-in hybride tot 40.000', 'fuel=pluginhybrid&price_max=40000'),
    ('een 4x4 met meer dan 150 pk', 'drive=four&power_min=150'),
    ('Volkswagen ID.3 met trekhaak onder 40.000', 'brand=volkswagen&equipment=towbar&model=volkswagen.id-3&price_max=40000'),
    ('bestelbus diesel handgeschakeld', 'fuel=diesel&transmission=manual&vehicle_type=van'),
    ('witte cabrio', 'body_style=convertible&colour=white'),
    ('Tiguan vanaf 2021 met minder dan 50.000 km', 'brand=volkswagen&mileage_max=50000&model=volkswagen.tiguan&year_min=2021'),
    ('goedkope Polo tot 12.000 euro', 'brand=volkswagen&model=volkswagen.polo&price_max=12000'),
    ('familieauto met trekhaak', 'body_style=estate,mpv&equipment=towbar'),
    ('Cupra Formentor automaat', 'brand=cupra&model=cupra.formentor&transmission=automatic'),
    ('een rode hatchback', 'body_style=hatchback&colour=red'),
    ('Kodiaq 7 zitplaatsen diesel', 'brand=skoda&fuel=diesel&model=skoda.kodiaq'),
    ('elektrische auto met een kilometerstand onder 20.000 km', 'fuel=electric&mileage_max=20000'),
    ('benzine automaat max 20.000', 'fuel=petrol&price_max=20000&transmission=automatic'),
    ('Audi Q5 uit 2020', 'brand=audi&model=audi.q5&year_max=2020&year_min=2020'),
    ('grijze stationwagen met parkeersensoren', 'body_style=estate&colour=grey&equipment=parking'),
    ('Skoda Enyaq of VW ID.4', 'brand=skoda,volkswagen&model=skoda.enyaq,volkswagen.id-4'),
    ('automaat met cruise control vanaf 2021', 'equipment=cruise_control&transmission=automatic&year_min=2021'),
    ('SUV met cruise control en airco', 'body_style=suv&equipment=air_conditioning,cruise_control'),
    ('mild hybride Audi A3', 'brand=audi&fuel=mildhybrid&model=audi.a3-limousine,audi.a3-sportback'),
    ('Transporter met trekhaak', 'brand=volkswagen-bedrijfswagens&equipment=towbar&model=volkswagen-bedrijfswagens.transporter'),
    ('blauwe Volkswagen Golf handgeschakeld', 'brand=volkswagen&colour=blue&model=volkswagen.golf&transmission=manual'),
    ('tweedehands Tiguan 4motion', 'brand=volkswagen&condition=used&drive=four&model=volkswagen.tiguan'),
    ('elektrische hatchback vanaf 2022', 'body_style=hatchback&fuel=electric&year_min=2022'),
    ('Caddy bestelauto', 'brand=volkswagen-bedrijfswagens&model=volkswagen-bedrijfswagens.caddy&vehicle_type=van'),
    ('zilveren sedan', 'body_style=saloon&colour=silver'),
    ('ik zoek een Arona onder 20k', 'brand=seat&model=seat.arona&price_max=20000'),
    ('auto met airco tot 10.000 euro', 'equipment=air_conditioning&price_max=10000'),
    ('een coupé van Audi', 'body_style=coupe&brand=audi'),
    ('Volkswagen Passat stationwagen hybride', 'body_style=estate&brand=volkswagen&fuel=hybrid,hybrid-diesel,hybrid-petrol,mildhybrid,pluginhybrid&model=volkswagen.passat'),
    ('diesel automaat met trekhaak onder 25.000', 'equipment=towbar&fuel=diesel&price_max=25000&transmission=automatic'),
    ('ID. Buzz', 'brand=volkswagen-bedrijfswagens&model=volkswagen-bedrijfswagens.id-buzz'),
    ('SUV met vierwielaandrijving vanaf 2020', 'body_style=suv&drive=four&year_min=2020'),
    ('Skoda Kamiq benzine niet meer dan 25.000', 'brand=skoda&fuel=petrol&model=skoda.kamiq&price_max=25000'),
    ('auto met meer dan 200 pk', 'power_min=200'),
    ('elektrische SUV bij Utrecht', 'body_style=suv&branch=utrecht&fuel=electric'),
    ('groene auto', 'colour=green'),
    ('Audi A4 Avant met minder dan 100.000 kilometer', 'brand=audi&mileage_max=100000&model=audi.a4-avant'),
    ('T-Roc cabrio nieuw', 'body_style=convertible&brand=volkswagen&condition=new&model=volkswagen.t-roc'),
    ("auto's van CUPRA", 'brand=cupra'),
    ('een MPV met automaat', 'body_style=mpv&transmission=automatic'),
    ('voorwielaandrijving benzine tussen 10.000 en 15.000', 'drive=front&fuel=petrol&price_max=15000&price_min=10000'),
]
DE = [
    ('Kombi Automatik bis 20.000 km', 'body_style=estate&mileage_max=20000&transmission=automatic'),
    ('elektrischer SUV unter 30.000 Euro', 'body_style=suv&fuel=electric&price_max=30000'),
    ('Ich suche einen gebrauchten Golf', 'brand=volkswagen&condition=used&model=volkswagen.golf'),
    ('VW Tiguan Diesel ab Baujahr 2020', 'brand=volkswagen&fuel=diesel&model=volkswagen.tiguan&year_min=2020'),
    ('Habt ihr einen Hybrid bis 35.000 €?', 'fuel=hybrid,hybrid-diesel,hybrid-petrol,mildhybrid,pluginhybrid&price_max=35000'),
    ('schwarzer Audi Q4 e-tron mit Anhängerkupplung', 'brand=audi&colour=black&equipment=towbar&model=audi.q4-e-tron'),
    ('Neuwagen Skoda Superb Combi', 'brand=skoda&condition=new&model=skoda.superb-combi'),
    ('Kleinwagen unter 15.000 Euro', 'body_style=hatchback&price_max=15000'),
    ('Plug-in-Hybrid mit Allradantrieb', 'drive=four&fuel=pluginhybrid'),
    ('Cabrio in Weiß', 'body_style=convertible&colour=white'),
    ('Transporter Diesel mit Schaltgetriebe', 'brand=volkswagen-bedrijfswagens&fuel=diesel&model=volkswagen-bedrijfswagens.transporter&transmission=manual'),
    ('Elektroauto mit Wärmepumpe bis 40.000', 'fuel=electric&price_max=40000'),
    ('Kombi mit Anhängerkupplung unter 300 PS', 'body_style=estate&equipment=towbar&power_max=300'),
    ('Audi A6 Avant Allrad mit mehr als 200 PS', 'brand=audi&drive=four&model=audi.a6-avant&power_min=200'),
    ('Seat Ibiza Benziner', 'brand=seat&fuel=petrol&model=seat.ibiza'),
    ('roter Kombi mit Tempomat', 'body_style=estate&colour=red&equipment=cruise_control'),
    ('Gebrauchtwagen mit weniger als 50.000 km ab 2019', 'condition=used&mileage_max=50000&year_min=2019'),
    ('SUV mit Automatik und Einparkhilfe', 'body_style=suv&equipment=parking&transmission=automatic'),
    ('CUPRA Born', 'brand=cupra&model=cupra.born'),
    ('grauer VW Golf Automatik', 'brand=volkswagen&colour=grey&model=volkswagen.golf&transmission=automatic'),
    ('Limousine ab 2021', 'body_style=saloon&year_min=2021'),
    ('Mildhybrid bis 30.000 Euro', 'fuel=mildhybrid&price_max=30000'),
    ('Nutzfahrzeug mit Anhängerkupplung', 'equipment=towbar&vehicle_type=van'),
    ('Skoda Octavia Kombi Diesel', 'brand=skoda&fuel=diesel&model=skoda.octavia-combi'),
    ('Elektro-SUV mit Allrad', 'body_style=suv&drive=four&fuel=electric'),
    ('blauer Polo', 'brand=volkswagen&colour=blue&model=volkswagen.polo'),
    ('Familienauto mit Klimaanlage', 'body_style=estate,mpv&equipment=air_conditioning'),
    ('Audi A3 Limousine zwischen 25.000 und 35.000 Euro', 'brand=audi&model=audi.a3-limousine&price_max=35000&price_min=25000'),
    ('Lieferwagen mit Automatik', 'transmission=automatic&vehicle_type=van'),
    ('Welche Elektroautos habt ihr in Köln?', 'branch=koeln&fuel=electric'),
    ('günstiger Benziner bis 10.000', 'fuel=petrol&price_max=10000'),
    ('VW ID.7 ab 2024', 'brand=volkswagen&model=volkswagen.id-7&year_min=2024'),
    ('Tarraco mit 7 Sitzen', 'brand=seat&model=seat.tarraco'),
    ('Kompaktwagen mit Schaltgetriebe', 'body_style=hatchback&transmission=manual'),
    ('Coupé mit Heckantrieb', 'body_style=coupe&drive=rear'),
    ('Škoda Kodiaq Allrad', 'brand=skoda&drive=four&model=skoda.kodiaq'),
    ('silberner Kombi bis 100.000 km', 'body_style=estate&colour=silver&mileage_max=100000'),
    ('Hybrid-SUV unter 40.000', 'body_style=suv&fuel=hybrid,hybrid-diesel,hybrid-petrol,mildhybrid,pluginhybrid&price_max=40000'),
    ('Amarok Pick-up', 'brand=volkswagen-bedrijfswagens&model=volkswagen-bedrijfswagens.amarok&vehicle_type=truck'),
    ('Automatik mit Frontantrieb', 'drive=front&transmission=automatic'),
    ('Audi Q2 höchstens 30.000 €', 'brand=audi&model=audi.q2&price_max=30000'),
    ('Elektroauto mit Wärmepumpe ab Baujahr 2023', 'fuel=electric&year_min=2023'),
    ('gebrauchter Passat Variant', 'brand=volkswagen&condition=used&model=volkswagen.passat'),
    ('Neuwagen mit über 150 PS', 'condition=new&power_min=150'),
    ('Ateca Benzin Automatik', 'brand=cupra,seat&fuel=petrol&model=cupra.ateca,seat.ateca&transmission=automatic'),
    ('Cabrio von Audi', 'body_style=convertible&brand=audi'),
    ('Multivan Diesel', 'brand=volkswagen-bedrijfswagens&fuel=diesel&model=volkswagen-bedrijfswagens.multivan'),
    ('SUV bis Baujahr 2018', 'body_style=suv&year_max=2018'),
    ('grüner Skoda', 'brand=skoda&colour=green'),
    ('Fahrzeuge mit Alarmanlage', 'equipment=security'),
]


@pytest.mark.parametrize(("locale", "text", "expected"),
                         [("nl", *row) for row in NL] + [("de", *row) for row in DE])
def test_a_stock_question_is_the_search_it_describes(locale: str, text: str,
                                                     expected: str) -> None:
    understood = understand(text, locale, VOCABULARY)
    assert understood.intent == "stock"
    assert understood.query.to_query_string() == expected
    # The very search the stock overview parses from the same parameters.
    assert understood.query == StockQuery.from_params(
        dict(part.split("=") for part in expected.split("&")))


def test_fifty_phrasings_per_language() -> None:
    assert len(NL) == len(DE) == 50
    assert len({text for text, _ in NL + DE}) == 100


@pytest.mark.parametrize(("locale", "text", "intent", "branch"), [
    ("nl", "Wat zijn de openingstijden in Utrecht?", "branch", "utrecht"),
    ("nl", "Waar zit jullie vestiging in Arnhem?", "branch", "arnhem"),
    ("nl", "Hoe laat zijn jullie open?", "branch", None),
    ("nl", "Wat kost deze auto per maand?", "monthly", None),
    ("nl", "Ik wil graag een proefrit maken", "test_drive", None),
    ("nl", "Kan ik met een medewerker spreken?", "handover", None),
    ("nl", "Bel mij terug alstublieft", "handover", None),
    ("nl", "Hoe is het weer vandaag?", "unknown", None),
    ("de", "Wann habt ihr in Köln geöffnet?", "branch", "koeln"),
    ("de", "Wo ist die Filiale in Düsseldorf?", "branch", "duesseldorf"),
    ("de", "Öffnungszeiten Kleve", "branch", "kleve"),
    ("de", "Was kostet der im Monat?", "monthly", None),
    ("de", "Ich möchte eine Probefahrt machen", "test_drive", None),
    ("de", "Ich möchte mit einem Mitarbeiter sprechen", "handover", None),
    ("de", "Erzähl mir einen Witz", "unknown", None),
])
def test_other_questions(locale: str, text: str, intent: str, branch: str | None) -> None:
    understood = understand(text, locale, VOCABULARY)
    assert (understood.intent, understood.branch) == (intent, branch)


@dataclass(frozen=True)
class Asked:
    """What a question asks: its intent and what it names."""

    intent: str
    branch: str | None = None
    department: str | None = None
    weekdays: tuple[int, ...] = ()
    in_days: int | None = None
    deal_type: str | None = None
    query: str = ""  # the stock search, as a query string
    price_around: int | None = None


def hours(branch: str | None, department: str | None = None, *weekdays: int,
          in_days: int | None = None) -> Asked:
    return Asked("branch", branch, department, weekdays, in_days)


def monthly(query: str = "", deal_type: str | None = None, around: int | None = None,
            branch: str | None = None) -> Asked:
    return Asked("monthly", branch, deal_type=deal_type, query=query, price_around=around)


# Questions about a department's hours and monthly prices: phrasings, typos, umlauts
# written out, amounts as "25k", "25.000", "€ 25000". Monday is 0.
ASKED_NL = [
    ('Wanneer is de werkplaats in Arnhem open?', hours('arnhem', 'workshop')),
    ('Openingstijden werkplaats Utrecht', hours('utrecht', 'workshop')),
    ('Is de werkplaats in Arnhm zaterdag open?', hours('arnhem', 'workshop', 5)),
    ('Kan ik morgen mijn auto voor de APK brengen in Utrecht?', hours('utrecht', 'workshop', in_days=1)),
    ('Hoe laat gaat de showroom in Nijmegen open op zondag?', hours('nijmegen', 'showroom', 6)),
    ('onderdelen Eindhoven openingstijden', hours('eindhoven', 'parts')),
    ('werkplaas venlo vrijdag', hours('venlo', 'workshop', 4)),
    ('Hoe laat sluit de werkplaats in Utrecht vandaag?', hours('utrecht', 'workshop', in_days=0)),
    ('Wanneer kan ik in Amersfoort terecht voor onderhoud?', hours('amersfoort', 'workshop')),
    ('Is de verkoop in Eindhoven op zaterdag geopend?', hours('eindhoven', 'showroom', 5)),
    ('openingstijden showroom Kleve', hours('kleve', 'showroom')),
    ('Tot hoe laat is de garage in Nijmegen open op donderdag?', hours('nijmegen', 'workshop', 3)),
    ('Wanneer is het magazijn voor onderdelen in Venlo open?', hours('venlo', 'parts')),
    ('Zijn jullie in Utrecht dit weekend open?', hours('utrecht', None, 5, 6)),
    ('Openingstijden Arnhem', hours('arnhem')),
    ('Is de werkplaats in Duesseldorf overmorgen open?', hours('duesseldorf', 'workshop', in_days=2)),
    ('Wanneer kan ik mijn auto laten repareren in Eindhoven?', hours('eindhoven', 'workshop')),
    ('Openingstijden servicebeurt Amersfoort maandag', hours('amersfoort', 'workshop', 0)),
    ('hoe laat is de toonzaal in Venlo open', hours('venlo', 'showroom')),
    ('Wanneer is de werkplaats in Nijmegen open op woensdag en vrijdag?', hours('nijmegen', 'workshop', 2, 4)),
    ('Wanneer is de werkplaats open?', hours(None, 'workshop')),
    ('Wat is het maandbedrag bij 25.000 euro?', monthly('price_max=26250&price_min=23750', around=25000)),
    ('Wat kost een Golf per maand?', monthly('brand=volkswagen&model=volkswagen.golf')),
    ('private lease Golf onder 400 euro per maand', monthly('brand=volkswagen&model=volkswagen.golf&monthly_max=400', 'private_lease')),
    ('Wat kost een Tiguan in private lease?', monthly('brand=volkswagen&model=volkswagen.tiguan', 'private_lease')),
    ('financial lease Tiguan', monthly('brand=volkswagen&model=volkswagen.tiguan', 'business_lease')),
    ('zakelijk leasen Audi A4 Avant', monthly('brand=audi&model=audi.a4-avant', 'business_lease')),
    ('Wat betaal ik per maand voor een auto van 20k?', monthly('price_max=21000&price_min=19000', around=20000)),
    ('maandlasten bij € 25000', monthly('price_max=26250&price_min=23750', around=25000)),
    ('Wat kost een auto van 30.000 per maand bij financiering?', monthly('price_max=31500&price_min=28500', 'private_finance', 30000)),
    ('Skoda Octavia Combi financieren', monthly('brand=skoda&model=skoda.octavia-combi', 'private_finance')),
    ('zakelijke financiering voor een Transporter', monthly('brand=volkswagen-bedrijfswagens&model=volkswagen-bedrijfswagens.transporter', 'business_finance')),
    ('privé lease Cupra Born', monthly('brand=cupra&model=cupra.born', 'private_lease')),
    ('Volkswagen ID.3 onder 300 euro per maand', monthly('brand=volkswagen&model=volkswagen.id-3&monthly_max=300')),
    ('lease auto onder 400 per maand', monthly('monthly_max=400', 'private_lease')),
    ('Wat is de maandprijs van een Audi Q4 e-tron?', monthly('brand=audi&model=audi.q4-e-tron')),
    ('elektrische auto lease tot 350 p/m', monthly('fuel=electric&monthly_max=350', 'private_lease')),
    ('Polo private lease €250 pm', monthly('brand=volkswagen&model=volkswagen.polo&monthly_max=250', 'private_lease')),
    ('Seat Leon afbetalen, maandbedrag bij 25k?', monthly('brand=seat&model=seat.leon&price_max=26250&price_min=23750', 'private_finance', 25000)),
    ('Wat kost leasen van een Skoda per maand?', monthly('brand=skoda', 'private_lease')),
    ('privelease SUV tussen 300 en 500 per maand', monthly('body_style=suv&monthly_max=500&monthly_min=300', 'private_lease')),
    ('Wat is het maandbedrag van een CUPRA Formentor bij zakelijke lease?', monthly('brand=cupra&model=cupra.formentor', 'business_lease')),
    ('maandbedrag Golf Variant in Utrecht', monthly('branch=utrecht&brand=volkswagen&model=volkswagen.golf-variant', branch='utrecht')),
]
ASKED_DE = [
    ('Wann hat die Werkstatt in Köln geöffnet?', hours('koeln', 'workshop')),
    ('Öffnungszeiten Werkstatt Kleve', hours('kleve', 'workshop')),
    ('Oeffnungszeiten der Werkstatt in Kleve', hours('kleve', 'workshop')),
    ('Hat die Werkstatt in Duesseldorf am Samstag offen?', hours('duesseldorf', 'workshop', 5)),
    ('Wann ist der Teiledienst in Koeln geöffnet?', hours('koeln', 'parts')),
    ('Werkstatt Nimwegen morgen', hours('nijmegen', 'workshop', in_days=1)),
    ('Wann hat die Werkstat in Duisbrug offen?', hours('duisburg', 'workshop')),
    ('Hat der Verkauf in Düsseldorf am Sonntag auf?', hours('duesseldorf', 'showroom', 6)),
    ('Wann kann ich zum TÜV in Duisburg kommen?', hours('duisburg', 'workshop')),
    ('TUEV Termin Kleve Montag', hours('kleve', 'workshop', 0)),
    ('Ersatzteile Köln Öffnungszeiten', hours('koeln', 'parts')),
    ('Ist die Werkstatt in Köln heute geöffnet?', hours('koeln', 'workshop', in_days=0)),
    ('Wie lange hat das Autohaus in Kleve am Samstag offen?', hours('kleve', 'showroom', 5)),
    ('Öffnungszeiten Ausstellungsraum Düsseldorf', hours('duesseldorf', 'showroom')),
    ('Wann hat die Werkstatt in Utrecht übermorgen geöffnet?', hours('utrecht', 'workshop', in_days=2)),
    ('Inspektion in Duisburg, wann habt ihr offen?', hours('duisburg', 'workshop')),
    ('Hat die Werkstatt in Köln am Wochenende geöffnet?', hours('koeln', 'workshop', 5, 6)),
    ('Wann kann ich mein Auto zur Wartung nach Kleve bringen?', hours('kleve', 'workshop')),
    ('Öffnungszeiten Köln', hours('koeln')),
    ('Wann hat der Service in Düsseldorf am Freitag geöffnet?', hours('duesseldorf', 'workshop', 4)),
    ('Wann ist die Werkstatt in Arnheim offen?', hours('arnhem', 'workshop')),
    ('Wie viel kostet ein ID.3 monatlich im Privatleasing?', monthly('brand=volkswagen&model=volkswagen.id-3', 'private_lease')),
    ('Was kostet ein Golf im Monat?', monthly('brand=volkswagen&model=volkswagen.golf')),
    ('Monatsrate bei 25.000 €', monthly('price_max=26250&price_min=23750', around=25000)),
    ('Finanzierung für einen Skoda Octavia bei 25k', monthly('brand=skoda&model=skoda.octavia&price_max=26250&price_min=23750', 'private_finance', 25000)),
    ('Leasing ab 250 € im Monat für einen Polo', monthly('brand=volkswagen&model=volkswagen.polo&monthly_min=250', 'private_lease')),
    ('Was kostet ein Auto für 30.000 € im Monat?', monthly('price_max=31500&price_min=28500', around=30000)),
    ('Geschäftsleasing Transporter', monthly('brand=volkswagen-bedrijfswagens&model=volkswagen-bedrijfswagens.transporter', 'business_lease')),
    ('Leasing unter 300 Euro im Monat', monthly('monthly_max=300', 'private_lease')),
    ('Elektroauto unter 250 € pro Monat', monthly('fuel=electric&monthly_max=250')),
    ('Privatleasing Audi A3 Sportback', monthly('brand=audi&model=audi.a3-sportback', 'private_lease')),
    ('Gewerbeleasing für einen Caddy', monthly('brand=volkswagen-bedrijfswagens&model=volkswagen-bedrijfswagens.caddy', 'business_lease')),
    ('Finanzierung Tiguan monatliche Rate', monthly('brand=volkswagen&model=volkswagen.tiguan', 'private_finance')),
    ('Ratenkauf Seat Ibiza bis 200 Euro monatlich', monthly('brand=seat&model=seat.ibiza&monthly_max=200', 'private_finance')),
    ('Wie hoch ist die Monatsrate für einen Kodiaq?', monthly('brand=skoda&model=skoda.kodiaq')),
    ('Was kostet ein Auto mit einem Kaufpreis von € 25000 im Monat?', monthly('price_max=26250&price_min=23750', around=25000)),
    ('gewerbliche Finanzierung Audi Q5', monthly('brand=audi&model=audi.q5', 'business_finance')),
    ('Leasingangebote für den Cupra Formentor', monthly('brand=cupra&model=cupra.formentor', 'private_lease')),
    ('Monatliche Rate für einen Kombi bis 400 €', monthly('body_style=estate&monthly_max=400')),
    ('Privat-Leasing für Elektroautos unter 300 Euro', monthly('fuel=electric&monthly_max=300', 'private_lease')),
    ('Finanzierung eines Neuwagens bei 40.000 Euro', monthly('condition=new&price_max=42000&price_min=38000', 'private_finance', 40000)),
    ('Was kostet die Finanzierung von einem Skoda Enyaq pro Monat in Köln?', monthly('branch=koeln&brand=skoda&model=skoda.enyaq', 'private_finance', branch='koeln')),
    ('Wann hat die Werkstatt offen?', hours(None, 'workshop')),
]


@pytest.mark.parametrize(("locale", "text", "asked"),
                         [("nl", *row) for row in ASKED_NL] + [("de", *row) for row in ASKED_DE])
def test_what_a_branch_or_monthly_question_asks(locale: str, text: str, asked: Asked) -> None:
    understood = understand(text, locale, VOCABULARY)
    assert Asked(understood.intent, understood.branch, understood.department,
                 understood.weekdays, understood.in_days, understood.deal_type,
                 understood.query.to_query_string(), understood.price_around) == asked


def test_forty_branch_and_monthly_phrasings_per_language() -> None:
    assert min(len(ASKED_NL), len(ASKED_DE)) >= 40
    assert len({text for text, _ in ASKED_NL + ASKED_DE}) == len(ASKED_NL) + len(ASKED_DE)
    for table in (ASKED_NL, ASKED_DE):
        assert {asked.intent for _, asked in table} == {"branch", "monthly"}
        assert {asked.department for _, asked in table} == {None, *DEPARTMENTS}
        assert {asked.deal_type for _, asked in table} == {None, *MONTHLY_DEAL_TYPES}


def test_a_branch_with_stock_words_filters_the_stock_there() -> None:
    understood = understand("Welche Elektroautos habt ihr in Köln?", "de", VOCABULARY)
    assert understood.intent == "stock"
    assert understood.query.branch == ("koeln",)


@given(st.one_of(st.text(max_size=2 * MAX_TEXT), st.integers(), st.none(),
                 st.lists(st.text())), st.sampled_from(["nl", "de", "fr", ""]))
def test_anything_typed_is_understood_somehow(text: object, locale: str) -> None:
    understood = understand(text, locale, VOCABULARY)
    assert isinstance(understood, Understood)
    assert understood.intent in INTENTS
    assert len(understood.query.to_query_string()) < 2000


@given(st.integers(min_value=3, max_value=150), st.sampled_from(
    ["{k}k", "{k}.000", "€ {k}000", "{k}.000 euro", "{k} duizend", "€{k}k"]),
    st.sampled_from([("nl", "Wat is het maandbedrag bij {amount}?"),
                     ("de", "Monatsrate bei {amount}"),
                     ("nl", "private lease voor een auto van {amount}"),
                     ("de", "Finanzierung für ein Auto um {amount}")]))
def test_a_price_in_a_monthly_question_means_the_cars_around_it(
        thousands: int, written: str, asked: tuple[str, str]) -> None:
    locale, question = asked
    amount = written.format(k=thousands)
    understood = understand(question.format(amount=amount), locale, VOCABULARY)
    price = thousands * 1000
    assert (understood.intent, understood.price_around) == ("monthly", price)
    assert understood.query.price == (round(price * 0.95), round(price * 1.05))
    assert understood.query.monthly == (None, None)


@given(st.integers(min_value=50, max_value=2_499), st.sampled_from(
    ["{n} per maand", "€ {n} p/m", "{n} euro pm", "{n},- per maand", "€{n} /mnd"]))
def test_an_amount_per_month_is_a_monthly_budget(amount: int, written: str) -> None:
    understood = understand(f"lease tot {written.format(n=amount)}", "nl", VOCABULARY)
    assert understood.query.monthly == (None, amount)
    assert understood.query.price == (None, None)


@given(st.text(alphabet="0123456789., km€pkPSbisonder", max_size=60))
def test_numbers_in_any_shape_give_a_valid_search(text: str) -> None:
    query = understand(text, "nl", VOCABULARY).query
    assert query == StockQuery.from_params(query.to_params())


@pytest.mark.parametrize(("locale", "text", "expected"), [
    ("nl", "Heb je een Golf in de buurt van Zeist?", "brand=volkswagen&model=volkswagen.golf&near=Zeist"),
    ("nl", "elektrische SUV bij Apeldoorn", "body_style=suv&fuel=electric&near=Apeldoorn"),
    ("nl", "auto's bij Den Bosch", "near=Den%20Bosch"),
    ("nl", "occasions in de omgeving van 3511 AB", "condition=used&near=3511%20AB"),
    ("nl", "hybride dichtbij Bergen op Zoom onder 30.000", "fuel=hybrid,hybrid-diesel,hybrid-petrol,mildhybrid,pluginhybrid&near=Bergen%20op%20Zoom&price_max=30000"),
    ("nl", "stationwagen near Amsterdam", "body_style=estate&near=Amsterdam"),
    ("de", "Elektroautos in der Nähe von 47533", "fuel=electric&near=47533"),
    ("de", "Gibt es einen Tiguan bei Wesel?", "brand=volkswagen&model=volkswagen.tiguan&near=Wesel"),
    ("de", "Welche Autos habt ihr in der Nähe von Utrecht?", "near=Utrecht"),
    ("de", "Kombi mit Automatik in der Naehe von Krefeld", "body_style=estate&near=Krefeld&transmission=automatic"),
    ("de", "SUV rund um Münster bis 40.000 Euro", "body_style=suv&near=M%C3%BCnster&price_max=40000"),
])
def test_a_place_to_look_from_is_the_searchs_near(locale: str, text: str,
                                                   expected: str) -> None:
    understood = understand(text, locale, VOCABULARY)
    assert understood.intent == "stock"
    assert understood.query.to_query_string() == expected
    assert understood.query.origin is not None and understood.query.sort == "distance_asc"


@pytest.mark.parametrize(("locale", "text", "branch"), [
    ("nl", "elektrische SUV bij Utrecht", "utrecht"),  # a branch's town: that branch
    ("de", "Gibt es einen Polo bei Kleve?", "kleve"),
])
def test_at_a_branchs_town_is_that_branch(locale: str, text: str, branch: str) -> None:
    query = understand(text, locale, VOCABULARY).query
    assert (query.branch, query.near) == ((branch,), "")


@pytest.mark.parametrize("text", ["maandlasten bij € 25000", "Monatsrate bei 25k",
                                  "bij de beste prijs", "um 10 Uhr bei euch",
                                  "Seat Leon rond de 20.000"])
def test_no_place_is_read_into_amounts_or_small_words(text: str) -> None:
    assert understand(text, "nl", VOCABULARY).query.near == ""


NEAR_TEXT = st.one_of(st.text(max_size=80), st.sampled_from(
    ["bij ", "bei ", "in de buurt van ", "in der Nähe von ", "near ", "um ", "rond ",
     "Zeist", "47533", "6511 AB", "Den Bosch", "?", "25.000", "€", "Kleve", " "]))


@given(st.lists(NEAR_TEXT, max_size=8).map("".join), st.sampled_from(["nl", "de"]))
def test_any_text_around_a_place_is_understood_without_error(text: str, locale: str) -> None:
    understood = understand(text, locale, VOCABULARY)
    assert understood.intent in INTENTS
    near = understood.query.near
    assert near == "" or (near in text and understood.query.origin is not None)
    assert understood.query == StockQuery.from_params(understood.query.to_params())
