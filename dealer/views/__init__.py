"""Presenters: data to page records, one module per feature.

Shared by the HTTP layer and the states; plain Python, no Reflex.
"""
