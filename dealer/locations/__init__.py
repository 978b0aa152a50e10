"""Branches, their opening hours and staff."""
