"""Vehicle stock: tables, demo data, search index and queries, feed import."""
