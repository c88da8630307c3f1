"""What every command shares: output to the terminal or as JSON, the language it speaks,
and the one place where library errors become a one-line message and exit status 2.

The language (``--lang``, else the environment's) is read when something is shown, never
when a command is defined: help, click's own words ("Usage:", "Options", its usage
errors) and every message go through :func:`cli_words` of the running command. A command
added to a :class:`BridgeGroup` gets what it needs for that (a context whose help
formatter translates, and a ``--lang`` of its own), wherever it is defined."""

from __future__ import annotations

import gettext as _stdlib_gettext
import importlib
import inspect
import json
import re
import sys
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from functools import lru_cache, wraps
from pathlib import Path
from typing import Any, ParamSpec, TypeVar

import click
from rich.console import Console

from bridgescore.errors import BridgeError, Reader
from bridgescore.i18n import (
    ENGLISH,
    Language,
    Words,
    gettext_noop,
    language_from_environment,
    words,
)

P = ParamSpec("P")
R = TypeVar("R")

EXIT_BAD_INPUT = 2


_WORDS_KEY = "bridgescore.words"
"""Where the chosen language is kept in click's context (``meta`` is shared by a
command and its group, so ``bridgescore --lang fi event`` and ``event --lang fi`` agree)."""


def words_of(ctx: click.Context | None) -> Words:
    """The language ``ctx``'s command speaks: its ``--lang``, else the environment's
    (``LANGUAGE``, ``LC_ALL``, ``LC_MESSAGES``, ``LANG``), else English."""
    chosen = None if ctx is None else ctx.meta.get(_WORDS_KEY)
    return chosen if isinstance(chosen, Words) else words(language_from_environment())


def cli_words() -> Words:
    """The language the running command speaks (see :func:`words_of`). Outside a command
    (help written when a module is imported) English: the source text, which the help
    formatter translates when it is shown, in the language asked for then."""
    ctx = click.get_current_context(silent=True)
    return ENGLISH if ctx is None else words_of(ctx)


def cli_reader(w: Words | None = None) -> Reader:
    """Who reads the running command's messages (``w``, else :func:`cli_words`): its
    language's catalogue and notation, so that a contract, seat or suit a library message
    names reads as the language writes it (``4SN=`` is ``4PN=`` to a Spanish reader, whose
    spades are picas), not as the file wrote it. The one place the command line makes a
    :class:`~bridgescore.errors.Reader`: every library message it shows is rendered to it."""
    w = cli_words() if w is None else w
    return Reader(w.gettext, w.notation.written)


def _choose_language(ctx: click.Context, _param: click.Parameter, value: str | None) -> None:
    if value is not None:
        ctx.meta[_WORDS_KEY] = words(Language.parse(value))


_LANG_HELP = gettext_noop(
    "Language of the help, the messages, the tables and the published results: en, fi or es"
    " (default: from LANGUAGE/LANG, else English)."
)


def _lang_attributes(*, hidden: bool = False) -> dict[str, Any]:
    return {
        "type": click.Choice([language.value for language in Language]),
        "default": None,
        "expose_value": False,
        "is_eager": True,
        "callback": _choose_language,
        "hidden": hidden,
        "help": _LANG_HELP,
    }


F = TypeVar("F", bound=Callable[..., Any])


def lang_option(command: F) -> F:
    """``--lang en|fi|es``: the language of the help, messages, tables and published results."""
    return click.option("--lang", **_lang_attributes())(command)


def _lang_on_the_line(args: Sequence[str]) -> Words | None:
    """The language a command line asks for (``--lang fi`` or ``--lang=fi``, anywhere
    before ``--``), so that ``score --help --lang fi`` and an error in an option before
    ``--lang`` already speak it; a value that is not a language is left to the option."""
    for index, arg in enumerate(args):
        if arg == "--":
            break
        value = None
        if arg == "--lang" and index + 1 < len(args):
            value = args[index + 1]
        elif arg.startswith("--lang="):
            value = arg.removeprefix("--lang=")
        if value in {language.value for language in Language}:
            return words(Language.parse(value))
    return None


# --- help in the chosen language --------------------------------------------------------------


@lru_cache(maxsize=8)
def _cleaned_catalogue(language: Language) -> Mapping[str, str]:
    """The language's messages keyed by their text as click shows it (``inspect.cleandoc``:
    no indentation, no trailing blank line), for help written in a docstring's layout."""
    catalogue = getattr(words(language).translation, "_catalog", {})
    return {
        inspect.cleandoc(msgid): text
        for msgid, text in catalogue.items()
        if isinstance(msgid, str) and msgid and isinstance(text, str)
    }


_EXAMPLE_COMMENT = re.compile(r"^(\s*bridgescore\b.*?\s#\s+)(\S.*)$")
_EXTRA = re.compile(r"^(.*?)(  \[[^\[\]\n]*\])?$", re.DOTALL)


def translated_help(w: Words, text: str) -> str:
    """Help text in ``w``'s language: as one message, else paragraph by paragraph (an
    example's command stays as it is, its ``# comment`` translated); a text the catalogue
    does not hold is shown as written."""
    if not text or w.language is Language.EN:
        return text
    found = w.gettext(text)
    if found != text:
        return found
    cleaned = _cleaned_catalogue(w.language).get(inspect.cleandoc(text))
    if cleaned is not None:
        return cleaned
    paragraphs = text.split("\n\n")
    if len(paragraphs) > 1:
        return "\n\n".join(translated_help(w, paragraph) for paragraph in paragraphs)
    lines = text.split("\n")
    if len(lines) > 1 and any(_EXAMPLE_COMMENT.match(line) for line in lines):
        return "\n".join(translated_help(w, line) for line in lines)
    example = _EXAMPLE_COMMENT.match(text)
    if example is not None:
        return example[1] + w.gettext(example[2])
    return text


class TranslatingFormatter(click.HelpFormatter):
    """Click's help formatter writing in a language: the usage line, headings, help and
    epilog paragraphs, and the second column of the option and command lists (an
    option's ``[default: ...]`` kept, click writes it in the language already)."""

    def __init__(self, w: Words, **options: Any) -> None:
        super().__init__(**options)
        self.words = w

    def write_usage(self, prog: str, args: str = "", prefix: str | None = None) -> None:
        if prefix is None:
            prefix = self.words.gettext("Usage:") + " "
        super().write_usage(prog, args, prefix)

    def write_heading(self, heading: str) -> None:
        super().write_heading(self.words.gettext(heading))

    def write_text(self, text: str) -> None:
        super().write_text(translated_help(self.words, text))

    def write_dl(
        self, rows: Iterable[tuple[str, str]], col_max: int = 30, col_spacing: int = 2
    ) -> None:
        shown = []
        for term, text in rows:
            found = _EXTRA.match(text)
            assert found is not None  # the pattern matches every text
            shown.append((term, translated_help(self.words, found[1]) + (found[2] or "")))
        super().write_dl(shown, col_max, col_spacing)


class BridgeContext(click.Context):
    """A command's context that writes its help in the command's language."""

    def make_formatter(self) -> click.HelpFormatter:
        return TranslatingFormatter(
            words_of(self), width=self.terminal_width, max_width=self.max_content_width
        )


class FilledOption(click.Option):
    """An option whose help is a message with named fields (``"IMP table: {choices}."``),
    translated, then filled, when help is shown: ``fields`` maps each field to its text, or
    to a function of the language that writes it."""

    def __init__(
        self,
        *args: Any,
        fields: Mapping[str, str | Callable[[Words], str]] | None = None,
        **attrs: Any,
    ) -> None:
        super().__init__(*args, **attrs)
        self.fields = dict(fields or {})

    def filled_help(self, w: Words) -> str | None:
        if self.help is None:
            return None
        values = {
            name: value if isinstance(value, str) else value(w)
            for name, value in self.fields.items()
        }
        return translated_help(w, self.help).format(**values)

    def get_help_record(self, ctx: click.Context) -> tuple[str, str] | None:
        template = self.help
        self.help = self.filled_help(words_of(ctx))
        try:
            return super().get_help_record(ctx)
        finally:
            self.help = template


def filled_help(template: str, **fields: str | Callable[[Words], str]) -> dict[str, Any]:
    """``click.option(..., **filled_help("IMP table: {choices}.", choices=...))``: the
    option's help as a message with fields (see :class:`FilledOption`)."""
    return {"cls": FilledOption, "help": template, "fields": fields}


# --- click's own words ------------------------------------------------------------------------

CLICK_WORDS = (
    gettext_noop("Usage:"),
    gettext_noop("Options"),
    gettext_noop("Commands"),
    gettext_noop("Show this message and exit."),
    gettext_noop("Show the version and exit."),
    gettext_noop("default: {default}"),
    gettext_noop("required"),
    gettext_noop("env var: {var}"),
    gettext_noop("No such option {name!r}."),
    gettext_noop("No such command {name!r}."),
    gettext_noop("Missing argument"),
    gettext_noop("Missing option"),
    gettext_noop("Missing parameter"),
    gettext_noop("Missing command."),
    gettext_noop("Invalid value for {param_hint}: {message}"),
    gettext_noop("Invalid value: {message}"),
    gettext_noop("{value!r} is not a valid {number_type}."),
    gettext_noop("{value} is not in the range {range}."),
    gettext_noop("Option {name!r} does not take a value."),
    ENGLISH.ngettext("Did you mean {possibility}?", "(Did you mean one of: {possibilities}?)", 1),
    ENGLISH.ngettext("{value!r} is not {choice}.", "{value!r} is not one of {choices}.", 1),
    ENGLISH.ngettext(
        "Option {name!r} requires an argument.", "Option {name!r} requires {nargs} arguments.", 1
    ),
    ENGLISH.ngettext(
        "Got unexpected extra argument ({args})", "Got unexpected extra arguments ({args})", 1
    ),
)
"""The words click itself writes in help and usage errors, for the catalogue."""

EXAMPLES = gettext_noop("Examples:")
"""The heading of every command's examples (its epilog), for the catalogue."""


def _running_words() -> Words | None:
    """The language of the bridgescore command running now; ``None`` for another program."""
    ctx = click.get_current_context(silent=True)
    if ctx is None or not isinstance(ctx.find_root(), BridgeContext):
        return None
    return words_of(ctx)


def _click_gettext(message: str) -> str:
    w = _running_words()
    return _stdlib_gettext.gettext(message) if w is None else w.gettext(message)


def _click_ngettext(singular: str, plural: str, n: int) -> str:
    w = _running_words()
    if w is None:
        return _stdlib_gettext.ngettext(singular, plural, n)
    return w.ngettext(singular, plural, n)


def _speak_through_click() -> None:
    """Click writes its words with the standard library's ``gettext`` (the process's
    domain); while a bridgescore command runs, they are looked up in its language instead.
    Another program's commands in the same process are left as they were."""
    # Not click.decorators: the help of --help and --version is written there once and kept
    # (the help formatter translates it when shown).
    for name in ("core", "exceptions", "formatting", "parser", "types", "termui"):
        module = importlib.import_module(f"click.{name}")
        if getattr(module, "_", None) is _stdlib_gettext.gettext:
            module._ = _click_gettext  # type: ignore[attr-defined]
        if getattr(module, "ngettext", None) is _stdlib_gettext.ngettext:
            module.ngettext = _click_ngettext  # type: ignore[attr-defined]


_speak_through_click()


@contextmanager
def _speaking(ctx: click.Context | None) -> Iterator[None]:
    """``ctx`` current while an error is put into words after its command has ended."""
    if ctx is None:
        yield
        return
    with ctx.scope(cleanup=False):
        yield


# --- output -----------------------------------------------------------------------------------


def is_file(path: str | Path) -> bool:
    """Whether ``path`` names a file there: a spec too long to be a file name (a field of
    many sections, a VP scale written out), or with a character no file name has, names
    none (rather than failing as ``File name too long``)."""
    try:
        return Path(path).is_file()
    except (OSError, ValueError):
        return False


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
    """One line on stderr, exit status 2: ``bridgescore: error:`` (the program's fixed
    prefix) and ``message``, already in the command's language."""
    click.echo(f"bridgescore: error: {one_line(message)}", err=True)
    sys.exit(EXIT_BAD_INPUT)


class _OneLineUsageError(click.UsageError):
    """A usage error (a bad option or argument) shown as every other error is: one line."""

    def show(self, file: Any = None) -> None:
        hint = ""
        if self.ctx is not None:
            hint = words_of(self.ctx).gettext(" (see '{command} --help')")
            hint = hint.format(command=self.ctx.command_path)
        message = one_line(self.format_message()).rstrip(".")
        click.echo(f"bridgescore: error: {message}{hint}", err=True)


def _one_line_error(error: click.UsageError) -> _OneLineUsageError:
    with _speaking(error.ctx):
        return _OneLineUsageError(error.format_message(), error.ctx)


def _speak_in_context(command: click.Command) -> None:
    """What a command needs to speak its group's language: a context whose help
    translates, and ``--lang`` (hidden where the command does not list it itself)."""
    if command.context_class is click.Context:
        command.context_class = BridgeContext
    if not any(param.name == "lang" for param in command.params):
        command.params.append(click.Option(["--lang"], **_lang_attributes(hidden=True)))
    if isinstance(command, click.Group) and not isinstance(command, BridgeGroup):
        for sub in command.commands.values():
            _speak_in_context(sub)


def short_help(command: click.Command, w: Words, limit: int = 45) -> str:
    """A command's line in its group's list, in ``w``'s language: its short help, else
    the first sentence of its help, cut at a word to ``limit`` characters."""
    if command.short_help:
        return translated_help(w, inspect.cleandoc(command.short_help))
    if not command.help:
        return ""
    text = translated_help(w, inspect.cleandoc(command.help))
    first = " ".join(text.split("\n\n", 1)[0].split())
    sentence = re.split(r"(?<=[.!?])\s", first, maxsplit=1)[0]
    if len(sentence) <= limit:
        return sentence
    return sentence[: limit - 3].rsplit(" ", 1)[0] + "..."


class BridgeGroup(click.Group):
    """The command group: its commands speak the chosen language (help, click's words,
    messages), and click's usage errors become one ``bridgescore: error:`` line."""

    context_class = BridgeContext

    def add_command(self, cmd: click.Command, name: str | None = None) -> None:
        _speak_in_context(cmd)
        super().add_command(cmd, name)

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        if ctx.parent is None:
            chosen = _lang_on_the_line(args)
            if chosen is not None:
                ctx.meta[_WORDS_KEY] = chosen
        return super().parse_args(ctx, args)

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        w = words_of(ctx)
        commands = [
            (name, command)
            for name in self.list_commands(ctx)
            if (command := self.get_command(ctx, name)) is not None and not command.hidden
        ]
        if not commands:
            return
        limit = formatter.width - 6 - max(len(name) for name, _ in commands)
        rows = [(name, short_help(command, w, limit)) for name, command in commands]
        with formatter.section(w.gettext("Commands")):
            formatter.write_dl(rows)

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
            raise _one_line_error(error) from None

    def invoke(self, ctx: click.Context) -> Any:
        try:
            return super().invoke(ctx)
        except click.exceptions.NoArgsIsHelpError:
            raise
        except _OneLineUsageError:
            raise
        except click.UsageError as error:
            raise _one_line_error(error) from None


def _os_message(error: OSError, w: Words) -> str:
    """A file that cannot be read or written, in ``w``'s language where the reason is a
    common one (the system's own words otherwise)."""
    _ = w.gettext
    where = error.filename if error.filename is not None else ""
    if w.language is Language.EN:
        return str(error)
    if isinstance(error, FileNotFoundError) and where:
        return _("{file}: no such file or folder").format(file=where)
    if isinstance(error, PermissionError) and where:
        return _("{file}: permission denied").format(file=where)
    if isinstance(error, IsADirectoryError) and where:
        return _("{file}: is a folder, not a file").format(file=where)
    return str(error)


def friendly_errors(command: Callable[P, R]) -> Callable[P, R]:
    """Turn library input errors (and unreadable files) into one line, in the command's
    language, and exit 2."""

    @wraps(command)
    def wrapper(*args: P.args, **kwargs: P.kwargs) -> R:
        try:
            return command(*args, **kwargs)
        except BridgeError as error:
            fail(error.translated(cli_reader()))
        except OSError as error:
            fail(_os_message(error, cli_words()))
        except UnicodeDecodeError as error:
            fail(str(error))
        raise AssertionError("unreachable")  # pragma: no cover

    return wrapper
