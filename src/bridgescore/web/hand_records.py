"""A session's hand records: checked, kept with their analysis under way, and read as
deals by board (only when something needs them)."""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache

from django.db import transaction
from django.utils.translation import gettext, gettext_noop

from bridgescore.core.hands import Hands
from bridgescore.web import analysing, said
from bridgescore.web.logbook import log
from bridgescore.web.models import Session
from bridgescore.web.naming import boards_shown
from bridgescore.web.refusals import EntryError, Viewer


def check_hands(pbn_text: str) -> None:
    """Refuse hand records with any error (with its line and board) or with no deals."""
    from bridgescore.io import pbn

    pbn.loads(pbn_text, source="hand records", strict=True)
    if not hands_of(pbn_text):
        raise EntryError(gettext("the hand records hold no deals"))


def set_hands(session: Session, pbn_text: str, user: Viewer = None) -> None:
    """New hand records for the session (checked first: a file with any error, or with no
    deals, changes nothing): kept with a new analysis under way, the old one no longer
    shown, and a line in the log."""
    check_hands(pbn_text)
    with transaction.atomic():
        Session.objects.filter(pk=session.pk).update(
            hands_pbn=pbn_text, **analysing.fields_for(pbn_text)
        )
        boards = boards_shown(hands_of(pbn_text))
        detail = said.said(gettext_noop("boards {boards}"), boards=boards)
        log(session, gettext_noop("hand records uploaded"), detail, user=user)
        analysing.start_on_commit(session.pk, pbn_text)
    session.refresh_from_db()


@lru_cache(maxsize=16)
def hands_of(pbn_text: str) -> Mapping[int, Hands]:
    """The deals of a PBN hand record, by board number (none without hand records: the
    PBN reader is not even imported then, as a first result waits behind it)."""
    if not pbn_text.strip():
        return {}
    from bridgescore.io import pbn

    event = pbn.to_event(pbn.loads(pbn_text, source="hand records"))
    return dict(event.hands)
