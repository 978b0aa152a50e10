"""Appointments at a branch: the categories, the time slots its opening hours offer,
and the calendar file of a booked appointment."""
