"""From an :class:`~bridgescore.events.model.Event` to a USEBIO 1.2 document."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from collections.abc import Sequence
from fractions import Fraction
from typing import Final

from bridgescore.core.contract import PassedOut
from bridgescore.core.hands import SUITS
from bridgescore.core.seats import Seat
from bridgescore.core.vulnerability import BoardInfo
from bridgescore.duplicate.adjusted import Adjusted, AdjustedCode, Award, NotPlayed
from bridgescore.errors import BridgeInputError
from bridgescore.errors import marked as _
from bridgescore.events.conventions import converted_by
from bridgescore.events.model import (
    Event,
    Published,
    PublishedMatch,
    PublishedStanding,
    ResultRow,
)
from bridgescore.events.vocabulary import Field, Winners
from bridgescore.io._sections import SectionLayout, directed_sections, own, sections_of
from bridgescore.io.usebio._document import USEBIODocument
from bridgescore.io.usebio._read import POINT_FIELDS

PROGRAM_NAME: Final = "bridgescore"

_EVENT_TYPE: Final = {"pairs": "PAIRS", "teams": "TEAMS", "individual": "INDIVIDUAL"}
_SCORING_METHOD: Final = {
    "mp": "MATCH_POINTS",
    "acbl": "MATCH_POINTS",
    "butler": "BUTLER_IMPS",
    "cross-imps": "CROSS_IMPS",
    "imps": "IMPS",
    "bam": "PAB",
    "aggregate": "AGGREGATE",
}
_CODE_PERCENT: Final = {
    AdjustedCode.AVERAGE_PLUS: Fraction(60),
    AdjustedCode.AVERAGE: Fraction(50),
    AdjustedCode.AVERAGE_MINUS: Fraction(40),
}
_ISO_DATE = re.compile(r"^(\d{4})-(\d{2})-(\d{2})$")
_SUIT_NAMES: Final = ("SPADES", "HEARTS", "DIAMONDS", "CLUBS")


def _version() -> str:
    from bridgescore import __version__

    return __version__


def number_text(value: float) -> str:
    """A figure as USEBIO files write them: ``30``, ``442.22``, ``-0.33``."""
    if float(value).is_integer():
        return str(int(value))
    return repr(float(value))


def adjusted_text(adjusted: Adjusted | NotPlayed) -> str:
    """The SCORE of an adjusted line: ``A6040`` (NS 60 %, EW 40 %) as USEBIO writes it;
    average plus/average/average minus are written as 60/50/40 %. A percentage that is
    not a whole number from 0 to 99, or a board not played (``NP``), has no USEBIO
    code: bridgescore's own form is written (it reads back; other programs may not)."""
    if isinstance(adjusted, NotPlayed):
        return "NP"

    def percent(award: Award) -> Fraction:
        return _CODE_PERCENT[award] if isinstance(award, AdjustedCode) else award

    ns, ew = percent(adjusted.ns), percent(adjusted.ew)
    if all(p.denominator == 1 and 0 <= p < 100 for p in (ns, ew)):
        return f"A{int(ns):02d}{int(ew):02d}"
    return str(Adjusted(ns, ew))


def _date_text(date: str) -> str:
    found = _ISO_DATE.match(date.strip())
    return f"{found[3]}/{found[2]}/{found[1]}" if found else date


def _add(parent: ET.Element, tag: str, text: str | None = None) -> ET.Element:
    child = ET.SubElement(parent, tag)
    if text is not None:
        child.text = text
    return child


def _add_number(parent: ET.Element, tag: str, value: float | None) -> None:
    if value is not None:
        _add(parent, tag, number_text(value))


def _result(line: ET.Element, row: ResultRow) -> None:
    """CONTRACT, PLAYED_BY, LEAD, TRICKS and SCORE, in USEBIO 1.2's order, as the row has
    them (an adjusted score in SCORE)."""
    lead = None if row.lead is None else str(row.lead)  # the opening lead, ``HK``
    if row.adjusted is not None:
        if lead is not None:
            _add(line, "LEAD", lead)
        _add(line, "SCORE", adjusted_text(row.adjusted))
        return
    result = row.result
    if result is not None:
        contract = result.contract
        if isinstance(contract, PassedOut):
            _add(line, "CONTRACT", "PASS")
        else:
            _add(line, "CONTRACT", contract.format(declarer=False))
            if contract.declarer is not None:
                _add(line, "PLAYED_BY", contract.declarer.letter)
    if lead is not None:
        _add(line, "LEAD", lead)
    if result is not None and not isinstance(result.contract, PassedOut):
        _add(line, "TRICKS", str(result.tricks))
    if row.ns_score is not None:
        _add(line, "SCORE", str(row.ns_score))


def _row_extras(
    line: ET.Element, row: ResultRow, *, teams: bool, letter: str | None = None
) -> None:
    if row.round is not None and not teams:
        _add(line, "ROUND_NUMBER", str(row.round))
    if row.table is not None:
        _add(line, "TABLE_NUMBER", row.table if letter is None else own(row.table, letter))


def _board_element(parent: ET.Element, board: int, rows: Sequence[ResultRow]) -> ET.Element:
    element = _add(parent, "BOARD")
    _add(element, "BOARD_NUMBER", str(board))
    vulnerability = rows[0].vulnerability
    if vulnerability is not BoardInfo.of(board).vulnerability:
        _add(element, "VULNERABILITY", str(vulnerability))
    return element


def _directions(event: Event) -> dict[str, str]:
    """Each pair's direction in a Mitchell: where the event says how its sections are ranked
    (:attr:`Event.field_kinds`), each pair of a section ranked North-South and East-West that sat
    one way, and each pair of an arrow-switched Mitchell (one field of pairs numbered by direction:
    :func:`~bridgescore.io._sections.directed_sections`) the direction of its number (``1NS``: NS,
    wherever a switched round seated it); a Howell section's pairs have none, however its first
    rounds seated them. Where the event does not say, every pair when every pair sits one way only,
    else nothing."""
    if event.kind != "pairs":
        return {}
    sides: dict[str, set[str]] = {}
    section: dict[str, str] = {}
    for row in event.results.rows:
        sides.setdefault(row.ns, set()).add("NS")
        sides.setdefault(row.ew, set()).add("EW")
        section.setdefault(row.ns, row.section or "")
        section.setdefault(row.ew, row.section or "")
    kinds = event.field_kinds
    if kinds:
        switched = directed_sections(event.results.rows, event.participants)
        found: dict[str, str] = {}
        for pair, seated in sides.items():
            ranked = kinds.get(section[pair], kinds.get(""))
            if ranked is Field.DIRECTIONS and len(seated) == 1:
                found[pair] = next(iter(seated))
            elif ranked is Field.ONE and section[pair] in switched:
                found[pair] = pair[-2:]
        return found
    if not sides or any(len(found) > 1 for found in sides.values()):
        return {}
    return {pair: found.pop() for pair, found in sides.items()}


def _winner_type(event: Event, directions: dict[str, str]) -> Winners | None:
    """The EVENT's ``WINNER_TYPE``, its number of winners: what the event says of every
    section alike (one field: ``1``, a Howell or an arrow-switched Mitchell; North-South
    and East-West: ``2``), none where its sections differ (a Howell beside a Mitchell:
    each SECTION says its own); else whether its pairs have directions."""
    said = {Winners.of(kind) for kind in event.field_kinds.values()} - {None}
    if len(said) > 1:
        return None
    if said:
        return said.pop()
    return Winners.TWO if directions else Winners.ONE


def _participant_ids(source: Event) -> list[str]:
    """The participants' ids: the event's, then everyone else the rows name (a pair the
    file gave no names, which the event's participants may leave out), so that every
    pair, team or player of a traveller line is a participant."""
    seen = dict.fromkeys(p.id for p in source.participants)
    for row in source.results.rows:
        for who in row.players if row.players is not None else (row.ns, row.ew):
            seen.setdefault(who, None)
    return list(seen)


def _participants(
    event: ET.Element,
    source: Event,
    standings: Sequence[PublishedStanding],
    directions: dict[str, str],
    ids: Sequence[str] | None = None,
    letter: str | None = None,
) -> None:
    """The PARTICIPANTS (``ids``, by default every one): with a section's ``letter``,
    each pair or team by its number in the section (``A3NS`` is ``3NS`` of section A,
    team ``B2`` is ``2`` of section B)."""
    group = _add(event, "PARTICIPANTS")
    by_id = {s.id: s for s in standings}
    kind = source.kind
    names = {p.id: p.names for p in source.participants}
    adjusted = {a.id: a.vp for a in source.adjustments}
    for id_ in _participant_ids(source) if ids is None else ids:
        standing = by_id.get(id_)
        shown = id_ if letter is None else own(id_, letter)
        if kind == "teams":
            member = ET.SubElement(group, "TEAM", {"TEAM_ID": shown})
        elif kind == "individual":
            member = _add(group, "PLAYER")
            _add(member, "PLAYER_NUMBER", id_)
        else:
            member = _add(group, "PAIR")
            _add(member, "PAIR_NUMBER", shown)
            if id_ in directions:
                _add(member, "DIRECTION", directions[id_])
        if standing is not None:
            _add_number(member, "TOTAL_SCORE", standing.total)
            _add_number(member, "PERCENTAGE", standing.percent)
            if standing.place is not None:
                _add(member, "PLACE", standing.place)
        if kind == "teams":  # VPs from outside its matches: a bye's, less a penalty
            _add_number(member, "ADJUSTMENT", adjusted.get(id_))
        people = names.get(id_, ())
        if kind == "individual":
            if people:
                _add(member, "PLAYER_NAME", people[0])
        elif kind == "teams":
            for first in range(0, len(people), 2):
                pair = _add(member, "PAIR")
                _add(pair, "PAIR_NUMBER", f"{shown}-{first + 1}-{first + 2}")
                for name in people[first : first + 2]:
                    _add(_add(pair, "PLAYER"), "PLAYER_NAME", name)
        else:
            for name in people:
                _add(_add(member, "PLAYER"), "PLAYER_NAME", name)


def _pairs_boards(
    event: ET.Element,
    rows: Sequence[ResultRow],
    points: Sequence[Published | None],
    scoring: str,
    letter: str | None = None,
) -> None:
    """Every board's traveller lines (with a section's ``letter``: that section's rows, its
    pairs and tables by their numbers in the section)."""
    fields = POINT_FIELDS.get(scoring, POINT_FIELDS["mp"])
    by_board: dict[int, list[int]] = {}
    for index, row in enumerate(rows):
        if letter is None or row.section == letter:
            by_board.setdefault(row.board, []).append(index)
    for board in sorted(by_board):
        indexes = by_board[board]
        element = _board_element(event, board, [rows[i] for i in indexes])
        for index in indexes:
            row = rows[index]
            line = _add(element, "TRAVELLER_LINE")
            if row.players is not None:
                north, east, south, west = row.players
                for seat, who in (("N", north), ("S", south), ("E", east), ("W", west)):
                    _add(line, f"{seat}_PLAYER_NUMBER", who)
            else:
                _add(line, "NS_PAIR_NUMBER", row.ns if letter is None else own(row.ns, letter))
                _add(line, "EW_PAIR_NUMBER", row.ew if letter is None else own(row.ew, letter))
            _row_extras(line, row, teams=False, letter=letter)
            _result(line, row)
            figures = points[index]
            if figures is not None:
                _add_number(line, fields[0], figures.ns_points)
                _add_number(line, fields[1], figures.ew_points)


def _teams_matches(
    event: ET.Element,
    rows: Sequence[ResultRow],
    points: Sequence[Published | None],
    scoring: str,
    letter: str | None = None,
) -> None:
    """One MATCH per round and pair of teams (with a section's ``letter``: that section's
    matches, its teams and room tables by their numbers in the section, ``B2`` as ``2``
    and table ``B1a`` as ``1a``)."""

    def shown(text: str) -> str:
        return text if letter is None else own(text, letter)

    matches: dict[tuple[int | None, str, str], list[int]] = {}
    for index, row in enumerate(rows):
        if letter is not None and row.section != letter:
            continue
        key = (row.round, row.ns, row.ew)
        swapped = (row.round, row.ew, row.ns)
        matches.setdefault(swapped if swapped in matches else key, []).append(index)
    for (round_, team, opponent), indexes in matches.items():
        match = _add(event, "MATCH")
        if round_ is not None:
            _add(match, "ROUND_NUMBER", str(round_))
        _add(match, "TEAM", shown(team))
        _add(match, "OPPOSING_TEAM", shown(opponent))
        by_board: dict[int, list[int]] = {}
        for index in indexes:
            by_board.setdefault(rows[index].board, []).append(index)
        for board, on_board in by_board.items():
            element = _board_element(match, board, [rows[i] for i in on_board])
            first, second = _team_points(rows, points, on_board, team)
            if scoring == "bam":
                _add_number(element, "TEAM_POINTS", first)
                _add_number(element, "OPPOSING_TEAM_POINTS", second)
            else:
                _add_number(element, "IMPS", first)
            for index in on_board:
                row = rows[index]
                line = _add(element, "TRAVELLER_LINE")
                _add(line, "DIRECTION", "NS" if row.ns == team else "EW")
                _add(line, "NS_PAIR_NUMBER", shown(row.ns))
                _add(line, "EW_PAIR_NUMBER", shown(row.ew))
                _row_extras(line, row, teams=True, letter=letter)
                _result(line, row)


def _match_table(event: ET.Element, matches: Sequence[PublishedMatch]) -> None:
    """A teams event known only by its matches (a program's match table): one MATCH each,
    its VPs as ``TEAM_SCORE`` and ``OPPOSING_TEAM_SCORE`` (as USEBIO teams files write
    them), its IMPs as ``TEAM_IMPS`` and ``OPPOSING_TEAM_IMPS`` (bridgescore's own
    elements: USEBIO has no match-level IMPs, a reader that does not know them skips them)."""
    for found in matches:
        match = _add(event, "MATCH")
        if found.round is not None:
            _add(match, "ROUND_NUMBER", str(found.round))
        if found.table is not None:
            _add(match, "TABLE_NUMBER", found.table)
        _add(match, "TEAM", found.home)
        _add(match, "OPPOSING_TEAM", found.away)
        _add_number(match, "TEAM_SCORE", found.home_vp)
        _add_number(match, "OPPOSING_TEAM_SCORE", found.away_vp)
        _add_number(match, "TEAM_IMPS", found.home_imps)
        _add_number(match, "OPPOSING_TEAM_IMPS", found.away_imps)
        if found.boards is not None:
            _add(match, "BOARDS_PLAYED", str(found.boards))


def _team_points(
    rows: Sequence[ResultRow],
    points: Sequence[Published | None],
    indexes: Sequence[int],
    team: str,
) -> tuple[float | None, float | None]:
    """The match's first team's and second team's points on one board."""
    for index in indexes:
        figures = points[index]
        if figures is None:
            continue
        if rows[index].ns == team:
            return figures.ns_points, figures.ew_points
        return figures.ew_points, figures.ns_points
    return None, None


def _handset(root: ET.Element, event: Event) -> None:
    if not event.hands:
        return
    handset = _add(root, "HANDSET")
    for number, hands in sorted(event.hands.items()):
        board = _add(handset, "BOARD")
        _add(board, "BOARD_NUMBER", str(number))
        for seat in Seat:
            cards = hands.hand(seat)
            if cards is None:
                continue
            hand = _add(board, "HAND")
            _add(hand, "DIRECTION", seat.name.title())
            for suit, name in zip(SUITS, _SUIT_NAMES, strict=True):
                ranks = sorted((c.rank for c in cards if c.suit is suit), reverse=True)
                _add(hand, name, "".join(r.letter for r in ranks))


SECTION_SCORING: Final = "SECTION_SCORING"
"""bridgescore's own element of an EVENT in sections: ``APART`` when each section was
scored on its own (USEBIO has no element that says it; a reader that does not know it
skips it). Without it, a reader tells from the places (:func:`ranked_apart`)."""


def _sections(
    body: ET.Element,
    event: Event,
    layout: SectionLayout,
    standings: Sequence[PublishedStanding],
    directions: dict[str, str],
    figures: Sequence[Published | None],
) -> None:
    """An event in sections as USEBIO 1.2 lays them out (EBUScore, PairsScorer): a
    SESSION of one SECTION per section, each with its own PARTICIPANTS and BOARDs (a
    teams event: its MATCHes, as TeamsScorer puts them in its SESSION), its pairs or teams
    and tables by their numbers in the section; a pairs section's ``WINNER_TYPE`` as the
    event ranks it, where its sections differ and the EVENT says none."""
    _add(body, "SECTION_COUNT", str(len(layout.letters)))
    _add(body, SECTION_SCORING, "APART")
    session = ET.SubElement(body, "SESSION", {"SESSION_ID": "1"})
    ids = _participant_ids(event)
    for letter in layout.letters:
        section = ET.SubElement(session, "SECTION", {"SECTION_ID": letter})
        ranked = event.field_kinds.get(letter)
        winners = None if ranked is None else Winners.of(ranked)
        if event.kind == "pairs" and winners is not None:
            # bridgescore's own: each section's, where a Howell and a Mitchell differ
            _add(section, "WINNER_TYPE", winners.value)
        mine = [i for i in ids if layout.section_of(i) == letter]
        _participants(section, event, standings, directions, mine, letter)
        if event.kind == "teams":
            _teams_matches(section, event.results.rows, figures, event.scoring, letter)
        else:
            _pairs_boards(section, event.results.rows, figures, event.scoring, letter)


def from_event(
    event: Event,
    *,
    points: Sequence[Published | None] | None = None,
    standings: Sequence[PublishedStanding] | None = None,
) -> USEBIODocument:
    """A USEBIO 1.2 document for an event: CLUB, EVENT (``EVENT_TYPE`` PAIRS, TEAMS or
    INDIVIDUAL, ``BOARD_SCORING_METHOD``), PARTICIPANTS with totals, percentages and
    places, every board's traveller lines, and the hands.

    ``points`` (aligned with ``event.results.rows``) are the figures to write on each
    line: NS/EW matchpoints, butler or cross-IMP points for pairs; for teams, the NS
    team's and EW team's IMPs (or point-a-board points) on the board. ``standings``
    are each participant's total, percentage and place. Both default to the
    event's own ``published`` and ``standings``. A pairs or teams event in sections (rows
    naming two sections or more) has one SECTION per section (:func:`_sections`).
    """
    kind = event.kind
    if kind not in _EVENT_TYPE:
        raise BridgeInputError(
            _(
                "event kind {kind!r} has no USEBIO EVENT_TYPE; use pairs, teams or individual",
                kind=kind,
            )
        )
    method = _SCORING_METHOD.get(event.scoring)
    if method is None:
        raise BridgeInputError(
            _(
                "scoring {scoring!r} has no USEBIO BOARD_SCORING_METHOD; use {known}",
                scoring=event.scoring,
                known=", ".join(_SCORING_METHOD),
            )
        )
    rows = event.results.rows
    if points is None:
        points = event.published if len(event.published) == len(rows) else ()
    if points and len(points) != len(rows):
        raise BridgeInputError(
            _(
                "{points} points for {rows} result rows: give one (or None) per row",
                points=len(points),
                rows=len(rows),
            )
        )
    figures: Sequence[Published | None] = points or [None] * len(rows)
    root = ET.Element("USEBIO", {"Version": "1.2"})
    club = _add(root, "CLUB")
    _add(club, "CLUB_NAME", event.site)
    body = ET.SubElement(root, "EVENT", {"EVENT_TYPE": _EVENT_TYPE[kind]})
    _add(body, "EVENT_DESCRIPTION", event.name or event.results.name)
    _add(body, "PROGRAM_NAME", PROGRAM_NAME)
    _add(body, "PROGRAM_VERSION", converted_by(_version(), event.program).split(" ", 1)[1])
    if event.date:
        _add(body, "DATE", _date_text(event.date))
    _add(body, "BOARD_SCORING_METHOD", method)
    directions = _directions(event)
    winners = _winner_type(event, directions) if kind == "pairs" else None
    if winners is not None:
        _add(body, "WINNER_TYPE", winners.value)
    ranked = event.standings if standings is None else standings
    layout = sections_of(event)
    if layout is not None:
        _sections(body, event, layout, ranked, directions, figures)
    else:
        _participants(body, event, ranked, directions)
        if kind == "teams" and event.matches and not rows:
            _match_table(body, event.matches)
        elif kind == "teams":
            _teams_matches(body, rows, figures, event.scoring)
        else:
            _pairs_boards(body, rows, figures, event.scoring)
    _handset(root, event)
    ET.indent(root, space="  ")
    return USEBIODocument(root, source="<from_event>")
