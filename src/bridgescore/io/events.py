"""Read and write any supported event file as an :class:`~bridgescore.events.model.Event`."""

from __future__ import annotations

from pathlib import Path

from bridgescore.errors import BridgeInputError
from bridgescore.events.model import Event
from bridgescore.io import results

READABLE = ("csv", "json", "pbn", "usebio")
WRITABLE = ("csv", "json", "pbn", "usebio")


def format_of(path: str | Path) -> str:
    """The format a file name says: ``csv``, ``json``, ``pbn`` or ``usebio`` (``.xml``)."""
    suffix = Path(path).suffix.lower().lstrip(".")
    return {"xml": "usebio", "txt": "csv", "": "csv"}.get(suffix, suffix)


def _check(fmt: str, path: str | Path, known: tuple[str, ...], verb: str) -> None:
    if fmt not in known:
        raise BridgeInputError(
            f"{str(path)!r}: cannot {verb} {fmt!r} files; use {', '.join(known)}"
        )


def load_event(
    path: str | Path, *, laws: str = "2017", strict: bool = False, teams: bool | None = None
) -> Event:
    """The event in ``path``, by its extension."""
    fmt = format_of(path)
    _check(fmt, path, READABLE, "read")
    if fmt == "usebio":
        from bridgescore.io import usebio

        event = usebio.to_event(usebio.load(path, strict=strict), laws=laws, strict=strict)
        return _checked(event, strict)
    if fmt == "pbn":
        from bridgescore.io import pbn

        return _checked(pbn.to_event(pbn.load(path, strict=strict, laws=laws), laws=laws), strict)
    rows = results.load(path, laws=laws, strict=strict, teams=teams)
    return Event(rows, name=rows.name, kind="teams" if rows.teams else "pairs")


def _checked(event: Event, strict: bool) -> Event:
    """An event read leniently still must not be scored with errors in it."""
    problems = event.results.problems if strict else event.results.errors
    if problems:
        raise results.ResultsFileError(list(problems))
    return event


def write_event(event: Event, path: str | Path) -> Path:
    """Write ``event`` in the format ``path``'s extension names."""
    fmt = format_of(path)
    _check(fmt, path, WRITABLE, "write")
    target = Path(path)
    if fmt == "usebio":
        from bridgescore.io import usebio

        usebio.dump(usebio.from_event(event), target)
        return target
    if fmt == "pbn":
        from bridgescore.io import pbn

        pbn.dump(pbn.from_event(event), target)
        return target
    if fmt == "json":
        target.write_text(results.dumps_json(event.results, name=event.name), encoding="utf-8")
    else:
        target.write_text(results.dumps_csv(event.results), encoding="utf-8")
    return target
