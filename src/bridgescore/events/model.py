"""The facts of a duplicate event, one line per table result, as a results file gives them.

A :class:`ResultRow` is one board played by two pairs (or teams): a contract
and result, a raw North-South score, an artificial adjusted score, or "not
played". Rows keep where they came from, so every problem can be reported with
its file and line.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from enum import Enum

from bridgescore.analysis.model import Analysis
from bridgescore.core.contract import TableResult
from bridgescore.core.hands import Card, Hands
from bridgescore.core.seats import Side
from bridgescore.core.vulnerability import Vulnerability
from bridgescore.duplicate.adjusted import Adjusted, Entry, NotPlayed
from bridgescore.errors import Gettext, MarkedText, Message, as_message
from bridgescore.errors import marked as _
from bridgescore.events.vocabulary import EventKind, Field, Scoring
from bridgescore.laws.lawsets import DEFAULT_LAW_SET
from bridgescore.scoring.deal import possible_ns_score, score


@dataclass(frozen=True, slots=True)
class Location:
    """Where something came from: the file (or ``<string>``), its 1-based line (or the
    result's number in a list), the board, and the tag, element or column's name;
    ``shown`` is how the format writes that name in a message (``[{}]`` for a PBN tag:
    ``[Score]``; ``{}`` for a USEBIO element; ``column {}`` for a CSV column)."""

    source: str
    line: int | None = None
    entry: int | None = None
    board: str | None = None
    tag: str | None = None
    shown: str = field(default="{}", compare=False)

    def __str__(self) -> str:
        return str(self.phrase)

    @property
    def phrase(self) -> Message:
        """The file and line (or result) as a message marked for the catalogue: ``str()``
        of it is ``str()`` of the location, and it shows in any language."""
        if self.line is not None:
            return _("{source}, line {line}", source=self.source, line=self.line)
        if self.entry is not None:
            return _("{source}, result {entry}", source=self.source, entry=self.entry)
        return Message("{source}", source=self.source)

    @property
    def place(self) -> str:
        """Everything known of the place: ``file.pbn, line 55, board 1, [Score]``."""
        parts = [str(self)]
        if self.board is not None:
            board = self.board if len(self.board) <= 12 else self.board[:12] + "…"
            parts.append(f"board {board}")
        if self.tag is not None:
            parts.append(self.tag_shown)
        return ", ".join(parts)

    @property
    def tag_shown(self) -> str:
        return "" if self.tag is None else self.shown.format(self.tag)

    def at(self, *, board: object = None, tag: str | None = None) -> Location:
        """The same place, narrowed to a board and a tag."""
        return Location(
            self.source,
            self.line,
            self.entry,
            self.board if board is None else str(board),
            self.tag if tag is None else tag,
            self.shown,
        )


class Severity(Enum):
    ERROR = "error"
    WARNING = "warning"


@dataclass(frozen=True, slots=True)
class Problem:
    """One thing wrong with the input, with its place: every reader reports these."""

    where: Location
    message: str
    severity: Severity = Severity.ERROR

    def __str__(self) -> str:
        return f"{self.where.place}: {self.severity.value}: {self.message}"

    @property
    def source(self) -> str:
        return self.where.source

    @property
    def line(self) -> int | None:
        return self.where.line

    @property
    def board(self) -> str | None:
        return self.where.board

    @property
    def tag(self) -> str | None:
        return self.where.tag

    @property
    def place(self) -> str:
        return self.where.place

    def detail(self) -> str:
        """The message with the board and tag in front (no file or line)."""
        text = self.message
        if self.tag is not None:
            text = f"{self.where.tag_shown} {text}"
        if self.board is not None:
            text = f"board {self.board}: {text}"
        return text

    def translated(self, gettext: Gettext | None) -> str:
        """``str(problem)`` in ``gettext``'s language (English when ``None``)."""
        return problem_message(self).render(gettext)


def tag_shown(where: Location) -> Message:
    """The tag, element or column's name as the format writes it (``[Score]``, ``column
    score``)."""
    if where.shown == "column {}":
        return _("column {tag}", tag=where.tag)
    if where.shown == "field {}":
        return _("field {tag}", tag=where.tag)
    if where.shown == "Section field {}":
        return _("Section field {tag}", tag=where.tag)
    return Message(where.shown.replace("{}", "{tag}"), tag=where.tag)


def place(where: Location) -> Message:
    """Everything known of the place (``file.pbn, line 55, board 1, [Score]``), as
    :attr:`Location.place` says it, in any language."""
    shown = where.phrase
    if where.board is not None:
        board = where.board if len(where.board) <= 12 else where.board[:12] + "…"
        shown = _("{place}, board {board}", place=shown, board=board)
    if where.tag is not None:
        shown = Message("{place}, {tag}", place=shown, tag=tag_shown(where))
    return shown


def problem_reason(problem: Problem) -> Message:
    """The problem's reason as a message (a plain text is shown as it is)."""
    return as_message(problem.message)


def problem_message(problem: Problem) -> Message:
    """The problem as ``str(problem)`` says it: ``file, line 3, board 2: error: reason``."""
    if problem.severity is Severity.WARNING:
        return _(
            "{place}: warning: {reason}", place=place(problem.where), reason=problem_reason(problem)
        )
    return _("{place}: error: {reason}", place=place(problem.where), reason=problem_reason(problem))


def problem_detail(problem: Problem) -> Message:
    """The reason with the board and tag in front (no file or line), as ``detail()``."""
    text = problem_reason(problem)
    if problem.tag is not None:
        text = Message("{tag} {reason}", tag=tag_shown(problem.where), reason=text)
    if problem.board is not None:
        text = _("board {board}: {detail}", board=problem.board, detail=text)
    return text


@dataclass(frozen=True, slots=True)
class ResultRow:
    """One board at one table: who sat where and what they scored.

    ``players`` (North, East, South, West) is set in an individual event, where
    ``ns`` and ``ew`` name the two partnerships of the deal.

    Exactly one of ``result``/``ns_score`` (a played deal; ``ns_score`` is
    derived when the result is given), or ``adjusted`` (an artificial score for
    each side, or not played).
    """

    board: int
    ns: str
    ew: str
    vulnerability: Vulnerability
    result: TableResult | None = None
    ns_score: int | None = None
    adjusted: Adjusted | NotPlayed | None = None
    round: int | None = None
    table: str | None = None
    players: tuple[str, str, str, str] | None = None
    where: Location = field(default=Location("<unknown>"), compare=False)
    lead: Card | None = None
    """The opening lead, when the source gives it (a club's tables enter it)."""
    section: str | None = None
    """The section the table belongs to (``A``, ``B``), when the source says and the
    event has more than one: a program that scores each section apart compares a result
    only with the others of its section (:class:`~bridgescore.events.pairs.Sections`)."""

    @property
    def played(self) -> bool:
        return self.ns_score is not None

    @property
    def not_played(self) -> bool:
        return isinstance(self.adjusted, NotPlayed)

    @property
    def entry(self) -> Entry:
        """The row as a board comparison sees it: a NS score, an adjusted score, or not played."""
        if self.ns_score is not None:
            return self.ns_score
        assert self.adjusted is not None
        return self.adjusted

    def describe(self, *, symbols: bool = False) -> str:
        """The result as a traveller shows it: ``4SXN-2``, ``NS +420``, ``A+/A-``, ``NP``."""
        if self.result is not None:
            return self.result.format(symbols=symbols)
        if self.adjusted is not None:
            return str(self.adjusted)
        return f"NS {self.ns_score:+d}"


def partnership_id(first: str, second: str) -> str:
    """The one id of two players who partner each other in an individual event (North and
    South, or East and West), whatever format the event came from: ``'7+27'``."""
    return f"{first}+{second}"


def ns_score_of(result: TableResult, vulnerability: Vulnerability, laws: str) -> int:
    """North-South's score for a result with a known declarer (or passed out)."""
    declarer = result.declarer
    vulnerable = declarer is not None and vulnerability.is_vulnerable(declarer)
    return score(result, vulnerable=vulnerable, laws=laws).for_side(Side.NS)


@dataclass(frozen=True, slots=True)
class EventResults:
    """All result rows of an event, with every problem found reading and checking them."""

    rows: tuple[ResultRow, ...]
    problems: tuple[Problem, ...] = ()
    name: str = ""
    source: str = "<string>"
    teams: bool = False
    about: tuple[tuple[str, str], ...] = ()
    """What the file says of itself beyond its rows (``kind``, ``program``, ``scoring``)."""
    adjustments: tuple[VPAdjustment, ...] = ()
    """A teams file's VPs from outside the matches, team by team (a bye's, less a
    penalty's): :attr:`Event.adjustments` once read as an event."""

    def said(self, key: str) -> str:
        """What the file says of ``key`` (``''`` when it says nothing)."""
        return next((value for name, value in self.about if name == key), "")

    @property
    def errors(self) -> tuple[Problem, ...]:
        return tuple(p for p in self.problems if p.severity is Severity.ERROR)

    @property
    def warnings(self) -> tuple[Problem, ...]:
        return tuple(p for p in self.problems if p.severity is Severity.WARNING)

    def is_valid(self, *, strict: bool = False) -> bool:
        return not (self.problems if strict else self.errors)

    def boards(self) -> list[int]:
        return sorted({row.board for row in self.rows})


def check_rows(
    rows: Sequence[ResultRow], laws: str = DEFAULT_LAW_SET, *, teams: bool = False
) -> list[Problem]:
    """Every problem a set of rows has as a whole, all at once.

    Errors: a board and table given twice, a pair meeting itself, a pair on
    one board twice (a team: once in each direction), one board given two
    vulnerabilities, a score no contract
    can produce at the board's vulnerability. Warnings (pairs only: a teams event's
    boards are compared within each match, never matchpointed): boards played fewer
    times than the most-played board (their matchpoints are Neuberg-scaled), in each
    section when the rows name two sections or more.
    """
    problems: list[Problem] = []
    seen_table: dict[tuple[int, int | None, str], ResultRow] = {}
    seen_pair: dict[tuple[int, int | None, str, str], ResultRow] = {}
    vul_of: dict[int, ResultRow] = {}
    for row in rows:
        if row.ns == row.ew:
            problems.append(
                Problem(
                    row.where.at(board=row.board),
                    MarkedText(_("{pair!r} meets itself", pair=row.ns)),
                )
            )
        if row.table is not None:
            key = (row.board, row.round, row.table)
            if key in seen_table:
                first = seen_table[key]
                problems.append(
                    Problem(
                        row.where,
                        MarkedText(
                            _(
                                "board {board} at table {table} is given twice (first at {first})",
                                board=row.board,
                                table=row.table,
                                first=first.where.phrase,
                            )
                        ),
                    )
                )
            else:
                seen_table[key] = row
        for pair, direction in ((row.ns, "NS"), (row.ew, "EW")):
            # a team plays each board once each way in a round; a pair plays it once
            pkey = (row.board, row.round if teams else None, pair, direction if teams else "")
            if pkey in seen_pair and seen_pair[pkey].where != row.where:
                first = seen_pair[pkey]
                problems.append(
                    Problem(
                        row.where.at(board=row.board),
                        MarkedText(
                            _(
                                "{pair!r} already has a result on this board sitting"
                                " {direction} (at {first})",
                                pair=pair,
                                direction=_("NS") if direction == "NS" else _("EW"),
                                first=first.where.phrase,
                            )
                            if teams
                            else _(
                                "{pair!r} already has a result on this board (at {first})",
                                pair=pair,
                                first=first.where.phrase,
                            )
                        ),
                    )
                )
            seen_pair.setdefault(pkey, row)
        first_vul = vul_of.setdefault(row.board, row)
        if first_vul.vulnerability is not row.vulnerability:
            problems.append(
                Problem(
                    row.where,
                    MarkedText(
                        _(
                            "board {board} is given with {vulnerability} here but with"
                            " {first} at {where}",
                            board=row.board,
                            vulnerability=row.vulnerability.phrase,
                            first=first_vul.vulnerability.phrase,
                            where=first_vul.where.phrase,
                        )
                    ),
                )
            )
        if (
            row.ns_score is not None
            and row.result is None
            and not possible_ns_score(row.ns_score, row.vulnerability, laws)
        ):
            problems.append(
                Problem(
                    row.where.at(board=row.board),
                    MarkedText(
                        _(
                            "NS {score} is a score no contract can produce with {vulnerability}",
                            score=f"{row.ns_score:+d}",
                            vulnerability=row.vulnerability.phrase,
                        )
                    ),
                )
            )
    if not teams:
        problems.extend(_short_boards(rows))
    return problems


def _short_boards(rows: Iterable[ResultRow]) -> list[Problem]:
    """Boards played fewer times than the most-played board, section by section when the
    rows name two sections or more (each is then scored apart:
    :class:`~bridgescore.events.pairs.Sections`)."""
    rows = list(rows)
    sections = {row.section for row in rows}
    apart = len(sections) > 1
    counts = Counter((row.section if apart else None, row.board) for row in rows
                     if not row.not_played)  # fmt: skip
    if not counts:
        return []
    most: dict[str | None, int] = {}
    for (section, _board), count in counts.items():
        most[section] = max(most.get(section, 0), count)
    first_row: dict[tuple[str | None, int], ResultRow] = {}
    for row in rows:
        first_row.setdefault((row.section if apart else None, row.board), row)
    return [
        Problem(
            first_row[key].where,
            MarkedText(
                _(
                    "board {board} has {count} results where others have {most}; its"
                    " matchpoints are scaled with Neuberg's formula",
                    board=key[1],
                    count=count,
                    most=most[key[0]],
                )
                if key[0] is None
                else _(
                    "board {board} has {count} results in section {section} where others"
                    " have {most}; its matchpoints are scaled with Neuberg's formula",
                    board=key[1],
                    count=count,
                    section=key[0],
                    most=most[key[0]],
                )
            ),
            Severity.WARNING,
        )
        for key, count in sorted(counts.items(), key=lambda kv: (kv[0][0] or "", kv[0][1]))
        if count < most[key[0]]
    ]


def group_by_board(rows: Iterable[ResultRow]) -> dict[int, list[ResultRow]]:
    """Rows per board, boards in number order, rows in file order."""
    grouped: dict[int, list[ResultRow]] = defaultdict(list)
    for row in rows:
        grouped[row.board].append(row)
    return dict(sorted(grouped.items()))


@dataclass(frozen=True, slots=True)
class Participant:
    """A pair, team or player as the event file names it; ``direction`` (``NS`` or
    ``EW``) is the direction the file ranks a pair in, when it says (where a pair that
    played no board is listed; not part of who the participant is), ``section`` its
    section."""

    id: str
    names: tuple[str, ...] = ()
    kind: str = "pair"
    direction: str | None = field(default=None, compare=False)
    section: str | None = field(default=None, compare=False)
    """The section the pair plays in (``A``), when the file has more than one; its id
    already names it (``A1NS``), so it is not part of who the participant is."""


@dataclass(frozen=True, slots=True)
class Published:
    """What another scoring program wrote for one result: each side's points, and each
    side's board percentage where the program writes that too (Ruter's and Magic
    Contest's ``Percentage_NS``, KoPS's)."""

    ns_points: float | None = None
    ew_points: float | None = None
    ns_percent: float | None = None
    ew_percent: float | None = None


@dataclass(frozen=True, slots=True)
class PublishedStanding:
    """What another scoring program wrote for one participant."""

    id: str
    total: float | None = None
    percent: float | None = None
    place: str | None = None


@dataclass(frozen=True, slots=True)
class PublishedMatch:
    """One match of a teams event as its program published it: a match table's row
    (Ruter's ``TeamId_Home``/``TeamId_Away``), with no boards behind it.

    ``boards`` is the match length when the file says it; ``line`` the row's line.
    :attr:`Event.matches` holds them when a file gives only its match table.
    """

    round: int | None
    home: str
    away: str
    home_imps: float | None = None
    away_imps: float | None = None
    home_vp: float | None = None
    away_vp: float | None = None
    table: str | None = None
    boards: int | None = None
    line: int | None = field(default=None, compare=False)


@dataclass(frozen=True, slots=True)
class VPAdjustment:
    """VPs a team's total holds from outside its matches, as a results file gives them
    (USEBIO's ``ADJUSTMENT`` of a ``TEAM``; bridgescore's ``AdjustmentVP`` column of a PBN
    total table): its byes' VPs, less the VPs taken off it as a penalty."""

    id: str
    vp: float


@dataclass(frozen=True, slots=True)
class Event:
    """A whole event as a file describes it: its facts, and the figures its program published.

    ``results`` holds the rows (re-scored by bridgescore); ``published`` is
    aligned with ``results.rows`` (``None`` where the file gave nothing), so the
    two can be compared result by result and participant by participant.
    """

    results: EventResults
    name: str = ""
    date: str = ""
    site: str = ""
    kind: EventKind = EventKind.PAIRS
    scoring: Scoring = Scoring.MATCHPOINTS
    program: str = ""
    program_recognised: bool = False
    """The file does not name :attr:`program`: it was recognised by the file's habits
    (a Bridgemate ``.bws`` set up by ACBLscore)."""
    participants: tuple[Participant, ...] = ()
    hands: Mapping[int, Hands] = field(default_factory=dict)
    analyses: Mapping[int, Analysis] = field(default_factory=dict)
    """Each board's double-dummy table and par, as the file gave them or the solver found
    them (:func:`bridgescore.events.deals.analysed`)."""
    published: tuple[Published | None, ...] = ()
    standings: tuple[PublishedStanding, ...] = ()
    matches: tuple[PublishedMatch, ...] = ()
    adjustments: tuple[VPAdjustment, ...] = ()
    """A teams event's VPs from outside its matches (a bye's), team by team: scoring adds
    them to the teams' totals (:func:`bridgescore.events.teams.with_adjustments`)."""
    field_kinds: Mapping[str, Field] = field(default_factory=dict)
    """How a pairs event's pairs are ranked, section by section, as the file says
    (its movement, a USEBIO ``WINNER_TYPE``, a PBN ``[Movement]``, the CSV's ``#
    movement`` line): :attr:`Field.ONE` (a Howell section, one ranking) or
    :attr:`Field.DIRECTIONS` (a Mitchell's North-South and East-West), by the section's
    letter, ``''`` for a field not in sections. A section the file says nothing of is
    ranked as its results show (:attr:`Field.AUTO`): so a Howell stopped after its first
    round, when no pair has yet sat both ways, is one ranking all the same."""

    def __post_init__(self) -> None:
        kind = EventKind.parse(self.kind)
        object.__setattr__(self, "kind", kind)
        object.__setattr__(
            self, "field_kinds", {s: Field.parse(f) for s, f in self.field_kinds.items()}
        )
        # as it applies to the kind: IMPs in a pairs event are cross-IMPs, so a file
        # written from the event says what the event is scored by
        object.__setattr__(self, "scoring", Scoring.parse(self.scoring).for_kind(kind))
