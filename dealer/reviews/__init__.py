"""Branch reviews: the provider feed's client, the bundled demo feed, the cached repository."""
