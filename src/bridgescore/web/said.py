"""What a reader reads in their language: the one place an error becomes a message
(:func:`problem`), the language of the request and of a session's published pages
(:func:`words_of`, :func:`published_language`), and texts kept now and read later (the
director's log, the flags on an entry, the result waiting for the opponents' phone).

Such a text is written by one request (a table's phone, in its language) and read by
another (the director, in theirs), so it is kept as the library's :class:`Message` (its
English template, marked where it is written, and its values, stored by
:meth:`Message.to_data`) and translated when it is shown (:func:`shown`). Texts kept
before, or typed by people (a note, a reason), are shown as they were kept.
"""

from __future__ import annotations

import json
import re
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from django.conf import settings
from django.http import HttpRequest
from django.utils import translation
from django.utils.translation import gettext, gettext_noop, pgettext_lazy
from django.utils.translation.trans_real import parse_accept_lang_header

from bridgescore.core.contract import Contract, TableResult
from bridgescore.core.notation import difference
from bridgescore.core.seats import Side
from bridgescore.errors import BridgeError, Message, Reader, as_message, listed
from bridgescore.i18n import Language, LanguageError, Words, words

if TYPE_CHECKING:
    from bridgescore.web.models import Session


KEPT_BEFORE = (
    gettext_noop("NS {score} is far from the other tables (median {median})"),
    gettext_noop("give the declarer: N, E, S or W"),
    gettext_noop("{text}: a card is a suit and a rank, like SA or H10"),
)
"""Messages the library said in words it no longer uses, which entries' flags and log lines
kept before still hold (a session running across the upgrade): kept in the catalogue so
they are still read in each reader's language."""


def problem(error: Exception) -> str:
    """The one place a library or app error becomes the message a user reads: a library
    error's message in the request's language (its catalogue is the web app's) and the
    contracts, seats and suits it names in the language's notation."""
    if isinstance(error, BridgeError):
        return error.translated(reader())
    return str(error)


def reader() -> Reader:
    """The request's reader of a message: its language's catalogue (the web app's
    ``gettext``) and notation (a contract the library names ``7NT`` is ``7ST`` to a
    Spanish reader)."""
    return Reader(gettext, words_of().notation.written)


def problem_kept(error: Exception) -> Message | str:
    """An error as a log line keeps it among its values: a library or app error's marked
    message (each reader reads it in their own language, as :func:`problem` would
    have said it), else its text."""
    return error.message if isinstance(error, BridgeError) else str(error)


_WORDS: dict[Language, Words] = {}


def published_language(request: HttpRequest, session: Session | None) -> str:
    """The language a session's results pages and guide cards are read in: the one rule.

    1. the reader's own choice with the language switch (its cookie);
    2. else the browser's ``Accept-Language``, its first language we speak (a Finnish
       phone reads a Spanish club's results in Finnish);
    3. else the session's own language (the director's when it was set up: a reader whose
       browser asks for none of ours, German say, reads a Finnish club's results in Finnish);
    4. else English.
    """
    chosen = request.COOKIES.get(settings.LANGUAGE_COOKIE_NAME, "")
    if chosen and translation.check_for_language(chosen):
        return _supported(chosen) or settings.LANGUAGE_CODE
    accepted = request.META.get("HTTP_ACCEPT_LANGUAGE", "")
    for code, _quality in parse_accept_lang_header(str(accepted)):
        if code == "*":
            break
        found = _supported(code)
        if found:
            return found
    if session is not None and _supported(session.language):
        return session.language
    return str(settings.LANGUAGE_CODE)


def _supported(code: str) -> str:
    """``code``'s language among ours (``fi-FI``: ``fi``), else ``''``."""
    try:
        return str(translation.get_supported_language_variant(code))
    except LookupError:
        return ""


LAW_SET_TITLES: dict[str, Any] = {
    "2017": pgettext_lazy(
        "law set",
        "Laws of Duplicate Bridge (1987 scale, redoubled insult 100), rubber laws since 1993",
    ),
    "1987": pgettext_lazy(
        "law set",
        "Laws of Duplicate Contract Bridge 1987: the new undertrick scale,"
        " redoubled insult still 50",
    ),
    "1935": pgettext_lazy("law set", "International Laws of Contract Bridge 1935 to 1987"),
    "1932": pgettext_lazy("law set", "Laws of Contract Bridge 1932 (before 1935)"),
}
"""The library's law sets' titles (``laws/lawsets.py``, which never picks a language),
marked here for the catalogue; a test holds each equal to the library's English."""


def law_set_title(name: str) -> str:
    """A law set's title as a web page shows it, in the reader's language (the library's
    English title for a law set the web has not marked)."""
    from bridgescore.laws.lawsets import get_laws

    laws = get_laws(name)
    marked = LAW_SET_TITLES.get(laws.name)
    return laws.title if marked is None else str(marked)


def words_of(language: str | None = None) -> Words:
    """The words of ``language`` (``en``, ``fi``, ``es``; ``None``: the request's, as
    Django's ``LocaleMiddleware`` chose it; anything else: English), built once each."""
    asked = translation.get_language() if language is None else language
    try:
        chosen = Language.parse(asked or "en")
    except LanguageError:
        chosen = Language.EN
    found = _WORDS.get(chosen)
    if found is None:
        found = _WORDS[chosen] = words(chosen)
    return found


def result_text(
    contract: str, declarer: str = "", result: str = "", *, spaced: bool = False
) -> str:
    """A result as it is kept (the library's international text: ``4SX``, ``N``, ``-2``;
    ``Pass``) as the reader's notation writes it: ``4♠XP-2`` in Finnish (``4♠X P -2``
    ``spaced``, as the director's log writes it); what reads as no result (``A+/A-``,
    ``NP``) as it was kept."""
    return _result_text(words_of(), contract, declarer, result, spaced)


@lru_cache(maxsize=8192)
def _result_text(words: Words, contract: str, declarer: str, result: str, spaced: bool) -> str:
    """:func:`result_text` in ``words``: kept, as a session's results repeat (every
    acknowledgement, the log and the travellers write them)."""
    parts = [part for part in (contract, declarer, result) if part]
    try:
        found = TableResult.parse(" ".join(parts))
    except (BridgeError, ValueError):
        return (" " if spaced else "").join(parts)
    notation = words.notation
    made = found.contract
    if spaced and isinstance(made, Contract) and made.declarer is not None:
        seat = notation.seat(made.declarer)
        return f"{notation.contract(made, declarer=False)} {seat} {difference(found)}"
    return notation.result(found)


def ns_points(points: int, *, signed: bool = True) -> str:
    """North-South's score with their side as the reader's notation writes it: ``NS +420``,
    ``PE +420``."""
    side = words_of().notation.side(Side.NS)
    return f"{side} {points:+d}" if signed else f"{side} {points}"


def pending(board: int, result: str, points: int | None) -> str:
    """A result sent to the opponents' phone, kept to be shown there (and to the director)
    in each reader's words and notation: ``result`` as the library writes it (``4SN=``),
    North-South's ``points``; the score as the sender read it kept too."""
    score = result_text(result) + (f": {ns_points(points)}" if points is not None else "")
    return said(
        gettext_noop("board {board}: {score}"),
        board=board,
        score=score,
        result=result,
        points=points,
    )


def pending_shown(kept: str) -> str:
    """A result kept by :func:`pending` in the reader's words and notation (``brikka 2:
    2♥I=: PE −110``); anything else kept as :func:`shown` shows it."""
    data = _loads(kept)
    values = data.get("values") if isinstance(data, dict) else None
    if isinstance(values, dict) and isinstance(values.get("result"), str):
        points = values.get("points")
        score = result_text(values["result"])
        if isinstance(points, int):
            score += f": {ns_points(points)}"
        return Message(str(data["message"]), board=values.get("board"), score=score).render(
            reader()
        )
    return shown(kept)


Part = Message
"""A message and its values, before it is kept (the library's :class:`Message`)."""


def part(message: str, /, **values: object) -> Part:
    """``message`` (English, with named ``{fields}``) with its values, to keep or to put
    in another message's values (a list of messages is shown joined by ``; ``)."""
    return Message(message, **{k: _part_value(v) for k, v in values.items()})


def said(message: str, /, **values: object) -> str:
    """``message`` with its values as one text to keep (a log line, a flag)."""
    return _dumps(part(message, **values).to_data())


def kept(message: Part) -> str:
    """A message made already (:func:`part`) as one text to keep, as :func:`said` keeps
    one (a late change asked for, kept as its log line)."""
    return _dumps(message.to_data())


def said_all(parts: list[Part], limit: int | None = None) -> str:
    """Several messages kept in one field of ``limit`` characters (an entry's flags, a
    late change's log line; no limit: a late change's record); when they do not fit, the
    first that fit and how many more were left out (:data:`LEFT_OUT`), all messages still,
    read in each reader's language (only a field too short for that keeps the English
    text, cut)."""
    if not parts:
        return ""
    each = [_dumps(p.to_data()) for p in parts]
    kept = f"[{','.join(each)}]"
    if limit is None or len(kept) <= limit:
        return kept
    best: tuple[int, str] | None = None
    size = len("[]")
    for count, text in enumerate(each):  # the most that fit with the words for the rest
        left = _dumps(left_out(len(parts) - count).to_data())
        if size + len(left) <= limit:
            best = count, left
        size += len(text) + len(",")
    if best is None:
        return "; ".join(str(p) for p in parts)[:limit]
    count, left = best
    return f"[{','.join([*each[:count], left])}]"


LEFT_OUT = (
    gettext_noop("and 1 more, not kept: too long"),
    gettext_noop("and {count} more, not kept: too long"),
)
"""What stands for the messages left out of a field too short for them all (the last of a
late change's many warnings in its log line): how many, in the reader's language."""


def left_out(count: int) -> Part:
    """The message that says ``count`` messages were left out (:data:`LEFT_OUT`)."""
    return part(LEFT_OUT[0]) if count == 1 else part(LEFT_OUT[1], count=count)


def fitted(kept: str, limit: int) -> str:
    """A kept text held to ``limit`` characters (a log line's column): several messages as
    :func:`said_all` holds them (the first that fit, and how many more); one message too
    long to keep whole, still a message, read in each reader's language, its longest parts
    made shorter (:func:`_shortened`); only one whose own words do not fit, its English
    text cut; a text kept as it reads, cut."""
    if len(kept) <= limit:
        return kept
    data = _loads(kept)
    if isinstance(data, list):
        found = [_message(d) for d in data]
        if all(m is not None for m in found):
            return said_all([m for m in found if m is not None], limit)
    single = _message(data) if isinstance(data, dict) else None
    if single is not None:
        shorter = _shortened(single, limit)
        if shorter is not None:
            return shorter
    return (kept if single is None else str(single))[:limit]


CUT = "…"
"""What ends a text a kept message had to cut short."""
SHORTEST_CUT = 20
"""A text is not cut shorter than this (a name, a note still recognisable)."""


def _shortened(message: Message, limit: int) -> str | None:
    """``message`` kept in ``limit`` characters by making its largest value smaller, again
    and again: a list of messages (:func:`~bridgescore.errors.listed`) keeps its first and
    says how many more were left out (:data:`LEFT_OUT`), a text is cut and ends in
    :data:`CUT`; ``None`` when nothing is left to make smaller."""
    while len(found := _dumps(message.to_data())) > limit:
        smaller = _smaller(message, len(found) - limit)
        if smaller is None:
            return None
        message = smaller
    return found


def _smaller(message: Message, over: int) -> Message | None:
    """``message`` with its largest value made smaller by about ``over`` characters (the
    excess), or ``None`` if none can be."""
    sizes = {name: _size(value) for name, value in message.values.items()}
    for name in sorted(sizes, key=lambda n: -sizes[n]):
        value = message.values[name]
        made: object | None = None
        if isinstance(value, str) and len(value) > SHORTEST_CUT + len(CUT):
            made = value[: max(SHORTEST_CUT, len(value) - over - len(CUT))] + CUT
        elif isinstance(value, Message):
            parts = _listed_parts(value)
            if parts is not None and len(parts) > 1:
                made = _fewer(value, parts, over)
            else:
                made = _smaller(value, over)
        if made is not None:
            return Message(message.template, **{**message.values, name: made})
    return None


def _size(value: object) -> int:
    """About the characters ``value`` takes in a kept message."""
    return len(_dumps(Message("{value}", value=value).to_data()))


def _listed_parts(message: Message) -> list[Any] | None:
    """The parts of a list of messages (:func:`~bridgescore.errors.listed`, its last part
    perhaps the count of those left out), or ``None`` for another message."""
    names = [f"part{n}" for n in range(len(message.values))]
    if len(names) < 2 or list(message.values) != names:
        return None
    if message.template != _between(message).join(f"{{{name}}}" for name in names):
        return None
    return [message.values[name] for name in names]


def _between(message: Message) -> str:
    """What a list of messages puts between its parts."""
    return message.template.removeprefix("{part0}").split("{part1}", 1)[0]


def _fewer(message: Message, parts: list[Any], over: int) -> Message:
    """A list of messages with about ``over`` characters of its last parts left out, at
    least one, the count of those left out said last (:func:`left_out`)."""
    count = 0
    last = parts[-1]
    if isinstance(last, Message) and last.template in LEFT_OUT:  # left out before
        count = 1 if last.template == LEFT_OUT[0] else int(str(last.values.get("count", 0)))
        parts = parts[:-1]
    each = max(1, _size(message) // max(1, len(parts)))
    dropped = min(len(parts), max(1, -(-over // each)))
    kept = parts[: len(parts) - dropped]
    return listed([*kept, left_out(count + dropped)], _between(message))


def part_of(kept: str) -> Part | None:
    """The message a text was kept as (:func:`said`), to put in another's values; ``None``
    for a text kept as it reads."""
    data = _loads(kept)
    return _message(data) if isinstance(data, dict) else None


def library(kept: str) -> str:
    """A library's text in the active language (a Swiss draw's reason, kept by the library
    as its marked message): the message it was rendered from, translated, its figures with
    the reader's decimal separator (``18,76``); plain text as it is."""
    shown = as_message(kept).render(reader())
    return _DECIMAL.sub(lambda found: words_of().figure(found[0]), shown)


_DECIMAL = re.compile(r"(?<![\d.,])\d+\.\d+(?![\d.,])")
"""A figure with a decimal point, as the library writes it (``18.76``; not a date's
``4.12.2026``)."""


def text(message: Part) -> str:
    """A message not kept, in the active language (a refusal, said at once)."""
    return message.render(reader())


def shown(kept: str) -> str:
    """A kept text in the active language (a message kept by :func:`said` translated and
    filled; anything else as it was kept)."""
    data = _loads(kept)
    if isinstance(data, dict):
        found = _message(data)
        return kept if found is None else found.render(reader())
    if isinstance(data, list):
        return "; ".join(shown_all(kept))
    return kept


def shown_all(kept: str, split: str = "; ") -> list[str]:
    """Each of several kept messages (:func:`said_all`) in the active language; a text
    kept before, split at ``split``."""
    data = _loads(kept)
    if isinstance(data, dict):
        data = [data]
    if isinstance(data, list):
        found = [_message(d) for d in data]
        shows = reader()
        return [str(d) if m is None else m.render(shows) for d, m in zip(data, found, strict=True)]
    return [f for f in kept.split(split) if f]


def _part_value(value: object) -> object:
    if isinstance(value, list):
        return listed(value)
    return value


def _message(data: object) -> Message | None:
    try:
        return Message.from_data(data)
    except ValueError:
        return None


def _dumps(data: object) -> str:
    return json.dumps(data, ensure_ascii=False, separators=(",", ":"))


def _loads(kept: str) -> Any:
    """The kept message's stored form; ``None`` for a text kept as it reads (a note, a
    reason typed by a person, a line kept before messages were)."""
    if not kept.startswith(('{"message":', '[{"message":')):
        return None
    try:
        return json.loads(kept)
    except ValueError:
        return None
