"""What every command shares: output to the terminal or as JSON, and the one
place where library errors become a one-line message and exit status 2."""

from __future__ import annotations

import json
import re
import sys
from collections.abc import Callable
from functools import wraps
from typing import Any, ParamSpec, TypeVar

import click
from rich.console import Console

from bridgescore.errors import BridgeError
from bridgescore.i18n import Language, Words, gettext_noop, language_from_environment, words

P = ParamSpec("P")
R = TypeVar("R")

EXIT_BAD_INPUT = 2


_WORDS_KEY = "bridgescore.words"
"""Where the chosen language is kept in click's context (``meta`` is shared by a
command and its group, so ``bridgescore --lang fi event`` and ``event --lang fi`` agree)."""


def cli_words() -> Words:
    """The language the command speaks: ``--lang``, else the environment's
    (``LANGUAGE``, ``LC_ALL``, ``LC_MESSAGES``, ``LANG``), else English."""
    ctx = click.get_current_context(silent=True)
    chosen = None if ctx is None else ctx.meta.get(_WORDS_KEY)
    return chosen if isinstance(chosen, Words) else words(language_from_environment())


def _choose_language(ctx: click.Context, _param: click.Parameter, value: str | None) -> None:
    if value is not None:
        ctx.meta[_WORDS_KEY] = words(Language.parse(value))


F = TypeVar("F", bound=Callable[..., Any])


def lang_option(command: F) -> F:
    """``--lang en|fi|es``: the language of the tables, messages and published results."""
    option = click.option(
        "--lang",
        type=click.Choice([language.value for language in Language]),
        default=None,
        expose_value=False,
        is_eager=True,
        callback=_choose_language,
        help=gettext_noop(
            "Language of the tables and published results: en, fi or es (default: from"
            " LANGUAGE/LANG, else English)."
        ),
    )
    return option(command)


def console() -> Console:
    """A console on the current stdout (click's test runner swaps it)."""
    return Console(file=sys.stdout, highlight=False, soft_wrap=True)


def emit_json(data: Any) -> None:
    """Print ``data`` as indented JSON on stdout."""
    click.echo(json.dumps(data, indent=2, ensure_ascii=False))


def note(message: str) -> None:
    """One line on stderr that is not an error: what was done, and why."""
    click.echo(f"bridgescore: {message}", err=True)


MESSAGE_LIMIT = 300
"""The longest message a command prints (a message never quotes a whole 10 MB line)."""

_QUOTED = re.compile(r"'[^'\n]{61,}'|\"[^\"\n]{61,}\"")


def one_line(message: str, limit: int = MESSAGE_LIMIT) -> str:
    """``message`` on one line; when longer than ``limit``, each quoted excerpt cut to 60
    characters, then the whole to ``limit``: the safety net under the library's own
    short excerpts (a message that fits is never changed, file names included)."""

    def shorten(match: re.Match[str]) -> str:
        mark = match[0][0]
        return f"{mark}{match[0][1:60]}…{mark}"

    text = " ".join(message.split())
    if len(text) > limit:
        text = _QUOTED.sub(shorten, text)
    return text if len(text) <= limit else text[: limit - 1] + "…"


def fail(message: str) -> None:
    """One line on stderr, exit status 2."""
    click.echo(f"bridgescore: error: {one_line(message)}", err=True)
    sys.exit(EXIT_BAD_INPUT)


class _OneLineUsageError(click.UsageError):
    """A usage error (a bad option or argument) shown as every other error is: one line."""

    def show(self, file: Any = None) -> None:
        hint = f" (see '{self.ctx.command_path} --help')" if self.ctx is not None else ""
        message = one_line(self.format_message()).rstrip(".")
        click.echo(f"bridgescore: error: {message}{hint}", err=True)


class BridgeGroup(click.Group):
    """The command group: click's usage errors become one ``bridgescore: error:`` line."""

    def make_context(
        self,
        info_name: str | None,
        args: list[str],
        parent: click.Context | None = None,
        **extra: Any,
    ) -> click.Context:
        try:
            return super().make_context(info_name, args, parent, **extra)
        except click.exceptions.NoArgsIsHelpError:
            raise
        except click.UsageError as error:
            raise _OneLineUsageError(error.format_message(), error.ctx) from None

    def invoke(self, ctx: click.Context) -> Any:
        try:
            return super().invoke(ctx)
        except click.exceptions.NoArgsIsHelpError:
            raise
        except _OneLineUsageError:
            raise
        except click.UsageError as error:
            raise _OneLineUsageError(error.format_message(), error.ctx) from None


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
