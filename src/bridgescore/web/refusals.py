"""Who is asking (a logged-in director, or no one) and the refusals the app answers with:
views turn :class:`EntryError` (and any library input error) into a message in one place."""

from __future__ import annotations

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser, User

from bridgescore.errors import BridgeInputError

Viewer = AbstractBaseUser | AnonymousUser | None
"""Who is asking: a logged-in director, or no one."""


def user_of(who: Viewer) -> User | None:
    return who if isinstance(who, User) and who.is_authenticated else None


class EntryError(BridgeInputError):
    """A result the app will not take: says why, in words for the table."""


class SessionClosedError(EntryError):
    """A table's result after the director closed (or published) the session."""


class StaleLink(Exception):  # noqa: N818 (not an error: a signal to read the link again)
    """The table link this process kept (:func:`~bridgescore.web.table.link.link_of`) is
    not the link as committed: nothing was written, and the request is answered again from
    the link read afresh."""
