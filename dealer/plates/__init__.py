"""Licence plates: reading what visitors type (``plates``), the RDW's open vehicle data
(``client``, bundled demo answers in ``demo``), and the cached lookup (``lookup``)."""
