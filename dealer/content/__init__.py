"""The content service: a Storyblok-compatible client, rich text and the page facade.

``ContentClient`` talks to the delivery API (SPEC.md §7, §9); ``richtext.render``
turns rich text fields into safe HTML; ``repository.ContentRepository`` is what
pages read from (bundled demo stories or the live service, stale-if-error).
"""

from dealer.content.client import ContentClient, ContentError

__all__ = ["ContentClient", "ContentError"]
