"""The director's own: a session only to a director of its club, and the answers a refused
director's form gets."""

from __future__ import annotations

from django.http import (
    Http404,
    HttpRequest,
)
from django.utils.translation import gettext

from bridgescore.web import (
    clubs,
)
from bridgescore.web.models import (
    Session,
)


def directed(request: HttpRequest, session_id: int) -> Session:
    """The session, if the logged-in user directs its club (else 404: no probing ids)."""
    session = (
        Session.objects.filter(pk=session_id, club__in=clubs.clubs_for(request.user))
        .select_related("club")
        .first()
    )
    if session is None:
        raise Http404(gettext("no such session"))
    return session


REFUSED = 422
"""A form the director can correct, refused by its form or by the library: the page again,
with every problem."""


STALE = 409
"""A confirmation of something no longer as it was shown: the page shows it again."""


UNREADABLE = 400
"""A request no page of ours sends (a session state that does not exist)."""
