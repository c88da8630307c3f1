"""What one cell of a results table (or one tag value) says: known or not, a number, names,
a score or an adjusted score, read for :mod:`~bridgescore.io.pbn._to_event` and
:mod:`~bridgescore.io.pbn._matches`."""

from __future__ import annotations

import re
from typing import Final

from bridgescore.core._tokens import quote
from bridgescore.duplicate.adjusted import NOT_PLAYED, Adjusted, NotPlayed
from bridgescore.errors import BridgeError, BridgeInputError
from bridgescore.errors import marked as _
from bridgescore.io.pbn._tables import Cell
from bridgescore.io.rows import parse_adjusted, side_award

_NUMBER_RE: Final = re.compile(r"^[+-]?\d+(?:\.\d+)?$")
_SCORE_RE: Final = re.compile(r"^[+-]?[0-9]{1,8}$")

BYE: Final = "bye"
"""What :func:`score_entry` returns for a pair sitting out (``Bye`` in a score cell)."""


def known(value: str | None) -> str | None:
    """The value stripped, or ``None`` when it is absent or unknown (``''``, ``?``, ``-``)."""
    if value is None:
        return None
    stripped = value.strip()
    return None if stripped in ("", "?", "-") else stripped


MOVEMENT_TAG = "Movement"
"""bridgescore's own tag of a pairs game: how its section (or the field, without
sections) is ranked, ``Howell`` (one ranking), ``Mitchell`` (North-South and East-West)
or ``Arrow-switched Mitchell`` (one ranking of a Mitchell's pairs), as its movement has it
(:class:`~bridgescore.events.vocabulary.SectionMovement`): a Howell stopped after its
first round, or an arrow-switched Mitchell before its first switched round, is still one
ranking. PBN 2.1 has no such tag; a program
that does not know it passes it by."""
ADJUSTMENT_COLUMN = "AdjustmentVP"
"""bridgescore's column of a teams ``[TotalScoreTable]``: the VPs in a team's total from
outside its matches (its byes', less a penalty), as USEBIO's ``ADJUSTMENT``; PBN 2.1 names
no column for them, and a reader that does not know it skips it."""


def number(cell: Cell) -> float | None:
    """A cell's number (``^`` marks a figure set by hand and is dropped); raises
    ``ValueError`` with the cell when it is not a number."""
    if cell is None:
        return None
    text = cell.strip().lstrip("^")
    if not _NUMBER_RE.match(text):
        raise ValueError(cell)
    return float(text)


TEAM_NAME_COLUMN = "TeamName"
"""A teams ``[TotalScoreTable]``'s column of each team's name (Ruter's): one name, read
whole whatever it holds (``Ñandú & Co``, ``Nines;semi``), never cut into players."""


def team_name_cell(text: str | None) -> tuple[str, ...]:
    """A team's name from its ``TeamName`` cell: the whole cell, one name (none when the
    cell is empty or unknown)."""
    name = known(text)
    return () if name is None else (name,)


def split_names(text: str) -> tuple[str, ...]:
    """Players' names from a ``Names`` cell: ``;`` between them (PBN), or `` - `` (Ruter)."""
    for separator in (";", " - "):
        if separator in text:
            return tuple(part.strip() for part in text.split(separator) if part.strip())
    return (text.strip(),) if text.strip() else ()


def _adjusted_text(text: str) -> Adjusted | NotPlayed:
    """An adjusted score for both sides in one cell (``A+A-``, ``A60A40``, ``A+/A-``,
    ``A6040``, ``A`` for average both, ``NP``), read by the row kernel's rules; one side's
    award alone (``A+``) is refused: PBN writes the other side's in the next cell."""
    folded = text.strip()
    if re.fullmatch(r"A[+-]|A?\d+(?:\.\d+)?%?", folded, re.IGNORECASE) and not re.fullmatch(
        r"A\d{4}", folded, re.IGNORECASE
    ):
        raise BridgeInputError(
            _(
                "{text}: an adjusted score for one side only; give both (A+ A-, A60 A40, A+A-)",
                text=quote(text),
            )
        )
    return parse_adjusted(folded)


def score_entry(ns: Cell, ew: Cell) -> int | Adjusted | NotPlayed | str | None:
    """What the ``Score_NS``/``Score_EW`` cells say: North-South's points, an adjusted
    score, :data:`BYE`, or ``None`` (nothing); raises ``BridgeInputError``."""
    given = [known(ns), known(ew)]
    texts = [t for t in given if t is not None]
    if not texts:
        return None
    if any(t.lower() == BYE for t in texts):
        return BYE
    ns_text, ew_text = (t.lstrip("^") if t else t for t in given)
    ns_num = ns_text is not None and _SCORE_RE.match(ns_text) is not None
    ew_num = ew_text is not None and _SCORE_RE.match(ew_text) is not None
    if ns_num and ew_num:
        assert ns_text is not None
        assert ew_text is not None
        if int(ns_text) != -int(ew_text):
            raise BridgeInputError(
                _("Score_NS {ns} and Score_EW {ew} disagree", ns=ns_text, ew=ew_text)
            )
        return int(ns_text)
    if ns_num and ew_text is None:
        assert ns_text is not None
        return int(ns_text)
    if ew_num and ns_text is None:
        assert ew_text is not None
        return -int(ew_text)
    if any(t.upper() == "NP" for t in texts):
        return NOT_PLAYED
    if ns_text is None or ew_text is None:
        return _adjusted_text(texts[0])
    try:
        return Adjusted(side_award(ns_text), side_award(ew_text))
    except BridgeError:
        shown = " / ".join(t or "-" for t in given)
        raise BridgeInputError(
            _(
                "score {score} is neither points nor an adjusted score (A+, A-, A60...)",
                score=quote(shown),
            )
        ) from None
