"""Visitor requests (leads): stored before success is shown, then delivered by an outbox.

``store_lead`` validates and stores; ``process_outbox`` / ``run_outbox`` deliver by
e-mail and webhook; ``python -m dealer.leads`` lists, exports and delivers.
"""
