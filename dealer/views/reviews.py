"""Reviews as the pages show them: a branch's rating and latest reviews, the group's
rating, and the schema.org markup built from exactly the reviews a page shows.

The average and the count a visitor reads are those of the reviews listed below them
(the latest ``FETCHED`` of each branch), and so are the page's AggregateRating and
Review objects: nothing is claimed that the page does not show.
"""

from __future__ import annotations

import asyncio
import datetime as dt
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from decimal import ROUND_HALF_UP, Decimal
from zoneinfo import ZoneInfo

from dealer.db import session_scope
from dealer.i18n import N_, format_date, format_number, gettext, ngettext
from dealer.locations.repository import branch_names
from dealer.pageinfo import Fact, PageInfo
from dealer.reviews.client import Review
from dealer.reviews.repository import ReviewsRepository, get_reviews
from dealer.routes import path_for
from dealer.views.markup import EMPTY, Html

BEST, WORST = 5, 1
GROUP_LATEST = 3  # reviews listed under the group's rating, unless a block says otherwise
MAX_LISTED = 12
SITE_ZONE = ZoneInfo("Europe/Amsterdam")  # the dates of the reviews, as the branches live them

REVIEWS_TITLE = N_("Customer reviews")
GROUP_TITLE = N_("What our customers say")
NO_REVIEWS = N_("No reviews yet.")
ANONYMOUS = N_("Anonymous")


@dataclass
class ReviewCard:
    author: str = ""
    stars: str = ""  # drawn as text, e.g. "★★★★☆"
    rating_label: str = ""  # what the stars say, e.g. "4 out of 5 stars"
    date: str = ""
    date_iso: str = ""
    text: str = ""
    reply: str = ""  # the branch's answer
    reply_label: str = ""
    branch: str = ""  # on the group's list: the branch reviewed
    branch_href: str = ""


@dataclass
class ReviewSummary:
    heading: str = ""
    average: str = ""  # "4,3"
    stars: str = ""
    rating_label: str = ""  # "4,3 out of 5"
    count_text: str = ""  # "10 reviews"
    basis: str = ""  # which reviews the average is of
    cards: list[ReviewCard] = field(default_factory=list)
    cards_html: str = ""  # the same cards as HTML (``review_card_html``), as pages show them
    empty: str = ""  # shown instead when there are no reviews


def average(reviews: Sequence[Review]) -> Decimal | None:
    """The mean star rating to one decimal (half up), None without reviews."""
    if not reviews:
        return None
    mean = Decimal(sum(review.rating for review in reviews)) / len(reviews)
    return mean.quantize(Decimal("0.1"), ROUND_HALF_UP)


def stars(value: Decimal | int) -> str:
    full = int(Decimal(value).quantize(Decimal(1), ROUND_HALF_UP))
    return "★" * full + "☆" * (BEST - full)


def _day(review: Review) -> dt.date:
    return review.created.astimezone(SITE_ZONE).date()


def review_card(review: Review, locale: str, *, branch: str = "",
                branch_href: str = "") -> ReviewCard:
    day = _day(review)
    return ReviewCard(
        author=review.author or gettext(locale, ANONYMOUS),
        stars=stars(review.rating),
        rating_label=gettext(locale, "{stars} out of {best} stars", stars=review.rating,
                             best=BEST),
        date=format_date(day, locale),
        date_iso=day.isoformat(),
        text=review.text,
        reply=review.reply,
        reply_label=gettext(locale, "Reply from the branch") if review.reply else "",
        branch=branch,
        branch_href=branch_href,
    )


def review_card_html(card: ReviewCard) -> str:
    """A review as HTML (``.review`` in site.css): stars, author and date, the branch, the
    text and the branch's reply. A list of reviews is drawn as one piece of HTML."""
    branch = Html('<a class="review__branch" href="{}">{}</a>').format(
        card.branch_href, card.branch) if card.branch else EMPTY
    text = Html("<p>{}</p>").format(card.text) if card.text else EMPTY
    reply = Html('<div class="review__reply"><p class="review__reply-label">{}</p><p>{}</p>'
                 "</div>").format(card.reply_label, card.reply) if card.reply else EMPTY
    return str(Html(
        '<article class="review" data-testid="review"><div class="review__head">'
        '<span class="review-stars" role="img" aria-label="{}">{}</span>'
        '<span class="review__author">{}</span><time datetime="{}">{}</time></div>'
        "{}{}{}</article>"
    ).format(card.rating_label, card.stars, card.author, card.date_iso, card.date, branch,
             text, reply))


def for_browser(summary: ReviewSummary) -> ReviewSummary:
    """``summary`` as the page gets it: its reviews as their HTML only."""
    return replace(summary, cards=[])


def summary(reviews: Sequence[Review], locale: str, *, heading: str, basis: str,
            cards: list[ReviewCard]) -> ReviewSummary:
    """The rating of ``reviews`` and the cards listed with it."""
    mean = average(reviews)
    if mean is None:
        return ReviewSummary(heading=heading, empty=gettext(locale, NO_REVIEWS))
    rating = format_number(mean, locale, decimals=1)
    return ReviewSummary(
        heading=heading,
        average=rating,
        stars=stars(mean),
        rating_label=gettext(locale, "{rating} out of {best}", rating=rating, best=BEST),
        count_text=ngettext(locale, "{n} review", "{n} reviews", len(reviews),
                            n=format_number(len(reviews), locale)),
        basis=basis,
        cards=cards,
        cards_html="".join(review_card_html(card) for card in cards),
    )


def branch_summary(reviews: Sequence[Review], locale: str) -> ReviewSummary:
    """A branch page's reviews: the rating of the listed reviews, and the list."""
    return summary(
        reviews, locale, heading=gettext(locale, REVIEWS_TITLE),
        basis=ngettext(locale, "The rating of the latest review, shown below.",
                       "The average of the latest {n} reviews, shown below.", len(reviews)),
        cards=[review_card(review, locale) for review in reviews],
    )


async def load_branch_summary(slug: str, locale: str,
                              repo: ReviewsRepository | None = None) -> ReviewSummary:
    return branch_summary(await (repo or get_reviews()).branch_reviews(slug), locale)


def _branch_names() -> dict[str, str]:
    with session_scope() as session:
        return branch_names(session)


async def load_group_summary(locale: str, *, heading: str = "", latest: int = GROUP_LATEST,
                             repo: ReviewsRepository | None = None) -> ReviewSummary:
    """The group's rating over every branch's listed reviews, with the newest few."""
    names = await asyncio.to_thread(_branch_names)
    by_branch = await (repo or get_reviews()).group_reviews(names)
    everything = [(review, slug) for slug, reviews in by_branch.items() for review in reviews]
    newest = sorted(everything, key=lambda pair: pair[0].created, reverse=True)
    latest = min(max(latest, 0), MAX_LISTED)
    return summary(
        [review for review, _ in everything], locale,
        heading=heading or gettext(locale, GROUP_TITLE),
        basis=ngettext(locale, "The average of the latest reviews of our branch.",
                       "The average of the latest reviews of our {n} branches.",
                       len(by_branch)),
        cards=[review_card(review, locale, branch=names[slug],
                           branch_href=path_for("location", locale, location=slug))
               for review, slug in newest[:latest]],
    )


# --- schema.org -------------------------------------------------------------------------


def aggregate_rating(reviews: Sequence[Review]) -> dict | None:
    """schema.org AggregateRating of exactly these reviews; None without any."""
    mean = average(reviews)
    if mean is None:
        return None
    return {"@type": "AggregateRating", "ratingValue": float(mean), "reviewCount": len(reviews),
            "bestRating": BEST, "worstRating": WORST}


def review_markup(review: Review, locale: str) -> dict:
    return {
        "@type": "Review",
        "author": {"@type": "Person", "name": review.author or gettext(locale, ANONYMOUS)},
        "datePublished": _day(review).isoformat(),
        "reviewRating": {"@type": "Rating", "ratingValue": review.rating, "bestRating": BEST,
                         "worstRating": WORST},
        **({"reviewBody": review.text} if review.text else {}),
    }


async def with_branch_reviews(info: PageInfo, slug: str,
                              repo: ReviewsRepository | None = None) -> PageInfo:
    """A found branch page's info with its rating: a fact for readers, and AggregateRating
    and Review objects in its business's JSON-LD."""
    if info.status != 200:
        return info
    reviews = await (repo or get_reviews()).branch_reviews(slug)
    rating = aggregate_rating(reviews)
    if rating is None:
        return info
    shown = branch_summary(reviews, info.locale)
    info.facts.append(Fact(shown.heading, f"{shown.rating_label} · {shown.count_text}"))
    for data in info.json_ld:
        if data.get("@type") == "AutoDealer":
            data["aggregateRating"] = rating
            data["review"] = [review_markup(review, info.locale) for review in reviews]
    return info
