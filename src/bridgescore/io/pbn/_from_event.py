"""An event written as a PBN document (:func:`from_event`): one game per board (per section
of it, in an event in sections), each with its ``[ScoreTable]``, and the standings in the
first game's ``[TotalScoreTable]``."""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import Final

from bridgescore.core.contract import PassedOut
from bridgescore.core.vulnerability import BoardInfo, Vulnerability
from bridgescore.duplicate.adjusted import Adjusted, AdjustedCode, Award
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
from bridgescore.events.vocabulary import EventKind, Scoring
from bridgescore.io._sections import SectionLayout, own, said_movements, sections_of
from bridgescore.io.pbn._analysis import analysis_tags
from bridgescore.io.pbn._cells import ADJUSTMENT_COLUMN, MOVEMENT_TAG, TEAM_NAME_COLUMN, split_names
from bridgescore.io.pbn._model import Game, PBNDocument, Tag
from bridgescore.io.pbn._tables import Cell, Column, Table, format_cell

_SCORING_TAGS: Final[Mapping[str, str]] = {
    Scoring.MATCHPOINTS: "MP",
    Scoring.ACBL: "MP",
    Scoring.IMPS: "IMP",
    Scoring.BUTLER: "IMP;Butler",
    Scoring.CROSS_IMPS: "IMP;Cross",
    Scoring.BOARD_A_MATCH: "BAM",
    "vp": "IMP",
}
"""The ``[Scoring]`` written for each scoring (read back by ``scoring_of``; ACBL's is ``MP``)."""
_COMPETITION: Final[Mapping[str, str]] = {
    EventKind.PAIRS: "Pairs",
    EventKind.TEAMS: "Teams",
    EventKind.INDIVIDUAL: "Individuals",
}


def _pbn_date(text: str) -> str:
    match = re.match(r"^(\d{4})-(\d{2})-(\d{2})$", text.strip())
    if match:
        return f"{match[1]}.{match[2]}.{match[3]}"
    return text.strip() or "?"


def _num(value: float) -> str:
    text = format(value, ".10g")
    return text if "e" not in text else format(value, "f")


def _award_text(award: Award) -> str:
    if isinstance(award, AdjustedCode):
        return award.value
    if isinstance(award, Fraction) and award.denominator == 1:
        return f"A{award.numerator}"
    return "A" + _num(float(award))


def _row_cells(row: ResultRow) -> list[Cell]:
    """Contract, Declarer, Result, Score_NS, Score_EW."""
    if row.adjusted is not None:
        if isinstance(row.adjusted, Adjusted):
            return [None, None, None, _award_text(row.adjusted.ns), _award_text(row.adjusted.ew)]
        return [None, None, None, None, None]
    ns = row.ns_score
    score_ns = None if ns is None or ns < 0 else str(ns)
    score_ew = None if ns is None or ns >= 0 else str(-ns)
    result = row.result
    if result is None:
        return ["?", "?", "?", score_ns, score_ew]
    if isinstance(result.contract, PassedOut):
        return ["Pass", None, None, score_ns or "0", score_ew]
    declarer = result.declarer
    return [
        result.contract.format(declarer=False),
        None if declarer is None else declarer.letter,
        str(result.tricks),
        score_ns,
        score_ew,
    ]


def _layout(names: Sequence[str], rows: Sequence[Sequence[Cell]], text: set[str]) -> Table:
    """A table whose columns are as wide as their widest cell."""
    columns = []
    for index, name in enumerate(names):
        width = max((len(format_cell(row[index])) for row in rows), default=1)
        columns.append(Column(name, width, "L" if name in text else "R"))
    return Table.build(columns, rows)


def _ranks(standings: Sequence[PublishedStanding]) -> list[tuple[Cell, Cell]]:
    """Rank and RankTie cells: ``3=`` shared by two becomes Rank 3, RankTie 4."""
    counts: dict[str, int] = defaultdict(int)
    for standing in standings:
        if standing.place:
            counts[standing.place] += 1
    out: list[tuple[Cell, Cell]] = []
    for standing in standings:
        place = standing.place
        if not place:
            out.append((None, None))
            continue
        bare = place.rstrip("=")
        if place.endswith("=") and bare.isdigit():
            out.append((bare, str(int(bare) + max(counts[place], 2) - 1)))
        else:
            out.append((place, None))
    return out


_HEADER: Final = (
    "% PBN 2.1",
    "% EXPORT",
    "%Content-type: text/x-pbn; charset=UTF-8",
)


def _creator(event: Event) -> str:
    from bridgescore import __version__

    return f"%Creator: {converted_by(__version__, event.program)}"


def from_event(
    event: Event,
    *,
    points: Sequence[Published | None] | None = None,
    newline: str = "\r\n",
) -> PBNDocument:
    """A PBN document for an event: one game per board with a ``[ScoreTable]``.

    Each game has the mandatory tags (``[Deal]`` from ``event.hands``, dealer and
    vulnerability from the board), ``[Competition]`` and a ``[ScoreTable]`` of
    its rows (``PairId_NS``, ``PairId_EW`` or the four ``PlayerId_*``, contract,
    declarer, result, ``Score_NS``/``Score_EW``; ``Table``, ``Round`` and the opening
    ``Lead`` when the rows have them; ``MP_NS``/``MP_EW`` or ``IMP_NS``/``IMP_EW`` from ``points``,
    one per row, by default ``event.published``; ``Names_NS``/``Names_EW`` from
    ``event.participants``), and the board's analysis from ``event.analyses``
    (``DoubleDummyTricks``, ``OptimumResultTable``, ``OptimumScore``, ``ParContract``).
    The first game also has a ``[TotalScoreTable]`` when ``event.standings`` is given,
    or, without them, one listing every participant when one is in no row (a pair that
    has played no board yet). Tags follow PBN 2.1's export order: the mandatory tags in
    their order, then the others by name.

    A pairs event in sections (rows naming two sections or more, scored within each) has
    one game per section of each board, with its ``[Section]`` and a ``[ScoreTable]`` of
    that section's rows under a ``Section`` column, pairs and tables by their numbers in
    the section (``A3NS`` is ``3NS``); the total table likewise. :func:`to_event` reads it
    back as sections scored apart.
    """
    rows = event.results.rows
    figures: Sequence[Published | None] = event.published if points is None else points
    if figures and len(figures) != len(rows):
        raise BridgeInputError(
            _(
                "{points} points for {rows} rows: give one (or None) per row",
                points=len(figures),
                rows=len(rows),
            )
        )
    unit = "MP" if event.scoring in ("mp", "acbl") else "IMP"
    with_points = any(f is not None and (f.ns_points, f.ew_points) != (None, None) for f in figures)
    individual = any(row.players is not None for row in rows)
    names = {p.id: p.names for p in event.participants}
    with_names = not individual and any(names.get(r.ns) or names.get(r.ew) for r in rows)
    columns: list[str] = []
    if any(row.table is not None for row in rows):
        columns.append("Table")
    if any(row.round is not None for row in rows):
        columns.append("Round")
    if individual:
        columns += ["PlayerId_North", "PlayerId_East", "PlayerId_South", "PlayerId_West"]
    else:
        columns += ["PairId_NS", "PairId_EW"]
    columns += ["Contract", "Declarer", "Result", "Score_NS", "Score_EW"]
    with_leads = any(row.lead is not None for row in rows)
    if with_leads:
        columns.append("Lead")
    if with_points:
        columns += [f"{unit}_NS", f"{unit}_EW"]
    with_percents = any(f is not None and f.ns_percent is not None for f in figures)
    if with_percents:
        columns += ["Percentage_NS", "Percentage_EW"]
    if with_names:
        columns += ["Names_NS", "Names_EW"]
    text_columns = {"Table", "Contract", "Declarer", "Lead", "Names_NS", "Names_EW"}

    by_board: dict[int, list[int]] = defaultdict(list)
    for index, row in enumerate(rows):
        by_board[row.board].append(index)
    boards = sorted(set(by_board) | set(event.hands) | set(event.analyses))
    scoring = _SCORING_TAGS.get(event.scoring, event.scoring or "?")
    competition = _COMPETITION.get(event.kind, event.kind.title())
    layout = None if individual else sections_of(event)
    movements = said_movements(event)  # each section's, as the event ranks it
    if layout is not None:
        columns.insert(0, "Section")
        text_columns.add("Section")
    games: list[Game] = []
    for board in boards:
        info = BoardInfo.of(board)
        indices = by_board.get(board, [])
        vulnerability = rows[indices[0]].vulnerability if indices else info.vulnerability
        deal = event.hands.get(board)
        # with sections, one game per section: each section's traveller is its own
        for letter, own_indices in _by_section(rows, indices, layout):
            cells: list[list[Cell]] = []
            for index in own_indices:
                row = rows[index]
                line: list[Cell] = []
                if letter is not None:
                    line.append(letter)
                if "Table" in columns:
                    line.append(_own(row.table, letter))
                if "Round" in columns:
                    line.append(None if row.round is None else str(row.round))
                if individual:
                    line += list(row.players) if row.players else [None] * 4
                else:
                    line += [_own(row.ns, letter), _own(row.ew, letter)]
                line += _row_cells(row)
                if with_leads:
                    line.append(None if row.lead is None else str(row.lead))
                if with_points:
                    figure = figures[index] if figures else None
                    ns_points = None if figure is None else figure.ns_points
                    ew_points = None if figure is None else figure.ew_points
                    line += [
                        None if ns_points is None else _num(ns_points),
                        None if ew_points is None else _num(ew_points),
                    ]
                if with_percents:
                    figure = figures[index] if figures else None
                    line += [
                        None
                        if figure is None or figure.ns_percent is None
                        else _num(figure.ns_percent),
                        None
                        if figure is None or figure.ew_percent is None
                        else _num(figure.ew_percent),
                    ]
                if with_names:
                    line += [
                        ";".join(names.get(row.ns, ())) or None,
                        ";".join(names.get(row.ew, ())) or None,
                    ]
                cells.append(line)
            tags = [
                Tag("Event", event.name or "?"),
                Tag("Site", event.site or "?"),
                Tag("Date", _pbn_date(event.date)),
                Tag("Board", str(board)),
                Tag("West", ""),
                Tag("North", ""),
                Tag("East", ""),
                Tag("South", ""),
                Tag("Dealer", info.dealer.letter),
                Tag(
                    "Vulnerable",
                    "All" if vulnerability is Vulnerability.BOTH else str(vulnerability),
                ),
                Tag("Deal", "?" if deal is None else deal.to_pbn(info.dealer)),
                Tag("Scoring", scoring),
                Tag("Declarer", ""),
                Tag("Contract", ""),
                Tag("Result", ""),
            ]
            supplemental = [Tag("Competition", competition)]
            if letter is not None:
                supplemental.append(Tag("Section", letter))
            said = movements.get(letter or "", movements.get(""))
            if event.kind == "pairs" and said is not None:
                # bridgescore's own: how the section is ranked, whatever its rows show yet
                supplemental.append(Tag(MOVEMENT_TAG, said.value))
            analysis = event.analyses.get(board)
            if analysis is not None:
                supplemental += analysis_tags(analysis)
            if cells:
                table = _layout(columns, cells, text_columns)
                supplemental.append(Tag("ScoreTable", table.spec, table.format_lines()))
            if not games and event.standings:
                supplemental.append(_totals(event, unit, names, layout))
            elif not games and (_unseated(event) or event.adjustments or _names_uncut(event)):
                supplemental.append(_entrants(event, layout))
            # export format: the mandatory tags in their order, then the others by name
            tags += sorted(supplemental, key=lambda tag: tag.name)
            games.append(Game(tuple(tags)))
    if not games and (event.standings or event.matches):
        tags = [
            Tag("Event", event.name or "?"),
            Tag("Site", event.site or "?"),
            Tag("Date", _pbn_date(event.date)),
            Tag("Scoring", scoring),
            Tag("Competition", competition),
        ]
        if event.standings:
            tags.append(_totals(event, unit, names, None))
        if event.matches:
            tags.append(_match_table(event.matches))
        games.append(Game(tuple(tags)))
    return PBNDocument(tuple(games), (*_HEADER, _creator(event)), "utf-8", newline)


def _by_section(
    rows: Sequence[ResultRow], indices: Sequence[int], layout: SectionLayout | None
) -> list[tuple[str | None, list[int]]]:
    """A board's rows in one game (``None``: no sections), or one per section that played
    it, in the sections' order; a board no row has is one game without a section."""
    if layout is None or not indices:
        return [(None, list(indices))]
    found = [(s, [i for i in indices if rows[i].section == s]) for s in layout.letters]
    return [(letter, own_indices) for letter, own_indices in found if own_indices]


def _own(text: str | None, letter: str | None) -> str | None:
    """A pair id or table as its section writes it (``A3NS`` is ``3NS`` of section A)."""
    return text if text is None or letter is None else own(text, letter)


def _unseated(event: Event) -> bool:
    """Whether a participant of ``event`` is in no result row (a pair that has played no
    board yet): only a total table can carry it."""
    seated = {side for row in event.results.rows for side in (row.ns, row.ew)}
    seated.update(p for row in event.results.rows for p in row.players or ())
    return any(p.id not in seated for p in event.participants)


def _names_uncut(event: Event) -> bool:
    """Whether a participant has a name the ``Names_NS``/``Names_EW`` cells cannot carry
    (they read ``;`` and `` - `` as between two names: ``Nines;semi``), which only a total
    table's ``TeamName`` carries whole."""
    return any(split_names(";".join(p.names)) != tuple(p.names) for p in event.participants)


def _names_column(event: Event) -> str:
    """A total table's column of names: ``TeamName`` for teams that each have one name at
    most (a team's name, read back whole), else ``Names`` (each one's players, ``;``
    between them)."""
    if event.kind == "teams" and all(len(p.names) <= 1 for p in event.participants):
        return TEAM_NAME_COLUMN
    return "Names"


def _entrants(event: Event, layout: SectionLayout | None) -> Tag:
    """A ``[TotalScoreTable]`` of every participant with its names and no figures, for an
    event with no standings given: a pair that has played no board is still in the file
    (the reader takes the table's rows as the participants; figures it does not write are
    not compared). With sections, each pair is written under its section's letter."""
    id_column = {"teams": "TeamId", "individual": "PlayerId"}.get(event.kind, "PairId")
    cells: list[list[Cell]] = []
    for p in event.participants:
        letter = None if layout is None else layout.section_of(p.id)
        line: list[Cell] = [] if letter is None else [letter]
        cells.append([*line, _own(p.id, letter), ";".join(p.names) or None])
    named = _names_column(event)
    head = [id_column, named] if layout is None else ["Section", id_column, named]
    if event.adjustments:
        head.append(ADJUSTMENT_COLUMN)
        for p, line in zip(event.participants, cells, strict=True):
            line.append(_adjustment(event, p.id))
    table = _layout(head, cells, {named, id_column, "Section"})
    return Tag("TotalScoreTable", table.spec, table.format_lines())


def _adjustment(event: Event, team: str) -> Cell:
    """A team's ``AdjustmentVP`` cell: its VPs from outside its matches (a bye's), or
    none."""
    vps = sum(a.vp for a in event.adjustments if a.id == team)
    return _num(vps) if vps else None


def _match_table(matches: Sequence[PublishedMatch]) -> Tag:
    """A match table as Ruter writes one (``TeamId_Home``...): each match's IMPs in
    ``MatchDetails`` as ``"200,<home>,<away>"`` (Ruter's leading 200, whose meaning is not
    documented, kept so that Ruter's readers read it) and its VPs."""
    columns = ["Round", "Table", "TeamId_Home", "TeamId_Away", "MatchDetails", "VP_Home", "VP_Away"]
    cells: list[list[Cell]] = []
    for match in matches:
        imps = (match.home_imps, match.away_imps)
        details = None if None in imps else "200," + ",".join(_num(float(i or 0)) for i in imps)
        cells.append(
            [
                None if match.round is None else str(match.round),
                match.table,
                match.home,
                match.away,
                details,
                None if match.home_vp is None else _num(match.home_vp),
                None if match.away_vp is None else _num(match.away_vp),
            ]
        )
    table = _layout(columns, cells, {"Table", "TeamId_Home", "TeamId_Away", "MatchDetails"})
    return Tag("ScoreTable", table.spec, table.format_lines())


def _totals(
    event: Event, unit: str, names: Mapping[str, tuple[str, ...]], layout: SectionLayout | None
) -> Tag:
    """The standings as a ``[TotalScoreTable]``; with sections, each pair under its
    section's letter (``Section`` column) with its own number, and its ties counted within
    its section, where each section ranks its own pairs."""
    kind = event.kind
    id_column = {"teams": "TeamId", "individual": "PlayerId"}.get(kind, "PairId")
    total_unit = "VP" if kind == "teams" else unit
    named = _names_column(event)
    columns = ["Rank", "RankTie", id_column, f"TotalScore{total_unit}", "TotalPercentage", named]
    letters = [None if layout is None else layout.section_of(s.id) for s in event.standings]
    ranks: dict[int, tuple[Cell, Cell]] = {}
    for letter in dict.fromkeys(letters):
        mine = [i for i, found in enumerate(letters) if found == letter]
        ranks.update(zip(mine, _ranks([event.standings[i] for i in mine]), strict=True))
    if layout is not None:
        columns.insert(2, "Section")
    cells: list[list[Cell]] = []
    for index, (standing, letter) in enumerate(zip(event.standings, letters, strict=True)):
        rank, tie = ranks[index]
        line: list[Cell] = [rank, tie]
        if layout is not None:
            line.append(letter)
        cells.append(
            [
                *line,
                _own(standing.id, letter),
                None if standing.total is None else _num(standing.total),
                None if standing.percent is None else _num(standing.percent),
                ";".join(names.get(standing.id, ())) or None,
            ]
        )
    if event.adjustments:
        columns.append(ADJUSTMENT_COLUMN)
        for standing, line in zip(event.standings, cells, strict=True):
            line.append(_adjustment(event, standing.id))
    table = _layout(columns, cells, {named, id_column, "Section"})
    return Tag("TotalScoreTable", table.spec, table.format_lines())
