"""The HTTP layer: status codes, head tags, crawler HTML, sitemaps."""
