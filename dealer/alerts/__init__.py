"""Saved stock searches with e-mail alerts (double opt-in, digest or at once)."""
