"""A visitor's chat question in Dutch or German, understood: what is asked (the intent),
for a question about the stock or a monthly price the stock search it describes, for a
branch question the department and the day, for a monthly question the deal type.

``understand("elektrische SUV onder 30.000", "nl", vocabulary)`` gives the intent
``stock`` and the ``StockQuery`` of ``fuel=electric&body_style=suv&price_max=30000``.
The search is built from URL parameters by ``StockQuery.from_params``, the parser of the
stock overview itself, so a chat answer and the listing it links to always agree.

Plain word lists, no outside service: the words are folded (lower case, no accents) and
matched as whole words, the longest phrase first ("plug-in hybride" before "hybride",
"Golf Variant" before "Golf"); Dutch and German adjective endings are tried off
("elektrische", "schwarzen"). A word found in no list is tried with its umlaut written
out taken back ("Oeffnungszeiten") and, from five letters on, against the words of branch,
day, department and deal questions with one typo (two from eight letters: "Arnhm",
"werkplaas"). Numbers are read with their unit ("20.000 km", "150 PS", "300 per maand")
and the word before them ("onder", "bis", "ab", "vanaf"). In a monthly question an amount
under ``MONTHLY_CEILING`` is the monthly budget and a larger one the vehicle's price:
said plainly ("bij 25.000 euro") it means the cars priced around it (``AROUND``). A place
the visitor looks from ("in de buurt van Zeist", "bei Kleve", "in der Nähe von 47533") is
the search's ``near``: the listing it links to shows the nearest cars first.
Anything a visitor types gives an answer: the text is cut at ``MAX_TEXT`` and never
raises.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

from rapidfuzz import process
from rapidfuzz.distance import OSA

from dealer import params
from dealer.locations.lookup import locate
from dealer.stock import catalog
from dealer.stock.query import StockQuery
from dealer.stock.text import fold

MAX_TEXT = 300
INTENTS = ("stock", "branch", "monthly", "handover", "test_drive", "unknown")
DEPARTMENTS = catalog.OPENING_DEPARTMENTS
# In a monthly question: amounts below this are a monthly budget, others a vehicle price.
MONTHLY_CEILING = 2_500
AROUND = 0.05  # a price said plainly: the cars within 5 % of it

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
    department: str | None = None  # showroom | workshop | parts, when named
    weekdays: tuple[int, ...] = ()  # days named by their name (0 = Monday)
    in_days: int | None = None  # a day named from today: 0 today, 1 tomorrow
    deal_type: str | None = None  # a monthly question's acquisition type, when named
    price_around: int | None = None  # a vehicle price said plainly in a monthly question


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
    "monthly": ("per maand", "maandbedrag", "maandprijs", "maandlast", "maandlasten",
                "maandtermijn", "maandelijks", "per monat", "pro monat", "im monat", "monatlich",
                "monatsrate", "rate", "raten", "finanzierung", "finanzieren", "financiering",
                "financieren", "lease", "leasen", "leasing", "leaseprijs", "afbetalen",
                "monatlichen", "monatliche", "maandelijkse"),
    "stock": ("auto", "autos", "auto s", "wagen", "voertuig", "voertuigen", "fahrzeug",
              "fahrzeuge", "zoek", "zoeken", "suche", "suchen", "aanbod", "voorraad",
              "angebot", "angebote", "bestand", "hebben jullie", "habt ihr", "gibt es"),
}

# A branch's departments with opening hours; the car's service names the workshop.
_DEPARTMENT_WORDS: dict[str, tuple[str, ...]] = {
    "showroom": ("showroom", "toonzaal", "verkoop", "verkoopafdeling", "verkauf",
                 "verkaufsraum", "ausstellung", "ausstellungsraum", "autohaus"),
    "workshop": ("werkplaats", "werkstatt", "werkstatte", "service", "onderhoud",
                 "onderhoudsbeurt", "beurt", "servicebeurt", "apk", "apk keuring", "keuring",
                 "reparatie", "repareren", "garage", "schadeherstel", "wartung", "inspektion",
                 "reparatur", "reparieren", "kundendienst", "tuv", "hauptuntersuchung",
                 "hu au", "kfz werkstatt", "werkstatttermin"),
    "parts": ("onderdelen", "onderdeel", "onderdelenbalie", "magazijn", "teile", "ersatzteile",
              "ersatzteil", "teiledienst", "teileverkauf", "teiletheke", "parts", "accessoires",
              "zubehor", "autoteile"),
}
# Days: by name (weekday numbers), or from today ("+1" is tomorrow).
_DAY_WORDS: dict[str, tuple[str, ...]] = {
    "0": ("maandag", "montag"), "1": ("dinsdag", "dienstag"), "2": ("woensdag", "mittwoch"),
    "3": ("donderdag", "donnerstag"), "4": ("vrijdag", "freitag"),
    "5": ("zaterdag", "samstag", "sonnabend"), "6": ("zondag", "sonntag"),
    "5,6": ("weekend", "wochenende", "zaterdag en zondag", "samstag und sonntag"),
    "+0": ("vandaag", "heute", "nu", "jetzt", "vanmiddag", "vanavond", "heute abend"),
    "+1": ("morgen", "morgenvroeg"), "+2": ("overmorgen", "ubermorgen"),
}
# Acquisition types of a monthly question: named in full, or as lease or finance with a
# word saying private or business.
_DEAL_WORDS: dict[str, tuple[str, ...]] = {
    "private_lease": ("private lease", "privatelease", "prive lease", "priveleasen",
                      "prive leasen", "privatleasing", "privat leasing", "private leasing",
                      "privat leasen"),
    "business_lease": ("financial lease", "financiele lease", "zakelijke lease",
                       "zakelijk leasen", "zakelijk lease", "business lease", "businesslease",
                       "geschaftsleasing", "gewerbeleasing", "firmenleasing", "financial leasing",
                       "gewerbliches leasing", "geschaftliches leasing"),
    "private_finance": ("private financiering", "prive financiering", "privatfinanzierung",
                        "particuliere financiering", "particulier financieren",
                        "private finanzierung", "persoonlijke lening", "autolening",
                        "privatkredit", "autokredit", "ratenkauf", "ratenkredit"),
    "business_finance": ("zakelijke financiering", "zakelijk financieren", "business finance",
                         "geschaftsfinanzierung", "gewerbefinanzierung", "firmenfinanzierung",
                         "unternehmensfinanzierung", "gewerbliche finanzierung"),
    "lease": ("lease", "leasen", "leasing", "leaseauto", "leasewagen", "leaseprijs",
              "leasetarief", "leasingrate", "leasingangebot", "leasingangebote"),
    "finance": ("financiering", "financieren", "lening", "afbetaling", "afbetalen",
                "finanzierung", "finanzieren", "kredit", "finanziert", "gefinancierd"),
    "business": ("zakelijk", "zakelijke", "bedrijf", "ondernemer", "zzp", "zzper",
                 "zelfstandige", "geschaftlich", "gewerblich", "gewerbe", "firma", "firmenwagen",
                 "selbststandig", "selbststandige", "unternehmer", "business", "excl btw",
                 "exkl mwst", "ohne mwst", "zonder btw"),
    "private": ("prive", "particulier", "privat", "privatperson"),
}

# Words before the place a visitor looks from: these always mean 'near' ("in de buurt van
# Utrecht", "in der Nähe von 47533")...
_NEAR_CUES = ("in de buurt van", "in de omgeving van", "in de regio", "omgeving",
              "dichtbij", "dicht bij", "nabij", "near", "in der nähe von", "in der naehe von",
              "in der nahe von", "nähe", "naehe", "nahe", "in der umgebung von",
              "im umkreis von", "rund um")
# ... these only before a town that is no branch's (that is the branch: "SUV bij Utrecht")
# and with a letter in it (not "bij 25.000 euro").
_AT_CUES = ("bij", "bei", "rond", "rondom", "um")
_PLACE_CUE = re.compile(
    r"(?<!\w)(?P<cue>" + "|".join(re.escape(cue) for cue in sorted(
        (*_NEAR_CUES, *_AT_CUES), key=len, reverse=True)) + r")\s+(?P<after>[^?!.,;:()]+)",
    re.IGNORECASE)
_PLACE_WORDS = 3  # a place is at most this many words: "Bergen op Zoom"

# Adjective and plural endings tried off a word that is not in the lists as it stands.
_ENDINGS = ("en", "er", "es", "em", "e", "s")

# --- numbers -------------------------------------------------------------------------

_NUMBER = re.compile(
    r"(?<![\w.,])(?P<number>\d{1,3}(?:[., ]\d{3})+|\d+)(?:,-+)?"
    r"(?:\s*(?P<thousand>k|duizend|dzd|tsd|tausend)\b)?"
    r"(?:\s*(?P<unit>km|kilometers?|kilometern|pk|ps|kw|euro?s?\b|€))?"
    r"(?P<monthly>\s*(?:per|pro|p|im|a|/|in de|je)\s*(?:maand|monat|mnd|mtl|m)\b"
    r"|\s*p\s*/\s*m\b|\s*(?:maandelijks|monatlich|mtl|pm)\b)?"
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
_PER_MONTH = ("per maand", "pro monat", "im monat", "monatlich", "maandelijks", "in de maand")
_PER_YEAR = ("per jaar", "pro jahr", "im jahr", "jaarlijks", "jahrlich", "p j", "a jaar")
# Words before a vehicle price in a monthly question: "bij 25.000", "een auto van 30.000".
_AROUND_CUES = ("bij", "bei", "rond", "rondom", "um", "voor", "auto van", "auto von", "wagen von",
                "auto voor", "auto fur", "autoprijs van", "kaufpreis von", "prijs van",
                "preis von", "kost", "kostet", "kosten")
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


def _numbers(folded: str, changes: dict[str, list[str]], monthly: bool) -> tuple[str, int | None]:
    """Read the numbers of ``folded`` into range parameters: the text without them, and a
    vehicle price said plainly in a ``monthly`` question (the cars around it)."""
    rest, around = folded, None
    for match in _NUMBER.finditer(folded):
        amount = _amount(match)
        if amount is None:
            continue
        before = _words(folded[max(0, match.start() - 40):match.start()])
        after = _words(folded[match.end():match.end() + 20])
        unit = (match["unit"] or "").strip()
        is_max, is_min = _cue(before, _MAX_CUES), _cue(before, _MIN_CUES)
        per_month = bool(match["monthly"]) or _near(after, _PER_MONTH, 2)
        in_euros = bool(unit) or match["thousand"] or per_month
        is_year = amount in _YEARS and match["number"].isdigit() and not in_euros
        if unit in ("pk", "ps", "kw"):
            key = "power"
            amount = round(amount * 1.36) if unit == "kw" else amount
            is_min = is_min or not is_max  # "150 pk": at least that strong
        elif unit.startswith("k") or _near(before, _MILEAGE_CUES):
            if _near(after, _PER_YEAR, 2):  # a lease's yearly distance, not the odometer
                continue
            key = "mileage"
        elif (per_month or monthly) and not is_year and amount < MONTHLY_CEILING:
            if amount < 50 and not in_euros:  # "ID 3", "Golf 8"
                continue
            key = "monthly"
        elif is_year:
            key = "year"
            if not (is_max or is_min):  # "bouwjaar 2020": that year
                is_max = is_min = True
        elif amount >= 500 or match["thousand"] or unit.startswith(("e", "€")):
            key = "price"
        else:
            continue
        rest = rest[:match.start()] + " " * (match.end() - match.start()) + rest[match.end():]
        if key == "price" and (monthly or per_month) and (
                not (is_min or is_max) or _near(before, _AROUND_CUES, 2)):
            around = amount  # "het maandbedrag bij 25.000 euro"
            continue
        if key == "price" and not (is_min or is_max) and changes.get("price_max"):
            is_min = True  # "20.000 - 30.000"
        bounds = ("min", "max") if is_min and is_max and key == "year" else (
            ("min",) if is_min and not is_max else ("max",))
        for bound in bounds:
            changes.setdefault(f"{key}_{bound}", []).append(str(amount))
    return rest, around


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


def _table(words: Mapping[str, tuple[str, ...]]) -> dict[str, str]:
    return {_words(phrase): key for key, phrases in words.items() for phrase in phrases}


_DEPARTMENT_PHRASES = _table(_DEPARTMENT_WORDS)
_DAY_PHRASES = _table(_DAY_WORDS)
_DEAL_PHRASES = _table(_DEAL_WORDS)


@functools.lru_cache(maxsize=8)
def _spelling(vocabulary: Vocabulary) -> tuple[frozenset[str], dict[str, tuple[str, ...]]]:
    """Every word the lists know, and the words a typo is corrected to (from five letters
    on, by first letter): those of branch, day, department and deal questions."""
    asked = [*_INTENT_WORDS["hours"], *_INTENT_WORDS["address"], *_INTENT_WORDS["monthly"],
             *_DEPARTMENT_PHRASES, *_DAY_PHRASES, *_DEAL_PHRASES,
             *(_words(name) for branch in vocabulary.branches for name in branch)]
    known = frozenset(word for phrase in (
        *_phrases(vocabulary), *(p for ps in _INTENT_WORDS.values() for p in ps), *asked,
        *_MAX_CUES, *_MIN_CUES, *_BETWEEN, *_AROUND_CUES, *_PER_MONTH, *_PER_YEAR,
    ) for word in phrase.split())
    fuzzy: dict[str, list[str]] = {}
    for word in sorted({word for phrase in asked for word in phrase.split() if len(word) >= 5}):
        fuzzy.setdefault(word[0], []).append(word)
    return known, {letter: tuple(words) for letter, words in fuzzy.items()}


def _respell(words: list[str], vocabulary: Vocabulary) -> list[str]:
    """``words`` with an umlaut written out ("oe") or a typo of a known word corrected."""
    known, fuzzy = _spelling(vocabulary)

    def is_known(word: str) -> bool:
        return word in known or any(word[:-len(end)] in known for end in _ENDINGS
                                    if word.endswith(end) and len(word) - len(end) >= 3)

    def respelled(word: str) -> str:
        if is_known(word) or not word.isalpha():
            return word
        plain = word.replace("ae", "a").replace("oe", "o").replace("ue", "u")
        if plain != word and is_known(plain):
            return plain
        if len(word) < 5:
            return word
        best = process.extractOne(word, fuzzy.get(word[0], ()), scorer=OSA.distance,
                                  score_cutoff=1 if len(word) < 8 else 2)
        return best[0] if best else word

    return [respelled(word) for word in words]


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


def _place(text: str, vocabulary: Vocabulary) -> tuple[str, str]:
    """The place a question looks from (``_NEAR_CUES``, ``_AT_CUES``) as the visitor wrote
    it, and the question without it; ("", text) without one."""
    towns = {_words(city) for _, city in vocabulary.branches}
    for match in _PLACE_CUE.finditer(text):
        weak = match["cue"].lower() in _AT_CUES
        spans = [word.span() for word in re.finditer(r"\S+", match["after"])][:_PLACE_WORDS]
        for size in range(len(spans), 0, -1):
            candidate = match["after"][:spans[size - 1][1]]
            if weak and (_words(candidate) in towns or not re.search(r"[^\W\d_]", candidate)):
                continue
            if locate(candidate) is not None:
                end = match.start("after") + spans[size - 1][1]
                return candidate, f"{text[:match.start()]} {text[end:]}"
    return "", text


def understand(text: object, locale: str, vocabulary: Vocabulary = Vocabulary()) -> Understood:
    """The intent of a question and what it names; never raises."""
    near, written = _place(params.text(text, MAX_TEXT), vocabulary)
    folded = fold(written)
    said = _respell(_words(folded).split(), vocabulary)
    asks = {intent for intent, phrases in _INTENT_WORDS.items() if _has(said, phrases)}
    deal_type = _deal_type(said)
    monthly = "monthly" in asks or deal_type is not None
    changes: dict[str, list[str]] = {}
    rest, around = _numbers(folded, changes, monthly)
    words = _respell(_words(rest).split(), vocabulary)
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
    monthly = monthly or around is not None or any(key.startswith("monthly_") for key in changes)
    if around is not None and not ({"price_min", "price_max"} & changes.keys()):
        changes["price_min"] = [str(round(around * (1 - AROUND)))]
        changes["price_max"] = [str(round(around * (1 + AROUND)))]
    branch = _branch(words, vocabulary)
    if branch and (changes or monthly):
        changes["branch"] = [branch]
    # A range holds one number (the last one said); a checkbox every value.
    query = StockQuery.from_params({
        **{key: values[-1] if key.endswith(("_min", "_max")) else ",".join(values)
           for key, values in changes.items()}, "near": near})
    department = next((_DEPARTMENT_PHRASES[p] for _, _, p in _find(words, _DEPARTMENT_PHRASES)),
                      None)
    weekdays, in_days = _days(words)
    found = functools.partial(Understood, query=query, branch=branch, department=department,
                              weekdays=weekdays, in_days=in_days)
    about_branch = bool(asks & {"hours", "address"})
    if "test_drive" in asks:
        return found("test_drive")
    if "handover" in asks:
        return found("handover")
    if department and (about_branch or not (monthly or (changes and department == "showroom"))):
        return found("branch")
    if monthly:
        return found("monthly", deal_type=deal_type, price_around=around)
    if about_branch and not changes:
        return found("branch")
    if changes or near or "stock" in asks:
        return found("stock")
    if branch:
        return found("branch")
    return found("unknown")


def _deal_type(words: list[str]) -> str | None:
    """The acquisition type named in full, or lease or finance with a word saying private
    or business (private when none does)."""
    kinds = {_DEAL_PHRASES[phrase] for _, _, phrase in _find(words, _DEAL_PHRASES)}
    named = [deal for deal in catalog.MONTHLY_DEAL_TYPES if deal in kinds]
    if named:
        return named[0]
    business = "business" in kinds and "private" not in kinds
    if "lease" in kinds:
        return "business_lease" if business else "private_lease"
    if "finance" in kinds:
        return "business_finance" if business else "private_finance"
    return None


def _days(words: list[str]) -> tuple[tuple[int, ...], int | None]:
    """The weekdays named, and a day named from today (0 today, 1 tomorrow)."""
    keys = [_DAY_PHRASES[phrase] for _, _, phrase in _find(words, _DAY_PHRASES)]
    weekdays = sorted({int(day) for key in keys if key[0] != "+" for day in key.split(",")})
    in_days = next((int(key[1:]) for key in keys if key[0] == "+"), None)
    return tuple(weekdays), in_days


def _branch(words: list[str], vocabulary: Vocabulary) -> str | None:
    cities = {}
    for slug, city in vocabulary.branches:
        cities[_words(city)] = slug
        cities[_words(slug)] = slug
    found = _find(words, cities)
    return cities[found[0][2]] if found else None
