"""The framework's own components the site draws directly, under names of the site's."""

from __future__ import annotations

from reflex.components.react_router import ReactRouterLink

# A link the app's router follows (no new document); ``to`` is its address.
RouterLink = ReactRouterLink
