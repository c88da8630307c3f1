"""What the pages share: the one place an error becomes the message a user reads, the
viewer's address for the log, the cookie that says which phone holds a table, and the
result buttons. (A result is read through the forms of :mod:`bridgescore.web.forms`.)"""

from __future__ import annotations

from django.http import HttpRequest
from django.utils.translation import gettext

from bridgescore.errors import BridgeError

DEVICE_COOKIE = "bridgescore_device"


def address(request: HttpRequest) -> str:
    """Where a request came from, for the log."""
    return str(request.META.get("REMOTE_ADDR", ""))


def problem(error: Exception) -> str:
    """The one place a library or app error becomes the message a user reads: a library
    error's message in the request's language (its catalogue is the web app's)."""
    if isinstance(error, BridgeError):
        return error.translated(gettext)
    return str(error)


RESULTS = ["=", *(f"+{n}" for n in range(1, 7)), *(f"-{n}" for n in range(1, 14))]
"""The result buttons: made exactly, overtricks, undertricks."""
