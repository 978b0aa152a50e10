"""The page types the browser checks visit, by path template, in both languages."""

from __future__ import annotations

PHONE = {"width": 360, "height": 740}
# Page types by path template; {vehicle} is a vehicle of the demo stock.
PAGES = {
    "nl": ["/", "/voorraad", "/voorraad/{vehicle}", "/voorraad/{vehicle}/lease-calculator",
           "/voorraad/{vehicle}/proefrit", "/voorraad/vergelijken", "/voorraad/favorieten",
           "/over-ons", "/nieuws", "/lease-aanbod", "/vestigingen", "/vestigingen/utrecht",
           "/voorraad/private-lease"],
    "de": ["/de", "/de/angebote", "/de/angebote/{vehicle}",
           "/de/angebote/{vehicle}/leasingrechner", "/de/angebote/{vehicle}/interesse",
           "/de/angebote/vergleichen", "/de/ueber-uns", "/de/aktuelles",
           "/de/leasingangebote", "/de/standorte/koeln", "/de/direktkontakt"],
}
