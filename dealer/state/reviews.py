"""The reviews of the branch a location page shows (read beside the branch itself)."""

from __future__ import annotations

import reflex as rx

from dealer.state.request import page_request
from dealer.views.reviews import ReviewSummary, for_browser, load_branch_summary


class BranchReviewsState(rx.State):
    path: str = ""  # the URL the summary belongs to
    summary: ReviewSummary = ReviewSummary()

    @rx.event(background=True)
    async def load(self):
        async with self:
            request = page_request(self)
        summary = await load_branch_summary(request.params.get("location", ""), request.locale)
        async with self:
            if page_request(self).path == request.path:  # the visitor is still on that page
                self.summary, self.path = for_browser(summary), request.path
