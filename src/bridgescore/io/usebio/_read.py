"""From a USEBIO document to an :class:`~bridgescore.events.model.Event`."""

from __future__ import annotations

import datetime as dt
import re
import xml.etree.ElementTree as ET
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from fractions import Fraction
from types import MappingProxyType
from typing import Final

from bridgescore.core.hands import DealError, Hands
from bridgescore.core.seats import Seat
from bridgescore.core.vulnerability import BoardInfo, Vulnerability
from bridgescore.duplicate.adjusted import Adjusted, AdjustedCode, Award
from bridgescore.errors import BridgeError, BridgeInputError, Message
from bridgescore.errors import marked as _
from bridgescore.events.model import (
    Event,
    EventResults,
    Location,
    Participant,
    Problem,
    Published,
    PublishedStanding,
    ResultRow,
    Severity,
    VPAdjustment,
    check_rows,
)
from bridgescore.events.model import PublishedMatch as MatchFigures
from bridgescore.events.vocabulary import EventKind, Scoring, Winners
from bridgescore.events.vocabulary import Field as FieldKind
from bridgescore.io._problems import MarkedText
from bridgescore.io._sections import howell_problems, in_section, ranked_apart
from bridgescore.io.rows import Field, RawResult, build_result, raw_field
from bridgescore.io.text import plain_title
from bridgescore.io.usebio._document import USEBIODocument, USEBIOError

Element = ET.Element

EVENT_TYPES: Final[Mapping[str, tuple[str, str | None]]] = MappingProxyType(
    {
        "MP_PAIRS": ("pairs", "mp"),
        "BUTLER_PAIRS": ("pairs", "butler"),
        "CROSS_IMP": ("pairs", "cross-imps"),
        "PAIRS": ("pairs", None),
        "SWISS_PAIRS": ("pairs", None),
        "SWISS_PAIRS_CROSS_IMPS": ("pairs", "cross-imps"),
        "SWISS_PAIRS_BUTLER_IMPS": ("pairs", "butler"),
        "INDIVIDUAL": ("individual", "mp"),
        "TEAMS": ("teams", None),
        "SWISS_TEAMS": ("teams", None),
        "TEAMS_OF_FOUR": ("teams", None),
    }
)
"""Each known ``EVENT_TYPE``: the kind of event, and its scoring when the type fixes it
(otherwise ``BOARD_SCORING_METHOD`` says, by default matchpoints for pairs, IMPs for teams)."""

BOARD_SCORING_METHODS: Final[Mapping[str, str]] = MappingProxyType(
    {
        "MATCH_POINTS": "mp",
        "BUTLER_IMPS": "butler",
        "CROSS_IMPS": "cross-imps",
        "IMPS": "imps",
        "PAB": "bam",
        "BAM": "bam",
        "AGGREGATE": "aggregate",
    }
)
"""``BOARD_SCORING_METHOD`` values and the scoring each means (``IMPS`` in a pairs
event is IMPs against a datum: ``butler``)."""

KNOWN_VERSIONS: Final = ("1.0", "1.1", "1.2", "1.3")

POINT_FIELDS: Final[Mapping[str, tuple[str, str]]] = MappingProxyType(
    {
        "mp": ("NS_MATCH_POINTS", "EW_MATCH_POINTS"),
        "butler": ("NS_BUTLER_POINTS", "EW_BUTLER_POINTS"),
        "cross-imps": ("NS_CROSS_IMP_POINTS", "EW_CROSS_IMP_POINTS"),
    }
)
"""The traveller-line elements holding each side's points, per pairs scoring."""

_SCORE_RE = re.compile(r"^[+-]?[0-9]+$")
_WHOLE_RE = re.compile(r"^[0-9]+$")
_DATE_RE = re.compile(r"^(\d{1,2})/(\d{1,2})/(\d{4})$")
_SUITS = ("SPADES", "HEARTS", "DIAMONDS", "CLUBS")
_HOLDING_RE = re.compile(r"^(?:10|[2-9TJQKA])*$")


def _text(element: Element | None, name: str) -> str:
    """The stripped text of ``element``'s first child ``name`` (``''`` when absent)."""
    if element is None:
        return ""
    child = element.find(name)
    return "" if child is None or child.text is None else child.text.strip()


def _number(text: str) -> float | None:
    try:
        value = float(text)
    except ValueError:
        return None
    return value if value == value and abs(value) != float("inf") else None


@dataclass
class _Reader:
    """One pass over a document: what it found and every problem, with its place."""

    doc: USEBIODocument
    laws: str
    problems: list[Problem] = field(default_factory=list)
    rows: list[ResultRow] = field(default_factory=list)
    published: list[Published | None] = field(default_factory=list)
    participants: list[Participant] = field(default_factory=list)
    standings: list[PublishedStanding] = field(default_factory=list)
    adjustments: list[VPAdjustment] = field(default_factory=list)
    matches: list[MatchFigures] = field(default_factory=list)
    hands: dict[int, Hands] = field(default_factory=dict)
    vulnerability: dict[int, Vulnerability] = field(default_factory=dict)
    known_ids: set[str] = field(default_factory=set)
    unknown_ids: set[str] = field(default_factory=set)
    team_of: dict[str, str] = field(default_factory=dict)

    # -- places -----------------------------------------------------------------------

    def where(self, element: Element | None) -> Location:
        line = None if element is None else self.doc.lines.get(element)
        return Location(self.doc.source, line)

    def problem(
        self, element: Element | None, message: Message, severity: Severity = Severity.ERROR
    ) -> None:
        self.problems.append(Problem(self.where(element), MarkedText(message), severity))

    def number(self, parent: Element, name: str, context: Message) -> float | None:
        """A published figure; a value that is not a number is reported."""
        child = parent.find(name)
        text = "" if child is None or child.text is None else child.text.strip()
        if not text:
            return None
        value = _number(text)
        if value is None:
            self.problem(
                child, _in(context, _("{name} {text!r} is not a number", name=name, text=text))
            )
        return value

    # -- the event ----------------------------------------------------------------------

    def kind_and_scoring(self, event: Element) -> tuple[str, str]:
        event_type = event.get("EVENT_TYPE", "").strip()
        method_text = _text(event, "BOARD_SCORING_METHOD")
        known = EVENT_TYPES.get(event_type.upper())
        if known is None:
            shown = ", ".join(EVENT_TYPES)
            if event_type:
                self.problem(
                    event,
                    _(
                        "EVENT_TYPE {type!r} is not known; known: {known}",
                        type=event_type,
                        known=shown,
                    ),
                )
            else:
                self.problem(event, _("the EVENT has no EVENT_TYPE; known: {known}", known=shown))
            kind = self.guess_kind(event)
            fixed = None
        else:
            kind, fixed = known
        method = None
        if method_text:
            method = BOARD_SCORING_METHODS.get(method_text.upper())
            if method is None:
                self.problem(
                    event.find("BOARD_SCORING_METHOD"),
                    _(
                        "BOARD_SCORING_METHOD {method!r} is not known; known: {known}",
                        method=method_text,
                        known=", ".join(BOARD_SCORING_METHODS),
                    ),
                )
            elif method == "imps" and kind != "teams":
                method = "butler"
        if fixed is not None:
            return kind, fixed
        if method is not None:
            return kind, method
        if kind == "teams":
            return kind, "bam" if event.find(".//TEAM_POINTS") is not None else "imps"
        for scoring, (ns_field, _ew_field) in POINT_FIELDS.items():
            if event.find(f".//TRAVELLER_LINE/{ns_field}") is not None:
                return kind, scoring
        return kind, "mp"

    @staticmethod
    def guess_kind(event: Element) -> str:
        if event.find(".//MATCH") is not None:
            return "teams"
        if event.find(".//TRAVELLER_LINE/N_PLAYER_NUMBER") is not None:
            return "individual"
        return "pairs"

    def read(self) -> Event:
        doc = self.doc
        self.problems.extend(doc.problems)
        root = doc.root
        if root is None:
            return self.finish(None, "pairs", "mp")
        if root.tag != "USEBIO":
            self.problem(root, _("the root element is <{tag}>, not <USEBIO>", tag=root.tag))
        version = root.get("Version")
        if version is None:
            self.problem(
                root, _("the USEBIO element has no Version; read as 1.2"), Severity.WARNING
            )
        elif version.strip() not in KNOWN_VERSIONS:
            self.problem(
                root,
                _(
                    "USEBIO Version {version!r} is not one this reader knows ({known}); read as"
                    " 1.2",
                    version=version,
                    known=", ".join(KNOWN_VERSIONS),
                ),
                Severity.WARNING,
            )
        events = root.findall("EVENT")
        if not events:
            self.problem(root, _("no EVENT element: the file holds no results"))
            return self.finish(None, "pairs", "mp")
        if len(events) > 1:
            self.problem(
                events[1],
                _("{count} EVENT elements; only the first is read", count=len(events)),
                Severity.WARNING,
            )
        event = events[0]
        kind, scoring = self.kind_and_scoring(event)
        self.read_hands(root)
        sections = _containers(event)
        self.read_participants(sections)
        qualify = self.qualifiers(sections)
        for label, container in sections:
            ids = qualify.get(label, _Ids())
            for child in container:
                if child.tag == "BOARD":
                    self.read_board(child, kind, scoring, ids, None)
                elif child.tag == "MATCH":
                    self.read_match(child, scoring, ids)
        return self.finish(event, kind, scoring)

    def finish(self, event: Element | None, kind: str, scoring: str) -> Event:
        root = self.doc.root
        teams = kind == "teams"
        for row in self.rows:
            for who in (row.ns, row.ew) if row.players is None else row.players:
                if self.known_ids and who not in self.known_ids and who not in self.unknown_ids:
                    self.unknown_ids.add(who)
                    label = "player" if row.players is not None else "team" if teams else "pair"
                    self.problems.append(
                        Problem(
                            row.where,
                            MarkedText(
                                _(
                                    "board {board}: {kind} {id!r} is not among the PARTICIPANTS",
                                    board=row.board,
                                    kind=_KINDS[label],
                                    id=who,
                                )
                            ),
                            Severity.WARNING,
                        )
                    )
        date = self.date(event)
        self.problems.extend(check_rows(self.rows, self.laws, teams=teams))
        kinds = _field_kinds(self, event) if kind == "pairs" else {}
        self.problems.extend(howell_problems(self.rows, kinds, self.participants))
        self.problems.sort(key=lambda p: p.where.line or 0)
        name = plain_title(_text(event, "EVENT_DESCRIPTION") or _text(event, "TITLE"))
        program = " ".join(
            p for p in (_text(event, "PROGRAM_NAME"), _text(event, "PROGRAM_VERSION")) if p
        )
        results = EventResults(
            tuple(self.rows), tuple(self.problems), name=name, source=self.doc.source, teams=teams
        )
        return Event(
            results,
            name=name,
            date=date,
            site=_text(None if root is None else root.find("CLUB"), "CLUB_NAME"),
            kind=EventKind.parse(kind),
            scoring=Scoring.parse(scoring),
            program=program,
            participants=tuple(self.participants),
            hands=dict(sorted(self.hands.items())),
            published=tuple(self.published),
            standings=tuple(self.standings),
            matches=tuple(self.matches),
            adjustments=tuple(self.adjustments) if kind == "teams" else (),
            field_kinds=kinds,
        )

    def date(self, event: Element | None) -> str:
        text = _text(event, "DATE")
        found = _DATE_RE.match(text)
        if found is None:
            if text:
                self.problem(
                    None if event is None else event.find("DATE"),
                    _("DATE {text!r} is not DD/MM/YYYY; kept as written", text=text),
                    Severity.WARNING,
                )
            return text
        day, month, year = (int(found[i]) for i in (1, 2, 3))
        try:
            return dt.date(year, month, day).isoformat()
        except ValueError:
            self.problem(
                None if event is None else event.find("DATE"),
                _("DATE {text!r} is not a real date; kept as written", text=text),
                Severity.WARNING,
            )
            return text

    # -- participants ---------------------------------------------------------------------

    def qualifiers(self, sections: list[tuple[str, Element]]) -> dict[str, _Ids]:
        """How each section's pair numbers become ids: prefixed with the section when two
        sections share a number; suffixed with the direction when one section numbers
        its NS and EW pairs alike (``1`` NS and ``1`` EW become ``1NS`` and ``1EW``).
        Sections scored apart (:func:`_scored_apart`) are each a field of their own: every
        id has its section's letter in front (``A1NS``, as the PBN and Bridgemate readers
        write them), and each row and pair says its section."""
        numbers: dict[str, set[str]] = {}
        by_direction: set[str] = set()
        for label, container in sections:
            found = numbers.setdefault(label, set())
            for line in container.findall("BOARD/TRAVELLER_LINE"):
                for name in ("NS_PAIR_NUMBER", "EW_PAIR_NUMBER"):
                    found.add(_text(line, name))
            seen: dict[str, str] = {}
            for pair in container.findall("PARTICIPANTS/PAIR"):
                number = _text(pair, "PAIR_NUMBER")
                direction = _text(pair, "DIRECTION").upper()
                found.add(number)
                if direction in ("NS", "EW") and seen.get(number, direction) != direction:
                    by_direction.add(label)
                seen.setdefault(number, direction)
        labels = [label for label in numbers if numbers[label] - {""}]
        several = len({label for label, _container in sections if label}) > 1
        if several and _scored_apart(sections):
            return {
                label: _Ids(label, label in by_direction, label, label) if label else _Ids()
                for label in numbers
            }
        clash = len(labels) > 1 and any(
            numbers[a] & numbers[b] for i, a in enumerate(labels) for b in labels[i + 1 :]
        )
        return {
            label: _Ids(
                f"{label}-" if clash else "", label in by_direction, table=label if several else ""
            )
            for label in numbers
        }

    def read_participants(self, sections: list[tuple[str, Element]]) -> None:
        qualify = self.qualifiers(sections)
        seen: dict[str, Element] = {}
        for label, container in sections:
            ids = qualify.get(label, _Ids())
            for group in container.findall("PARTICIPANTS"):
                for member in group:
                    if member.tag == "PAIR":
                        self.read_pair(member, ids, seen)
                    elif member.tag == "TEAM":
                        self.read_team(member, ids, seen)
                    elif member.tag == "PLAYER":
                        self.read_player(member, seen)
        self.known_ids = set(seen)

    def add(
        self,
        element: Element,
        id_: str,
        names: tuple[str, ...],
        kind: str,
        seen: dict[str, Element],
        section: str | None = None,
    ) -> None:
        if id_ in seen:
            self.problem(
                element,
                _(
                    "{kind} {id!r} is listed twice in the PARTICIPANTS",
                    kind=_KINDS[kind],
                    id=id_,
                ),
            )
            return
        seen[id_] = element
        self.participants.append(Participant(id_, names, kind, section=section))
        context = Message("{kind} {id}: ", kind=_KINDS[kind], id=id_)
        standing = PublishedStanding(
            id_,
            total=self.number(element, "TOTAL_SCORE", context),
            percent=self.number(element, "PERCENTAGE", context),
            place=_text(element, "PLACE") or None,
        )
        if (standing.total, standing.percent, standing.place) != (None, None, None):
            self.standings.append(standing)  # a participant listed with no figure has none
        if kind == "team":  # VPs from outside its matches: a bye's, less a penalty
            adjustment = self.number(element, "ADJUSTMENT", context)
            if adjustment:
                self.adjustments.append(VPAdjustment(id_, adjustment))

    def read_pair(self, pair: Element, ids: _Ids, seen: dict[str, Element]) -> None:
        number = _text(pair, "PAIR_NUMBER")
        if not number:
            self.problem(pair, _("a PAIR without a PAIR_NUMBER"))
            return
        names = tuple(_text(player, "PLAYER_NAME") for player in pair.findall("PLAYER"))
        direction = _text(pair, "DIRECTION").upper()
        self.add(pair, ids.pair(number, direction), names, "pair", seen, ids.section)

    def read_team(self, team: Element, ids: _Ids, seen: dict[str, Element]) -> None:
        """A TEAM and its pairs; in a section of an event in sections (``ids.section``),
        its id and its pairs' numbers with the section's letter in front (team ``2`` of
        section B is ``B2``)."""
        team_id = team.get("TEAM_ID", "").strip() or _text(team, "TEAM_NUMBER")
        if not team_id:
            self.problem(team, _("a TEAM without a TEAM_ID"))
            return
        prefix = "" if ids.section is None else ids.prefix
        names = tuple(_text(player, "PLAYER_NAME") for player in team.iter("PLAYER"))
        for pair in team.findall("PAIR"):
            number = _text(pair, "PAIR_NUMBER")
            if number:
                self.team_of[prefix + number] = prefix + team_id
        self.add(team, prefix + team_id, names, "team", seen, ids.section)

    def read_player(self, player: Element, seen: dict[str, Element]) -> None:
        number = _text(player, "PLAYER_NUMBER")
        if not number:
            self.problem(player, _("a PLAYER without a PLAYER_NUMBER"))
            return
        name = _text(player, "PLAYER_NAME")
        self.add(player, number, (name,) if name else (), "player", seen)

    # -- hands ------------------------------------------------------------------------------

    def read_hands(self, root: Element) -> None:
        for handset in root.iter("HANDSET"):
            for board in handset.findall("BOARD"):
                self.read_hand(board)

    def read_hand(self, board: Element) -> None:
        number_text = _text(board, "BOARD_NUMBER")
        try:
            number = BoardInfo.parse(number_text).number
        except BridgeError as error:
            self.problem(board, _("HANDSET board: {error}", error=error))
            return
        vul_text = _text(board, "VULNERABILITY")
        if vul_text:
            try:
                self.vulnerability.setdefault(number, Vulnerability.parse(vul_text))
            except BridgeError as error:
                self.problem(
                    board.find("VULNERABILITY"),
                    _("board {board}: {detail}", board=number, detail=error),
                )
        seats: dict[Seat, str] = {}
        for hand in board.findall("HAND"):
            direction = _text(hand, "DIRECTION")
            try:
                seat = Seat.parse(direction)
            except BridgeError as error:
                self.problem(
                    hand, _("board {board}: hand DIRECTION: {error}", board=number, error=error)
                )
                return
            holdings = []
            for suit in _SUITS:
                holding = _text(hand, suit).upper().replace(" ", "")
                holding = "" if holding == "-" else holding
                if not _HOLDING_RE.match(holding):
                    self.problem(
                        hand.find(suit),
                        _(
                            "board {board}: {seat}'s {suit} {holding!r} is not a holding (ranks"
                            " 2-9, T or 10, J, Q, K, A)",
                            board=number,
                            seat=_SEATS[seat],
                            suit=suit,
                            holding=holding,
                        ),
                    )
                    return
                holdings.append(holding.replace("10", "T"))
            if seat in seats:
                self.problem(
                    hand,
                    _(
                        "board {board}: {seat}'s hand is given twice",
                        board=number,
                        seat=_SEATS[seat],
                    ),
                )
                return
            seats[seat] = ".".join(holdings)
        if not seats:
            return
        pbn = "N:" + " ".join(seats.get(seat, "-") for seat in Seat)
        try:
            hands = Hands.from_pbn(pbn)
        except DealError as error:
            self.problem(
                board,
                _("board {board}: the hands are not a deal: {error}", board=number, error=error),
            )
            return
        first = self.hands.setdefault(number, hands)
        if first != hands:
            self.problem(
                board,
                _(
                    "board {board}: two HANDSETs give different hands; the first is kept",
                    board=number,
                ),
                Severity.WARNING,
            )

    # -- travellers -------------------------------------------------------------------------

    def board_number(self, board: Element) -> tuple[int, Vulnerability] | None:
        text = _text(board, "BOARD_NUMBER")
        if not text:
            self.problem(board, _("a BOARD without a BOARD_NUMBER"))
            return None
        try:
            info = BoardInfo.parse(text)
        except BridgeError as error:
            self.problem(board.find("BOARD_NUMBER"), Message("BOARD_NUMBER: {error}", error=error))
            return None
        vulnerability = self.vulnerability.get(info.number, info.vulnerability)
        vul_text = _text(board, "VULNERABILITY")
        if vul_text:
            try:
                vulnerability = Vulnerability.parse(vul_text)
            except BridgeError as error:
                self.problem(
                    board.find("VULNERABILITY"),
                    _("board {board}: {detail}", board=info.number, detail=error),
                )
        return info.number, vulnerability

    def read_board(
        self,
        board: Element,
        kind: str,
        scoring: str,
        ids: _Ids,
        match: _Match | None,
    ) -> None:
        found = self.board_number(board)
        if found is None:
            return
        number, vulnerability = found
        board_points = None
        if match is not None:
            board_points = self.match_board_points(board, number, scoring)
        lines = board.findall("TRAVELLER_LINE")
        for index, line in enumerate(lines, start=1):
            context = _("board {number}, traveller line {index}: ", number=number, index=index)
            seating = self.seating(line, kind, ids, match, context)
            if seating is None:
                continue
            ns, ew, players, ns_sits_first = seating
            row = self.result_row(
                line, number, vulnerability, ns, ew, players, context,
                None if match is None else match.round,
            )  # fmt: skip
            if row is None:
                continue
            if ids.section is not None or (ids.table and row.table is not None):
                table = None if row.table is None else ids.table + row.table
                row = replace(row, section=ids.section, table=table)
            self.rows.append(row)
            if match is not None:
                if board_points is None:
                    self.published.append(None)
                else:
                    first, second = board_points
                    self.published.append(
                        Published(first, second) if ns_sits_first else Published(second, first)
                    )
            else:
                self.published.append(self.line_points(line, scoring, context))

    def seating(
        self,
        line: Element,
        kind: str,
        ids: _Ids,
        match: _Match | None,
        context: Message,
    ) -> tuple[str, str, tuple[str, str, str, str] | None, bool] | None:
        """NS id, EW id, the four players (an individual), and whether the match's
        first team sits NS."""
        if kind == "individual" or line.find("N_PLAYER_NUMBER") is not None:
            seats = tuple(_text(line, f"{s}_PLAYER_NUMBER") for s in "NESW")
            missing = [s for s, who in zip("NESW", seats, strict=True) if not who]
            if missing:
                self.problem(
                    line,
                    _in(
                        context,
                        _(
                            "no {fields}",
                            fields=", ".join(f"{s}_PLAYER_NUMBER" for s in missing),
                        ),
                    ),
                )
                return None
            n, e, s, w = seats
            return f"{n}+{s}", f"{e}+{w}", (n, e, s, w), True
        ns, ew = _text(line, "NS_PAIR_NUMBER"), _text(line, "EW_PAIR_NUMBER")
        if match is None:
            if not ns or not ew:
                if not ns and not ew:
                    which = _("no NS_PAIR_NUMBER and EW_PAIR_NUMBER")
                else:
                    which = _("no {field}", field="EW_PAIR_NUMBER" if ns else "NS_PAIR_NUMBER")
                self.problem(line, _in(context, which))
                return None
            if kind == "teams":
                return self.team_of.get(ns, ns), self.team_of.get(ew, ew), None, True
            return ids.pair(ns, "NS"), ids.pair(ew, "EW"), None, True
        if ids.section is not None:  # a section's pairs, as its TEAMs listed them
            ns, ew = ids.prefix + ns, ids.prefix + ew
        direction = _text(line, "DIRECTION").upper()
        if direction not in ("NS", "EW"):
            if direction:
                self.problem(
                    line.find("DIRECTION"),
                    _in(context, _("DIRECTION {direction!r} is not NS or EW", direction=direction)),
                )
                return None
            if self.team_of.get(ns) == match.team or self.team_of.get(ew) == match.opponent:
                direction = "NS"
            elif self.team_of.get(ew) == match.team or self.team_of.get(ns) == match.opponent:
                direction = "EW"
            else:
                self.problem(
                    line,
                    _in(
                        context,
                        _(
                            "no DIRECTION, and neither pair is known to play for team {team!r}",
                            team=match.team,
                        ),
                    ),
                )
                return None
        ns_team, ew_team = (
            (match.team, match.opponent) if direction == "NS" else (match.opponent, match.team)
        )
        for pair, team, side in ((ns, ns_team, "NS"), (ew, ew_team, "EW")):
            listed = self.team_of.get(pair)
            if listed is not None and listed != team:
                self.problem(
                    line,
                    _in(
                        context,
                        _(
                            "pair {pair!r} plays for team {listed!r}, but the line's DIRECTION"
                            " puts team {team!r} {side}",
                            pair=pair,
                            listed=listed,
                            team=team,
                            side=side,
                        ),
                    ),
                    Severity.WARNING,
                )
        return ns_team, ew_team, None, direction == "NS"

    def line_points(self, line: Element, scoring: str, context: Message) -> Published | None:
        names = POINT_FIELDS.get(scoring)
        if names is None or (line.find(names[0]) is None and line.find(names[1]) is None):
            names = next(
                (pair for pair in POINT_FIELDS.values() if line.find(pair[0]) is not None),
                None,
            )
        if names is None:
            return None
        ns = self.number(line, names[0], context)
        ew = self.number(line, names[1], context)
        return None if ns is None and ew is None else Published(ns, ew)

    def result_row(
        self,
        line: Element,
        board: int,
        vulnerability: Vulnerability,
        ns: str,
        ew: str,
        players: tuple[str, str, str, str] | None,
        context: Message,
        round_: int | None,
    ) -> ResultRow | None:
        """The line's row, through the row-building kernel (:mod:`bridgescore.io.rows`);
        ``None`` (with the problem reported) when it has no usable result."""
        if round_ is None:
            round_ = self.line_round(line, context)
        where = self.where(line)  # the kernel adds the board to any problem's place

        def cell(name: str) -> Field | None:
            element = line.find(name)
            if element is None:
                return None
            text = "" if element.text is None else element.text
            return raw_field(name, text, self.where(element))

        raw = RawResult(
            board,
            ns,
            ew,
            vulnerability,
            where,
            contract=cell("CONTRACT"),
            declarer=cell("PLAYED_BY"),
            tricks=cell("TRICKS"),
            score=cell("SCORE"),
            round=round_,
            table=_text(line, "TABLE_NUMBER") or None,
            players=players,
            lead=cell("LEAD"),
        )
        built = build_result(raw, laws=self.laws)
        self.problems.extend(built.problems)
        if built.row is not None and isinstance(built.row.adjusted, Adjusted):
            return replace(built.row, adjusted=as_codes(built.row.adjusted))
        return built.row

    def line_round(self, line: Element, context: Message) -> int | None:
        text = _text(line, "ROUND_NUMBER")
        if not text:
            return None
        if not _WHOLE_RE.match(text):
            self.problem(
                line.find("ROUND_NUMBER"),
                _in(context, _("ROUND_NUMBER {text!r} is not a whole number", text=text)),
            )
            return None
        return int(text)

    # -- teams ------------------------------------------------------------------------------

    def read_match(self, match: Element, scoring: str, ids: _Ids | None = None) -> None:
        """A MATCH: its boards' rows, or (a match table) its figures. In a section of an
        event in sections (``ids.section``) its teams and tables have the section's letter
        in front (team ``2`` of section B is ``B2``, table ``1a`` is ``B1a``) and its rows
        say their section."""
        own = ids if ids is not None and ids.section is not None else _Ids()
        team, opponent = _text(match, "TEAM"), _text(match, "OPPOSING_TEAM")
        if not team or not opponent:
            self.problem(match, _("a MATCH needs a TEAM and an OPPOSING_TEAM"))
            return
        team, opponent = own.prefix + team, own.prefix + opponent
        round_text = _text(match, "ROUND_NUMBER")
        round_: int | None = None
        if round_text:
            if not _WHOLE_RE.match(round_text):
                self.problem(
                    match.find("ROUND_NUMBER"),
                    _in(
                        Message("{team} v {opponent}: ", team=team, opponent=opponent),
                        _("ROUND_NUMBER {text!r} is not a whole number", text=round_text),
                    ),
                )
                return
            round_ = int(round_text)
        context = Message("{team} v {opponent}: ", team=team, opponent=opponent)
        team_score = self.number(match, "TEAM_SCORE", context)
        opposing_score = self.number(match, "OPPOSING_TEAM_SCORE", context)
        if match.find("BOARD") is None:  # a match table: the match's figures only
            boards = _text(match, "BOARDS_PLAYED")
            self.matches.append(
                MatchFigures(
                    round_,
                    team,
                    opponent,
                    self.number(match, "TEAM_IMPS", context),
                    self.number(match, "OPPOSING_TEAM_IMPS", context),
                    team_score,
                    opposing_score,
                    table=_text(match, "TABLE_NUMBER") or None,
                    boards=int(boards) if _WHOLE_RE.match(boards) else None,
                    line=self.doc.lines.get(match),
                )
            )
            return
        info = _Match(round_, team, opponent)
        for board in match.findall("BOARD"):
            self.read_board(board, "teams", scoring, own, info)

    def match_board_points(
        self, board: Element, number: int, scoring: str
    ) -> tuple[float | None, float | None] | None:
        """The match's first team's and second team's points on the board."""
        context = _("board {number}: ", number=number)
        if board.find("TEAM_POINTS") is not None or board.find("OPPOSING_TEAM_POINTS") is not None:
            return (
                self.number(board, "TEAM_POINTS", context),
                self.number(board, "OPPOSING_TEAM_POINTS", context),
            )
        imps = self.number(board, "IMPS", context)
        if imps is None:
            return None
        return imps, -imps if imps else 0.0


_KINDS: Final = {"pair": _("pair"), "team": _("team"), "player": _("player")}
"""A participant's kind as a message names it."""
_SEATS: Final = {
    Seat.NORTH: _("North"),
    Seat.EAST: _("East"),
    Seat.SOUTH: _("South"),
    Seat.WEST: _("West"),
}


def _in(context: Message, reason: Message) -> Message:
    """A reason with its context in front (``board 3, traveller line 2: ...``)."""
    return Message("{context}{reason}", context=context, reason=reason)


@dataclass(frozen=True, slots=True)
class _Ids:
    """How a section's pair numbers become pair ids (see :meth:`_Reader.qualifiers`)."""

    prefix: str = ""
    by_direction: bool = False
    section: str | None = None
    """The section, when the sections are scored apart: each row and pair says it."""
    table: str = ""
    """What a table number has in front: its section's label, when the event has two
    sections or more (table ``1`` of section B is ``B1``, as the PBN reader names it)."""

    def pair(self, number: str, direction: str) -> str:
        suffix = direction if self.by_direction and direction in ("NS", "EW") else ""
        return f"{self.prefix}{number}{suffix}"


@dataclass(frozen=True, slots=True)
class _Match:
    round: int | None
    team: str
    opponent: str


_CODES: Final = {
    Fraction(60): AdjustedCode.AVERAGE_PLUS,
    Fraction(50): AdjustedCode.AVERAGE,
    Fraction(40): AdjustedCode.AVERAGE_MINUS,
}


def as_codes(adjusted: Adjusted) -> Adjusted:
    """USEBIO has one spelling for an artificial score, ``A6040``; its 60, 50 and 40 are
    average plus, average and average minus, the codes programs write them for (every
    published figure of the real files agrees: ``docs/real-events.md``). Other
    percentages stay percentages."""

    def code(award: Award) -> Award:
        return _CODES.get(award, award) if isinstance(award, Fraction) else award

    return Adjusted(code(adjusted.ns), code(adjusted.ew))


def _scored_apart(sections: list[tuple[str, Element]]) -> bool:
    """Whether a pairs or teams EVENT's SECTIONs were scored apart, each compared (its
    teams matched and ranked) only within itself: the EVENT says so (bridgescore's own
    ``SECTION_SCORING`` ``APART``), or the places start again at 1 in every section
    (:func:`ranked_apart`; in each direction of a section of two winners, but across the
    directions of one of one winner, ``WINNER_TYPE`` 1, a Mitchell arrow-switched whose
    pairs keep their ``DIRECTION``). EBUScore and PairsScorer place the field across their
    sections: one field, as before."""
    event = sections[0][1]
    said = _text(event, "SECTION_SCORING").upper()
    kind = EVENT_TYPES.get(event.get("EVENT_TYPE", "").strip().upper(), ("pairs", None))[0]
    if kind not in ("pairs", "teams") or said == "ACROSS":
        return False
    labelled = [(label, container) for label, container in sections if label]
    if len({label for label, _container in labelled}) < 2:
        return False
    if said == "APART":
        return True
    whole = _text(event, "WINNER_TYPE")
    places = [  # one winner: one ranking, whatever each pair's DIRECTION
        (label, None if one else _text(pair, "DIRECTION").upper() or None,
         _text(pair, "PLACE") or None)
        for label, container in labelled
        for one in [(_text(container, "WINNER_TYPE") or whole) == Winners.ONE]
        for pair in container.findall("PARTICIPANTS/PAIR")
    ]  # fmt: skip
    places += [
        (label, None, _text(team, "PLACE") or None)
        for label, container in labelled
        for team in container.findall("PARTICIPANTS/TEAM")
    ]
    return ranked_apart(places)


def _field_kinds(reader: _Reader, event: Element | None) -> dict[str, FieldKind]:
    """How the pairs are ranked as the file says: the EVENT's ``WINNER_TYPE`` (``''``: the whole
    event), the default of every section that gives none, and a SECTION's own (bridgescore writes
    one for each section, where sections differ and the EVENT gives none), by the section's label.
    It is the number of winners (:class:`~bridgescore.events.vocabulary.Winners`), not a movement:
    ``1``, one field (a Howell, or a Mitchell arrow-switched, its pairs numbered by direction; we
    hold no other program's file of one to check how they write it); ``2``, North-South and
    East-West apart. Any other value is an error at its element's line, as an unknown
    ``BOARD_SCORING_METHOD`` is; so is a SECTION's that contradicts the EVENT's, naming its line:
    USEBIO gives the EVENT its number of winners, which a section with another contradicts (the
    section's own is kept, so that nothing more is told of it). A SESSION's is not read."""
    if event is None:
        return {}
    found: dict[str, Winners] = {}
    lines: dict[str, int | None] = {}
    for label, container in _containers(event):
        element = container.find("WINNER_TYPE")
        text = _text(container, "WINNER_TYPE")
        if element is None or not text or not (label or container is event):
            continue
        where = reader.where(element).at(tag="WINNER_TYPE")
        try:
            said = Winners.parse(text)
        except BridgeInputError as error:
            wrong = MarkedText(in_section(label, error.message))
            reader.problems.append(Problem(where, wrong))
            continue
        whole = found.get("") if container is not event else None
        if whole is not None and whole is not said:  # kept as said, against nothing more
            wrong = MarkedText(_winners_differ(label, said, whole, lines[""]))
            reader.problems.append(Problem(where, wrong))
        found.setdefault(label, said)
        lines.setdefault(label, where.line)
    return {label: winners.field for label, winners in found.items()}


def _winners_differ(label: str, said: Winners, whole: Winners, line: int | None) -> Message:
    """Why a SECTION's (``label``) ``WINNER_TYPE`` is refused: the EVENT's, at ``line``,
    says another number of winners."""
    return _(
        "section {letter}'s WINNER_TYPE {said} ({winners}) contradicts the event's {whole}"
        " ({whole_winners}) at line {line}: a section says what its event says, or the"
        " event says none and each section its own",
        letter=label,
        said=said.value,
        winners=said.label,
        whole=whole.value,
        whole_winners=whole.label,
        line=line,
    )


def _containers(event: Element) -> list[tuple[str, Element]]:
    """The EVENT, its SESSIONs and their (or its) SECTIONs, each with its section label."""
    found = [("", event)]
    for child in event:
        if child.tag == "SESSION":
            found.append(("", child))
            found.extend(_sections(child))
    found.extend(_sections(event))
    return found


def _sections(parent: Element) -> list[tuple[str, Element]]:
    return [
        (section.get("SECTION_ID", "").strip() or _text(section, "SECTION_ID"), section)
        for section in parent.findall("SECTION")
    ]


def to_event(doc: USEBIODocument, *, laws: str | None = None, strict: bool | None = None) -> Event:
    """The event a USEBIO document describes: its rows (re-scored under ``laws``), the
    program's published figures aligned with them, participants, standings and hands.

    Every problem is in ``event.results.problems``. ``strict`` raises
    :class:`USEBIOError` listing every problem instead, warnings included, as strict
    reading means in every reader; ``laws`` and ``strict`` default to what
    :func:`~bridgescore.io.usebio.loads` was told.
    """
    event = _Reader(doc, doc.laws if laws is None else laws).read()
    if doc.strict if strict is None else strict:
        problems = event.results.problems
        if problems:
            raise USEBIOError(problems)
    return event


@dataclass(frozen=True, slots=True)
class PublishedMatch:
    """A teams match as the program scored it: each team's match score (VPs, or board
    points for point-a-board) and per board the first team's IMPs or both teams' points."""

    round: int | None
    team: str
    opponent: str
    team_score: float | None
    opponent_score: float | None
    boards: tuple[tuple[int, float | None, float | None], ...]


def published_matches(doc: USEBIODocument) -> tuple[PublishedMatch, ...]:
    """Every ``MATCH`` of a teams file with the figures its program wrote (what
    :class:`~bridgescore.events.model.Event` has no place for: match VPs)."""
    root = doc.root
    if root is None:
        return ()
    out = []
    for match in root.iter("MATCH"):
        round_text = _text(match, "ROUND_NUMBER")
        boards = []
        for board in match.findall("BOARD"):
            number_text = _text(board, "BOARD_NUMBER")
            if not _WHOLE_RE.match(number_text):
                continue
            if board.find("TEAM_POINTS") is not None:
                first = _number(_text(board, "TEAM_POINTS"))
                second = _number(_text(board, "OPPOSING_TEAM_POINTS"))
            else:
                first = _number(_text(board, "IMPS"))
                second = None if first is None else -first if first else 0.0
            boards.append((int(number_text), first, second))
        out.append(
            PublishedMatch(
                int(round_text) if _WHOLE_RE.match(round_text) else None,
                _text(match, "TEAM"),
                _text(match, "OPPOSING_TEAM"),
                _number(_text(match, "TEAM_SCORE")),
                _number(_text(match, "OPPOSING_TEAM_SCORE")),
                tuple(boards),
            )
        )
    return tuple(out)


__all__ = [
    "BOARD_SCORING_METHODS",
    "EVENT_TYPES",
    "KNOWN_VERSIONS",
    "POINT_FIELDS",
    "PublishedMatch",
    "published_matches",
    "to_event",
]
