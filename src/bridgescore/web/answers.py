"""What the pages share: the message a user reads for an error (``problem``, from
:mod:`bridgescore.web.said`), the viewer's address for the log, the cookie that says which
phone holds a table, and the result buttons. (A result is read through the forms of
:mod:`bridgescore.web.forms`.)"""

from __future__ import annotations

from django.http import HttpRequest

from bridgescore.web.said import problem

DEVICE_COOKIE = "bridgescore_device"

__all__ = ["DEVICE_COOKIE", "RESULTS", "address", "problem"]


def address(request: HttpRequest) -> str:
    """Where a request came from, for the log."""
    return str(request.META.get("REMOTE_ADDR", ""))


RESULTS = ["=", *(f"+{n}" for n in range(1, 7)), *(f"-{n}" for n in range(1, 14))]
"""The result buttons: made exactly, overtricks, undertricks."""
