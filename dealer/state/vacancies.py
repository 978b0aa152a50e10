"""A vacancy's page: what ``dealer.views.vacancies.vacancy_page`` says of the URL."""

from __future__ import annotations

import logging

import reflex as rx

from dealer.i18n import gettext
from dealer.state.request import page_request
from dealer.views.vacancies import LOAD_FAILED, VacancyDetail, vacancy_page
from dealer.visible import for_log

logger = logging.getLogger(__name__)


class VacancyState(rx.State):
    # The path of the URL the values below answer (see dealer.pages.frame.for_current_url).
    loaded_path: str = ""
    found: bool = True
    failed_text: str = ""
    title: str = ""
    detail: VacancyDetail = VacancyDetail()

    @rx.event
    async def load(self) -> None:
        request = page_request(self)
        try:
            info, detail = await vacancy_page(request.path, request.locale, request.params)
        except Exception:  # the visitor gets a message, never a stack trace
            logger.exception("vacancy failed to load for %s", for_log(request.path))
            self.failed_text = gettext(request.locale, LOAD_FAILED)
            self.loaded_path = request.path
            return
        self.failed_text = ""
        self.found, self.title = detail is not None, info.title
        self.detail = detail or VacancyDetail()
        self.loaded_path = request.path
