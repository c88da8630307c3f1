"""The app's public address: the one base URL the players' phones open.

It is configuration, never what a request says: ``bridgescore serve`` decides it once
(:func:`url_for`: ``--public-url``, else this machine's LAN address when serving on every
address, else the host served on), prints it, and hands it to the settings in
``$BRIDGESCORE_PUBLIC_URL``; the settings accept only that host (and the machine's own
names) in a request's Host header (:func:`allowed_hosts`), and the guide cards' links and
QR codes are built on it (:func:`link`). A forged Host header gets Django's 400, and never
reaches a printed card.
"""

from __future__ import annotations

import contextlib
import ipaddress
import re
import socket
from typing import Final
from urllib.parse import urlsplit

from bridgescore.errors import BridgeInputError

PUBLIC_URL_VARIABLE: Final = "BRIDGESCORE_PUBLIC_URL"
"""The environment variable the settings read the public URL from."""

DEFAULT_PUBLIC_URL: Final = "http://127.0.0.1:8000/"
"""The public URL when none is configured: ``bridgescore serve``'s default host and port."""

LOCAL_HOSTS: Final = ("localhost", "127.0.0.1", "[::1]")
"""The machine's own names, accepted in a Host header whatever the public URL."""

EVERY_ADDRESS: Final = frozenset({"0.0.0.0", "::", ""})
"""Hosts that mean "listen on every address": no phone can open them."""

_PROBE: Final = ("10.254.254.254", 1)
"""A private address a UDP socket is "connected" to, to learn the interface its route
leaves by: a UDP connect sends nothing."""

_HOST_NAME = re.compile(r"^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*\.?$")

_EXAMPLE: Final = "e.g. http://192.168.1.20:8000/"


class AddressError(BridgeInputError):
    """A public URL the phones could not open as the app's address."""


def checked_url(text: str) -> str:
    """The public URL in its one spelling, ``scheme://host[:port]/``: http or https, a host,
    no path but ``/``, no query, fragment, user or password; else an :class:`AddressError`
    in one line."""
    given = text.strip()

    def refuse(why: str) -> AddressError:
        return AddressError(f"public URL {given!r}: {why} ({_EXAMPLE})")

    try:
        parts = urlsplit(given)
    except ValueError:  # brackets round something other than an IPv6 address
        raise refuse("its host in [brackets] is not an IPv6 address") from None
    scheme = parts.scheme.lower()
    if scheme not in ("http", "https") or not given.lower().startswith(f"{scheme}://"):
        raise refuse("it must start with http:// or https://")
    if parts.username is not None or parts.password is not None:
        raise refuse("it must not carry a user name or password")
    host = parts.hostname or ""
    if not host:
        raise refuse("it must name a host")
    try:
        port = parts.port
    except ValueError:
        raise refuse("its port must be a number from 1 to 65535") from None
    if port == 0:
        raise refuse("its port must be a number from 1 to 65535")
    if parts.path not in ("", "/"):
        raise refuse(f"it must be the site's root, without the path {parts.path!r}")
    if parts.query or parts.fragment or given.endswith(("?", "#")):
        raise refuse("it must have no ?query or #fragment")
    if ":" in host:
        try:
            host = f"[{ipaddress.IPv6Address(host).compressed}]"
        except ValueError:
            raise refuse(f"{host!r} is not an IPv6 address") from None
    elif not _HOST_NAME.match(host):
        raise refuse(f"{host!r} is not a host name or address")
    return f"{scheme}://{host}{'' if port is None else f':{port}'}/"


def url_for(host: str, port: int, given: str | None = None, scheme: str = "http") -> str:
    """The public URL ``bridgescore serve`` runs with: ``given`` (checked), else, served on
    every address (``0.0.0.0``, ``::``), this machine's LAN address with the port, else the
    host served on with the port (``scheme``: https when served over https)."""
    if given:
        return checked_url(given)
    where = lan_address() if host in EVERY_ADDRESS else host
    if ":" in where:
        where = f"[{where}]"
    return checked_url(f"{scheme}://{where}:{port}/")


def lan_address() -> str:
    """This machine's address on its local network, found without sending anything: the
    address of the interface a route to a private address leaves by; else the first of
    the host name's addresses that another machine could reach; else ``127.0.0.1``."""
    routed = _routed_address()
    if routed is not None and _reachable(routed):
        return routed
    for address in _named_addresses():
        if _reachable(address):
            return address
    return "127.0.0.1"


def _routed_address() -> str | None:
    with (
        contextlib.suppress(OSError),
        socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe,
    ):
        probe.connect(_PROBE)  # UDP: chooses the route, sends no packet
        address: str = probe.getsockname()[0]
        return address
    return None


def _named_addresses() -> list[str]:
    try:
        found = socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET)
    except OSError:
        return []
    return [str(info[4][0]) for info in found]


def _reachable(address: str) -> bool:
    """An address another machine might open: not loopback, unspecified or link-local."""
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return False
    return not (ip.is_loopback or ip.is_unspecified or ip.is_link_local)


def allowed_hosts(public_url: str) -> list[str]:
    """The Host headers the app answers: the public URL's host and the machine's own names."""
    host = urlsplit(public_url).hostname or ""
    shown = f"[{host}]" if ":" in host else host
    return list(dict.fromkeys([shown, *LOCAL_HOSTS]))


def origin(public_url: str) -> str:
    """``scheme://host[:port]``, as a browser sends it in ``Origin`` (trusted for forms sent
    through an https proxy)."""
    parts = urlsplit(public_url)
    return f"{parts.scheme}://{parts.netloc}"


def public_url() -> str:
    """The configured public base URL (the settings' ``PUBLIC_URL``), ending in ``/``."""
    from django.conf import settings

    url: str = settings.PUBLIC_URL
    return url


def link(path: str) -> str:
    """An absolute link on the public address: ``link("/t/abc/")`` is
    ``http://192.168.1.20:8000/t/abc/``."""
    return public_url() + path.lstrip("/")


__all__ = [
    "DEFAULT_PUBLIC_URL",
    "EVERY_ADDRESS",
    "LOCAL_HOSTS",
    "PUBLIC_URL_VARIABLE",
    "AddressError",
    "allowed_hosts",
    "checked_url",
    "lan_address",
    "link",
    "origin",
    "public_url",
    "url_for",
]
