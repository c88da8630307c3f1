"""The one way bridgescore writes a file: whole or not at all, never over its own input.

A write goes to a temporary file beside the target and is renamed into place, so a
full disk or a quota leaves the old file (or nothing) behind, never a truncated one;
the error names the path. :func:`check_not_input` refuses a target that is one of the
files being read — directly, or through a link — unless the caller says ``force``.
"""

from __future__ import annotations

import os
import tempfile
from collections.abc import Iterable
from pathlib import Path

from bridgescore.errors import BridgeInputError
from bridgescore.errors import marked as _


class WriteError(BridgeInputError):
    """A file that could not be written (the message names it)."""


def same_file(first: str | os.PathLike[str], second: str | os.PathLike[str]) -> bool:
    """Whether two paths are the same file (through links too); ``False`` if either is missing."""
    try:
        return os.path.samefile(first, second)
    except OSError:
        return False


def check_not_input(
    target: str | os.PathLike[str],
    inputs: Iterable[str | os.PathLike[str]],
    *,
    force: bool = False,
) -> None:
    """Refuse to write ``target`` over one of ``inputs`` unless ``force``."""
    if force:
        return
    for source in inputs:
        if same_file(target, source):
            raise WriteError(
                _(
                    "{target!r} is the input file {source!r}: writing it would replace it;"
                    " choose another name, or pass --force",
                    target=os.fspath(target),
                    source=os.fspath(source),
                )
            )


def write_bytes(path: str | os.PathLike[str], data: bytes) -> Path:
    """Write ``data`` to ``path`` atomically (a temporary file beside it, then a rename).

    The file keeps the mode an existing file had (else the usual mode for a new file).
    """
    target = Path(path)
    folder = target.parent
    try:
        mode = target.stat().st_mode & 0o7777 if target.exists() else None
        handle, temporary = tempfile.mkstemp(prefix=f".{target.name}.", dir=folder)
    except OSError as error:
        raise WriteError(
            _("{target!r}: cannot write: {reason}", target=os.fspath(target), reason=error.strerror)
        ) from None
    try:
        with os.fdopen(handle, "wb") as out:
            out.write(data)
            out.flush()
            os.fsync(out.fileno())
        if mode is None:
            umask = os.umask(0)
            os.umask(umask)
            mode = 0o666 & ~umask
        os.chmod(temporary, mode)
        os.replace(temporary, target)
    except BaseException as error:  # an interrupt too: no temporary file is left behind
        Path(temporary).unlink(missing_ok=True)
        if isinstance(error, OSError):
            raise WriteError(
                _(
                    "{target!r}: cannot write: {reason}",
                    target=os.fspath(target),
                    reason=error.strerror,
                )
            ) from None
        raise
    return target


def write_text(path: str | os.PathLike[str], text: str, *, encoding: str = "utf-8") -> Path:
    """Write ``text`` to ``path`` atomically, in ``encoding``."""
    return write_bytes(path, text.encode(encoding))
