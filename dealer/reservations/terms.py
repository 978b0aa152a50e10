"""The reservation terms a visitor accepts before paying (``{hours}``, ``{amount}``): shown
on the vehicle page and again in the mail that confirms the reservation."""

from dealer.i18n import N_

RESERVATION_TERMS = (
    N_("The car is held for you for {hours} hours from your payment; nobody else can reserve "
       "or buy it in that time."),
    N_("The deposit of {amount} is paid online and counts towards the price when you buy "
       "the car."),
    N_("If you do not buy the car, the deposit is refunded in full."),
    N_("Reserving does not oblige you to buy. We contact you within one working day."),
)
