"""Online reservations: a car held for a visitor who paid a refundable deposit."""
