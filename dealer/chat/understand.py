"""A visitor's chat question in Dutch or German, understood: what is asked (the intent)
and, for a question about the stock, the stock search it describes.

``understand("elektrische SUV onder 30.000", "nl", vocabulary)`` gives the intent
``stock`` and the ``StockQuery`` of ``fuel=electric&body_style=suv&price_max=30000``.
The search is built from URL parameters by ``StockQuery.from_params``, the parser of the
stock overview itself, so a chat answer and the listing it links to always agree.

Plain word lists, no outside service: the words are folded (lower case, no accents) and
matched as whole words, the longest phrase first ("plug-in hybride" before "hybride",
"Golf Variant" before "Golf"); Dutch and German adjective endings are tried off
("elektrische", "schwarzen"). Numbers are read with their unit ("20.000 km", "150 PS",
"300 per maand") and the word before them ("onder", "bis", "ab", "vanaf"). Anything
a visitor types gives an answer: the text is cut at ``MAX_TEXT`` and never raises.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

from dealer import params
from dealer.stock import catalog
from dealer.stock.query import StockQuery
from dealer.stock.text import fold

MAX_TEXT = 300
INTENTS = ("stock", "branch", "monthly", "handover", "test_drive", "unknown")

# (filter key, value) pairs a word stands for.
Meaning = tuple[tuple[str, str], ...]


@dataclass(frozen=True)
class Vocabulary:
    """The names the data gives: brands (slug, name), models ("brand.model", name) and
    branches (slug, city)."""

    brands: tuple[tuple[str, str], ...] = ()
    models: tuple[tuple[str, str], ...] = ()
    branches: tuple[tuple[str, str], ...] = ()


@dataclass(frozen=True)
class Understood:
    intent: str
    query: StockQuery = field(default_factory=StockQuery)
    branch: str | None = None  # a branch the question names (slug)


def _words(text: str) -> str:
    return " ".join(re.sub(r"[^a-z0-9]+", " ", fold(text)).split())


def _same(key: str, value: str, *phrases: str) -> dict[str, Meaning]:
    return {_words(phrase): ((key, value),) for phrase in phrases}


_HYBRIDS = tuple(("fuel", fuel) for fuel in catalog.ELECTRIFIED_FUELS)

# Filter words of both languages (a Dutch visitor on the German site still gets an answer).
_FILTER_WORDS: dict[str, Meaning] = {
    **_same("fuel", "electric", "elektrisch", "elektro", "electric", "ev", "evs", "bev",
            "elektroauto", "elektroautos", "elektrofahrzeug", "e auto", "stroomauto",
            "volledig elektrisch", "vollelektrisch", "stroom"),
    **_same("fuel", "petrol", "benzine", "benziner", "benzin", "petrol", "benzinemotor"),
    **_same("fuel", "diesel", "diesel", "dieselmotor", "tdi"),
    **{word: _HYBRIDS for word in ("hybride", "hybrid", "hybridauto", "hybridfahrzeug")},
    **_same("fuel", "pluginhybrid", "plug in hybride", "plug in hybrid", "plugin hybride",
            "plugin hybrid", "phev", "plug in"),
    **_same("fuel", "mildhybrid", "mild hybride", "mild hybrid", "mildhybrid"),
    **_same("body_style", "suv", "suv", "crossover", "gelandewagen"),
    **_same("body_style", "estate", "stationwagen", "stationwagon", "station", "combi",
            "kombi", "estate", "break"),
    **_same("body_style", "hatchback", "hatchback", "compact", "kompakt", "kompaktwagen",
            "kleinwagen", "stadsauto", "stadtauto"),
    **_same("body_style", "saloon", "sedan", "limousine", "limo", "stufenheck"),
    **_same("body_style", "convertible", "cabrio", "cabriolet", "convertible"),
    **_same("body_style", "coupe", "coupe"),
    **_same("body_style", "mpv", "mpv", "monovolume", "ruimtewagen", "minivan"),
    **{word: (("body_style", "estate"), ("body_style", "mpv"))
       for word in ("familieauto", "gezinsauto", "familienauto", "familienwagen")},
    **_same("vehicle_type", "van", "bestelauto", "bestelbus", "bestelwagen", "bedrijfsauto",
            "bedrijfswagen", "lieferwagen", "kastenwagen", "nutzfahrzeug"),
    **_same("vehicle_type", "truck", "pick up", "pickup", "vrachtwagen", "lkw"),
    **_same("vehicle_type", "passenger", "personenauto", "personenwagen", "pkw"),
    **_same("condition", "new", "nieuw", "neu", "neuwagen", "fabrieksnieuw"),
    **_same("condition", "used", "occasion", "occasions", "tweedehands", "gebruikt",
            "gebraucht", "gebrauchtwagen", "jahreswagen"),
    **_same("transmission", "automatic", "automaat", "automatisch", "automatic", "automatik",
            "dsg", "s tronic", "tiptronic", "automatikgetriebe"),
    **_same("transmission", "manual", "handgeschakeld", "handbak", "schakelbak", "handmatig",
            "manual", "handschaltung", "schaltgetriebe", "schaltwagen", "schalter", "manuell",
            "handschalter"),
    **_same("drive", "four", "4x4", "4 x 4", "4wd", "awd", "vierwielaandrijving", "allrad",
            "allradantrieb", "quattro", "4motion"),
    **_same("drive", "front", "voorwielaandrijving", "frontantrieb", "vorderradantrieb"),
    **_same("drive", "rear", "achterwielaandrijving", "heckantrieb", "hinterradantrieb"),
    **_same("colour", "black", "zwart", "schwarz"),
    **_same("colour", "white", "wit", "witte", "weiss"),
    **_same("colour", "grey", "grijs", "grijze", "grau"),
    **_same("colour", "silver", "zilver", "zilveren", "silber", "silbern"),
    **_same("colour", "blue", "blauw", "blau"),
    **_same("colour", "red", "rood", "rode", "rot"),
    **_same("colour", "green", "groen", "grun"),
    **_same("colour", "brown", "bruin", "braun"),
    **_same("colour", "beige", "beige"),
    **_same("colour", "yellow", "geel", "gele", "gelb"),
    **_same("colour", "orange", "oranje", "orange"),
    **_same("equipment", "towbar", "trekhaak", "anhangerkupplung", "ahk"),
    **_same("equipment", "cruise_control", "cruise control", "cruisecontrol", "tempomat",
            "adaptive cruise control", "acc"),
    **_same("equipment", "parking", "parkeersensoren", "parkeerhulp", "parkeercamera",
            "achteruitrijcamera", "pdc", "einparkhilfe", "parksensoren", "ruckfahrkamera",
            "parkassistent", "park assist"),
    **_same("equipment", "airbags", "airbags"),
    **_same("equipment", "security", "alarm", "alarmanlage", "alarmsysteem", "keyless"),
    **_same("equipment", "air_conditioning", "airco", "airconditioning", "climate control",
            "klimaanlage", "klima", "klimaautomatik", "clima"),
}
_BRAND_ALIASES = {
    "vw": "volkswagen",
    "vw bedrijfswagens": "volkswagen-bedrijfswagens",
    "vw nutzfahrzeuge": "volkswagen-bedrijfswagens",
    "volkswagen nutzfahrzeuge": "volkswagen-bedrijfswagens",
    "bedrijfswagens": "volkswagen-bedrijfswagens",
    "nutzfahrzeuge": "volkswagen-bedrijfswagens",
}

_INTENT_WORDS: dict[str, tuple[str, ...]] = {
    "test_drive": ("proefrit", "proefritje", "proefrijden", "proef rijden", "testrit",
                   "probefahrt", "probefahren", "probe fahren", "testfahrt"),
    "handover": ("medewerker", "mens", "persoon", "verkoper", "adviseur", "iemand spreken",
                 "met iemand", "bel mij", "terugbellen", "terug bellen", "bellen",
                 "contact opnemen", "mitarbeiter", "mensch", "menschen", "berater", "verkaufer",
                 "ruckruf", "zuruckrufen", "ruft mich", "anrufen", "ansprechpartner",
                 "mit jemandem", "persoonlijk", "personlich"),
    "hours": ("openingstijden", "openingsuren", "open", "geopend", "hoe laat", "wanneer",
              "offnungszeiten", "geoffnet", "offen", "wann", "uhr"),
    "address": ("adres", "adresse", "waar", "wo", "route", "routebeschrijving", "anfahrt",
                "vestiging", "vestigingen", "standort", "standorte", "filiale", "filialen",
                "gevestigd", "liegt", "bezoekadres"),
    "monthly": ("per maand", "maandbedrag", "maandprijs", "maandlast", "maandtermijn",
                "maandelijks", "per monat", "pro monat", "im monat", "monatlich", "monatsrate",
                "rate", "raten", "finanzierung", "finanzieren", "financiering", "financieren",
                "lease", "leasen", "leasing", "leaseprijs", "afbetalen", "monatlichen"),
    "stock": ("auto", "autos", "auto s", "wagen", "voertuig", "voertuigen", "fahrzeug",
              "fahrzeuge", "zoek", "zoeken", "suche", "suchen", "aanbod", "voorraad",
              "angebot", "angebote", "bestand", "hebben jullie", "habt ihr", "gibt es"),
}

# Adjective and plural endings tried off a word that is not in the lists as it stands.
_ENDINGS = ("en", "er", "es", "em", "e", "s")

# --- numbers -------------------------------------------------------------------------

_NUMBER = re.compile(
    r"(?<![\w.,])(?P<number>\d{1,3}(?:[., ]\d{3})+|\d+)(?:,-+)?"
    r"(?:\s*(?P<thousand>k|duizend|dzd|tsd|tausend)\b)?"
    r"(?:\s*(?P<unit>km|kilometers?|kilometern|pk|ps|kw|euro?s?\b|€))?"
    r"(?P<monthly>\s*(?:per|pro|p|im|a|/|in de)\s*(?:maand|monat|mnd|m)\b"
    r"|\s*(?:maandelijks|monatlich|mtl))?"
)
_MAX_CUES = ("onder", "tot", "max", "maximaal", "maximum", "hooguit", "hoogstens",
             "minder dan", "niet meer dan", "beneden", "bis", "unter", "hochstens", "maximal",
             "weniger als", "nicht mehr als", "budget", "bis zu", "en", "und", "ouder dan",
             "alter als", "voor", "vor", "tot en met")
_MIN_CUES = ("vanaf", "boven", "meer dan", "minimaal", "minstens", "ten minste", "na", "ab",
             "uber", "mehr als", "mindestens", "nach", "jonger dan", "neuer als", "tussen",
             "zwischen", "van", "von", "sinds", "seit")
# Words that may stand between a cue and its number: "vanaf bouwjaar 2020", "bis 20.000 €".
_BETWEEN = frozenset((
    "euro", "eur", "de", "die", "het", "een", "ein", "einen", "an", "bouwjaar", "baujahr",
    "jahrgang", "erstzulassung", "ez", "km", "kilometer", "kilometerstand", "laufleistung",
    "prijs", "preis", "vermogen", "leistung", "maandbedrag", "rate", "monatsrate", "ca",
    "circa", "etwa", "ongeveer", "zo", "um",
))
_MILEAGE_CUES = ("kilometerstand", "km stand", "laufleistung", "kilometer", "gelopen",
                 "gefahren", "tellerstand")
_MONTHLY_CUES = ("per maand", "maandbedrag", "maandprijs", "monatsrate", "rate", "pro monat",
                 "im monat", "monatlich", "lease", "leasen", "leasing")
_YEARS = range(1980, 2036)


def _amount(match: re.Match[str]) -> int | None:
    digits = re.sub(r"[., ]", "", match["number"])
    amount = params.integer(digits[:9])
    if amount is not None and match["thousand"]:
        amount *= 1000
    return amount


def _cue(before: str, cues: Iterable[str]) -> bool:
    """Whether ``before`` (the words in front of a number) ends in one of ``cues``,
    allowing a currency word or an article between."""
    words = before.split()
    while words and words[-1] in _BETWEEN:
        words.pop()
    tail = " ".join(words)
    return any(tail == cue or tail.endswith(" " + cue) for cue in cues)


def _near(before: str, cues: Iterable[str], words: int = 4) -> bool:
    recent = " " + " ".join(before.split()[-words:]) + " "
    return any(f" {cue} " in recent for cue in cues)


def _numbers(folded: str, changes: dict[str, list[str]]) -> str:
    """Read the numbers of ``folded`` into range parameters; the text without them."""
    rest = folded
    for match in _NUMBER.finditer(folded):
        amount = _amount(match)
        if amount is None:
            continue
        before = _words(folded[max(0, match.start() - 40):match.start()])
        unit = (match["unit"] or "").strip()
        is_max, is_min = _cue(before, _MAX_CUES), _cue(before, _MIN_CUES)
        if unit in ("pk", "ps", "kw"):
            key = "power"
            amount = round(amount * 1.36) if unit == "kw" else amount
            is_min = is_min or not is_max  # "150 pk": at least that strong
        elif unit.startswith("k") or _near(before, _MILEAGE_CUES):
            key = "mileage"
        elif match["monthly"] or _near(before, _MONTHLY_CUES) or _near(
                _words(folded[match.end():match.end() + 20]), ("per maand", "pro monat",
                                                               "im monat", "monatlich")):
            key = "monthly"
        elif amount in _YEARS and match["number"].isdigit() and not (unit or match["thousand"]):
            key = "year"
            if not (is_max or is_min):  # "bouwjaar 2020": that year
                is_max = is_min = True
        elif amount >= 500 or match["thousand"] or unit.startswith(("e", "€")):
            key = "price"
        else:
            continue
        rest = rest[:match.start()] + " " * (match.end() - match.start()) + rest[match.end():]
        if key == "price" and not (is_min or is_max) and changes.get("price_max"):
            is_min = True  # "20.000 - 30.000"
        bounds = ("min", "max") if is_min and is_max and key == "year" else (
            ("min",) if is_min and not is_max else ("max",))
        for bound in bounds:
            changes.setdefault(f"{key}_{bound}", []).append(str(amount))
    return rest


# --- words ---------------------------------------------------------------------------


@functools.lru_cache(maxsize=8)
def _phrases(vocabulary: Vocabulary) -> dict[str, Meaning]:
    phrases: dict[str, Meaning] = dict(_FILTER_WORDS)
    for slug, name in vocabulary.brands:
        for phrase in {_words(name), _words(slug.replace("-", " "))}:
            phrases[phrase] = (("brand", slug),)
    for alias, slug in _BRAND_ALIASES.items():
        if any(brand == slug for brand, _ in vocabulary.brands):
            phrases[alias] = (("brand", slug),)
    models: dict[str, list[tuple[str, str]]] = {}
    for value, name in vocabulary.models:
        spoken = _words(name)
        # Also without spaces ("id3"), with the German spelling ("Octavia Kombi").
        for phrase in {spoken, spoken.replace(" ", ""), spoken.replace("combi", "kombi")}:
            if len(phrase) > 2:
                models.setdefault(phrase, []).append(("model", value))
    # A model's first word names its family: "A3" is the A3 Sportback and the A3 Limousine.
    families: dict[str, list[tuple[str, str]]] = {}
    for value, name in vocabulary.models:
        families.setdefault(_words(name).split(" ")[0], []).append(("model", value))
    for family, meaning in families.items():
        if family not in models and family not in phrases and len(family) > 1:
            models[family] = meaning
    phrases.update({phrase: tuple(meaning) for phrase, meaning in models.items()})
    return phrases


def _find(words: list[str], phrases: Mapping[str, object]) -> list[tuple[int, int, str]]:
    """Non-overlapping matches (start, end, phrase) of ``phrases`` in ``words``, longest
    first, also with an adjective or plural ending taken off a single word."""
    longest = max((phrase.count(" ") + 1 for phrase in phrases), default=1)
    found, position = [], 0
    while position < len(words):
        for size in range(min(longest, len(words) - position), 0, -1):
            phrase = " ".join(words[position:position + size])
            candidates = [phrase]
            if size == 1:
                candidates += [phrase[:-len(end)] for end in _ENDINGS
                               if phrase.endswith(end) and len(phrase) - len(end) >= 3]
            hit = next((c for c in candidates if c in phrases), None)
            if hit is not None:
                found.append((position, position + size, hit))
                position += size
                break
        else:
            position += 1
    return found


def _has(words: list[str], phrases: Iterable[str]) -> bool:
    return bool(_find(words, dict.fromkeys(phrases)))


def understand(text: object, locale: str, vocabulary: Vocabulary = Vocabulary()) -> Understood:
    """The intent of a question and, for the stock, its search; never raises."""
    folded = fold(params.text(text, MAX_TEXT))
    changes: dict[str, list[str]] = {}
    words = _words(_numbers(folded, changes)).split()
    phrases = _phrases(vocabulary)
    for _, _, phrase in _find(words, phrases):
        for key, value in phrases[phrase]:
            changes.setdefault(key, []).append(value)
    # A model names its brand: with a brand also named, only that brand's models.
    named_brands = set(changes.get("brand", ()))
    if models := changes.get("model"):
        chosen = [m for m in models if m.split(".")[0] in named_brands] or models
        changes["model"] = chosen
        changes["brand"] = sorted(named_brands | {m.split(".")[0] for m in chosen})
    branch = _branch(words, vocabulary)
    if branch and changes:
        changes["branch"] = [branch]
    # A range holds one number (the last one said); a checkbox every value.
    query = StockQuery.from_params({
        key: values[-1] if key.endswith(("_min", "_max")) else ",".join(values)
        for key, values in changes.items()
    })
    asks = {intent for intent, phrases in _INTENT_WORDS.items() if _has(words, phrases)}
    if "test_drive" in asks:
        return Understood("test_drive", query, branch)
    if "handover" in asks:
        return Understood("handover", query, branch)
    if "monthly" in asks and not changes:
        return Understood("monthly", query, branch)
    if asks & {"hours", "address"} and not changes:
        return Understood("branch", query, branch)
    if changes or "stock" in asks:
        return Understood("stock", query, branch)
    if branch:
        return Understood("branch", query, branch)
    return Understood("unknown", query, branch)


def _branch(words: list[str], vocabulary: Vocabulary) -> str | None:
    cities = {}
    for slug, city in vocabulary.branches:
        cities[_words(city)] = slug
        cities[_words(slug)] = slug
    found = _find(words, cities)
    return cities[found[0][2]] if found else None
