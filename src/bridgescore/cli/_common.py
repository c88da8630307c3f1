"""What every command shares: output to the terminal or as JSON, and the one
place where library errors become a one-line message and exit status 2."""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from functools import wraps
from typing import Any, ParamSpec, TypeVar

import click
from rich.console import Console

from bridgescore.errors import BridgeError

P = ParamSpec("P")
R = TypeVar("R")

EXIT_BAD_INPUT = 2


def console() -> Console:
    """A console on the current stdout (click's test runner swaps it)."""
    return Console(file=sys.stdout, highlight=False, soft_wrap=True)


def emit_json(data: Any) -> None:
    """Print ``data`` as indented JSON on stdout."""
    click.echo(json.dumps(data, indent=2, ensure_ascii=False))


def note(message: str) -> None:
    """One line on stderr that is not an error: what was done, and why."""
    click.echo(f"bridgescore: {message}", err=True)


def fail(message: str) -> None:
    """One line on stderr, exit status 2."""
    click.echo(f"bridgescore: error: {message}", err=True)
    sys.exit(EXIT_BAD_INPUT)


def friendly_errors(command: Callable[P, R]) -> Callable[P, R]:
    """Turn library input errors (and unreadable files) into one line and exit 2."""

    @wraps(command)
    def wrapper(*args: P.args, **kwargs: P.kwargs) -> R:
        try:
            return command(*args, **kwargs)
        except BridgeError as error:
            fail(str(error))
        except (OSError, UnicodeDecodeError) as error:
            fail(str(error))
        raise AssertionError("unreachable")  # pragma: no cover

    return wrapper
