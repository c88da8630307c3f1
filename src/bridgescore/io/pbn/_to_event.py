"""A PBN document read as an event (:class:`bridgescore.events.model.Event`): :func:`to_event`.

Result rows come from each game's ``[ScoreTable]`` (one row per table line, read by
the row kernel, :func:`bridgescore.io.rows.build_result`) or from a one-table game's
own ``[Contract]``/``[Declarer]``/``[Result]``; the program's published figures
(``MP_NS``, ``[TotalScoreTable]``...) are kept beside them.
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Final

from bridgescore.analysis.model import Analysis
from bridgescore.core.contract import TableResult
from bridgescore.core.hands import Hands
from bridgescore.core.vulnerability import BoardInfo, Vulnerability
from bridgescore.duplicate.adjusted import Adjusted, NotPlayed
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
    partnership_id,
)
from bridgescore.events.vocabulary import EventKind, Scoring, SectionMovement
from bridgescore.events.vocabulary import Field as FieldKind
from bridgescore.io._sections import (
    howell_problems,
    in_section,
    is_section_letter,
    ranked_apart,
    section_letter_message,
)
from bridgescore.io.pbn._analysis import (
    ANALYSIS_TAGS,
    AnalysisKey,
    analysis_key,
    read_analysis,
)
from bridgescore.io.pbn._cells import (
    ADJUSTMENT_COLUMN,
    BYE,
    MOVEMENT_TAG,
    TEAM_NAME_COLUMN,
    known,
    number,
    score_entry,
    split_names,
    team_name_cell,
)
from bridgescore.io.pbn._checks import game_facts, parse_sided, stray_text
from bridgescore.io.pbn._kind import event_kind, event_scoring
from bridgescore.io.pbn._matches import is_match_table
from bridgescore.io.pbn._model import Game, PBNDocument, PBNProblem, Tag, pbn_problem, problem_error
from bridgescore.io.pbn._tables import Cell, Table
from bridgescore.io.rows import Field, RawResult, build_result, cached_ns_score, raw_field
from bridgescore.io.text import plain_title

_IMP_FAMILY: Final = frozenset(s.value for s in Scoring if s.uses_imps)
_TOTAL_COLUMNS: Final = (
    "TotalScoreMP", "TotalScoreIMP", "TotalScoreVP", "TotalMP", "TotalIMP", "TotalVP",
    "TotalScore",
)  # fmt: skip
_SESSION_TOTAL_COLUMNS: Final = ("SessionScoreMP", "SessionScoreIMP", "SessionScoreVP")
_DATE_RE: Final = re.compile(r"^(\d{4})\.(\d{2})\.(\d{2})$")


def _iso_date(text: str) -> str:
    match = _DATE_RE.match(text.strip())
    if match:
        return f"{match[1]}-{match[2]}-{match[3]}"
    return "" if text.strip() in ("", "?", "????.??.??") else text.strip()


@dataclass(slots=True)
class _Reader:
    document: PBNDocument
    laws: str
    rows: list[ResultRow] = field(default_factory=list)
    published: list[Published | None] = field(default_factory=list)
    problems: list[PBNProblem] = field(default_factory=list)
    hands: dict[int, Hands] = field(default_factory=dict)
    analyses: dict[int, Analysis] = field(default_factory=dict)
    analysis_keys: dict[int, AnalysisKey] = field(default_factory=dict)
    participants: dict[str, Participant] = field(default_factory=dict)
    adjustments: list[VPAdjustment] = field(default_factory=list)
    """A teams total table's ``AdjustmentVP``: VPs from outside a team's matches."""
    standings: list[PublishedStanding] = field(default_factory=list)
    kind: str = EventKind.PAIRS.value
    scoring: str = Scoring.MATCHPOINTS.value
    qualify: bool = False
    mitchell: bool = False
    apart: bool = False
    """The file's sections were scored apart (:func:`_sections_apart`): each row and pair
    says its section, and each id has the section's letter in front (``A1NS``)."""
    game_section: str | None = None
    """The ``[Section]`` of the game being read, when the sections are scored apart."""
    field_kinds: dict[str, FieldKind] = field(default_factory=dict)
    """How each section is ranked, as its games' ``[Movement]`` says (:func:`_field_kinds`)."""
    movements: dict[str, tuple[SectionMovement, Location]] = field(default_factory=dict)
    """Each section's ``[Movement]``, where it is first said (:func:`_field_kinds`)."""
    matches: int = 0
    parsed: dict[int, Table] = field(default_factory=dict)
    problem_lines: set[int | None] = field(default_factory=set)
    misplaced: set[tuple[int, int]] = field(default_factory=set)
    """The score table rows left out for their section (:meth:`section_problem`), by
    their table's ``id`` and their index in it: their pairs are no participants either."""

    def table(self, tag: Tag) -> Table:
        """The tag's table, parsed once."""
        found = self.parsed.get(id(tag))
        if found is None:
            found = self.parsed[id(tag)] = tag.table()
        return found

    @property
    def source(self) -> str:
        return self.document.source

    def problem(
        self,
        line: int | None,
        message: str | Message,
        board: str | None = None,
        tag: str | None = None,
        severity: Severity = Severity.ERROR,
    ) -> None:
        self.problems.append(pbn_problem(self.source, line, message, board, tag, severity))
        self.problem_lines.add(line)

    def point_columns(self, names: Sequence[str], individual: bool) -> tuple[str, str] | None:
        order = ("IMP", "MP") if self.scoring in _IMP_FAMILY else ("MP", "IMP")
        return self.unit_columns(order, names, individual)

    def percent_columns(self, names: Sequence[str], individual: bool) -> tuple[str, str] | None:
        """The board percentages a table gives, beside its points or alone
        (``Percentage_NS``): never taken for points."""
        return self.unit_columns(("Percentage",), names, individual)

    @staticmethod
    def unit_columns(
        order: Sequence[str], names: Sequence[str], individual: bool
    ) -> tuple[str, str] | None:
        for unit in order:
            pairs = [(f"{unit}_NS", f"{unit}_EW")]
            if individual:
                pairs.insert(0, (f"{unit}_North", f"{unit}_East"))
            for pair in pairs:
                if pair[0] in names or pair[1] in names:
                    return pair
        return None

    # -- one game ---

    def add_game(self, game: Game, first: Mapping[str, Tag]) -> None:
        """Read a game's results; ``first``: its first tag of each name (``_first_tags``)."""
        values = {name: tag.value for name, tag in first.items()}
        for name, value in game.inherited:
            values.setdefault(name, value)
        facts = game_facts(values, self.laws, full=True)
        self.game_section = known(values.get("Section")) if self.apart else None
        board_text = values.get("Board")
        line = game.line
        for name, message, severity in facts.problems:
            tag = first.get(name)
            self.problem(tag.line if tag else line, message, board_text, name, severity)
        tables = game.tags_named("ScoreTable") if "ScoreTable" in first else ()
        result_tables = [t for t in tables if not is_match_table(self.table(t))]
        self.matches += len(tables) - len(result_tables)
        if "TotalScoreTable" in first:
            for tag in game.tags_named("TotalScoreTable"):
                self.add_totals(tag, board_text)
        needs_board = bool(result_tables) or _has_record(values)
        if facts.board is None:
            if needs_board and not any(p[0] == "Board" for p in facts.problems):
                self.problem(
                    line, _("no board number: its results are left out"), board_text, "Board"
                )
            return
        board = facts.board
        vulnerability = facts.vulnerability or BoardInfo.of(board).vulnerability
        if facts.hands is not None:
            dealt = self.hands.setdefault(board, facts.hands)
            if dealt != facts.hands:
                tag = first.get("Deal")
                self.problem(
                    tag.line if tag else line,
                    _(
                        "board {board} is dealt differently here than in an earlier game;"
                        " the first deal is kept",
                        board=board,
                    ),
                    board_text,
                    "Deal",
                    Severity.WARNING,
                )
        if any(name in first for name in ANALYSIS_TAGS):
            self.add_analysis(first, board, board_text, vulnerability)
        if result_tables:
            for tag in result_tables:
                self.add_table(tag, board, board_text, vulnerability)
            return
        self.add_record(game, first, values, facts.result, facts.ns_score, board, vulnerability)

    def add_analysis(
        self,
        first: Mapping[str, Tag],
        board: int,
        board_text: str | None,
        vulnerability: Vulnerability,
    ) -> None:
        """The board's double-dummy analysis and par, read once a board: a board repeated
        on every table's game with the same tags is not read again."""
        key = analysis_key(first)
        if self.analysis_keys.get(board) == key:
            return  # the tags of the board's first game, read then
        self.analysis_keys.setdefault(board, key)
        read = read_analysis(first, vulnerability)
        for name, line, message in read.problems:
            self.problem(line, message, board_text, name, Severity.WARNING)
        if read.analysis is None:
            return
        kept = self.analyses.get(board)
        if kept is None:
            self.analyses[board] = read.analysis
            return
        if not read.analysis.differences(kept):  # nothing here contradicts it: add what is new
            self.analyses[board] = Analysis(
                kept.tricks or read.analysis.tricks, kept.par or read.analysis.par
            )
        else:
            earlier = set(self.analysis_keys[board])
            tag = next((first[text[0]] for text in key if text not in earlier), first[key[0][0]])
            self.problem(
                tag.line,
                _(
                    "board {board} is analysed differently here than in an earlier game;"
                    " the first analysis is kept",
                    board=board,
                ),
                board_text,
                tag.name,
                Severity.WARNING,
            )

    def add_record(
        self,
        game: Game,
        first: Mapping[str, Tag],
        values: Mapping[str, str],
        result: TableResult | None,
        ns_score: int | None,
        board: int,
        vulnerability: Vulnerability,
    ) -> None:
        """A one-table record: the game's own [Contract], [Declarer], [Result] (or [Score])."""
        if not _has_record(values):
            return
        contract_tag = first.get("Contract") or first.get("Score")
        line = contract_tag.line if contract_tag else game.line
        where = Location(self.source, line)
        board_text = values.get("Board")
        if result is None and ns_score is None:
            if known(values.get("Contract")) is not None and line not in self.problem_lines:
                self.problem(
                    line,
                    _("a contract without a result (or [Score]) is not a result; left out"),
                    board_text,
                    "Result",
                    Severity.WARNING,
                )
            return
        ns, ew = _record_sides(values)
        if not ns or not ew:
            self.problem(
                line,
                _(
                    "no way to tell who played (no [PairNS]/[PairEW], [HomeTeam]/[VisitTeam] or"
                    " player names); the result is left out"
                ),
                board_text,
            )
            return
        if result is not None:
            ns_score = cached_ns_score(result, vulnerability, self.laws)
            if result.passed_out and "Auction" not in first and known(values.get("Score")) is None:
                self.problem(
                    line,
                    _("passed out with no auction and no [Score]: perhaps not played"),
                    board_text,
                    "Contract",
                    Severity.WARNING,
                )
        round_text = values.get("Round")
        stage = known(values.get("Stage"))
        if known(round_text) is None and stage is not None and stage.isdigit():
            round_text = stage  # a numbered stage stands for the round
        round_number = self.round_of(round_text, line, board_text)
        table = known(values.get("Table")) or known(values.get("Room"))
        self.rows.append(
            ResultRow(
                board,
                ns,
                ew,
                vulnerability,
                result=result,
                ns_score=ns_score,
                round=round_number,
                table=table,
                where=where,
            )
        )
        self.published.append(self.record_points(values, line, board_text))

    def round_of(self, text: str | None, line: int | None, board: str | None) -> int | None:
        given = known(text)
        if given is None:
            return None
        if given.isdigit():
            return int(given)
        self.problem(
            line,
            _("round {round!r} is not a number; left out of the row", round=given),
            board,
            "Round",
            Severity.WARNING,
        )
        return None

    def record_points(
        self, values: Mapping[str, str], line: int | None, board: str | None
    ) -> Published | None:
        """A one-table record's figures: its ``[ScoreMP]`` or ``[ScoreIMP]`` as points, and
        its ``[ScorePercentage]`` as the board percentages (never taken for points)."""
        order = ("ScoreIMP", "ScoreMP") if self.scoring in _IMP_FAMILY else ("ScoreMP", "ScoreIMP")
        points = next(
            (
                self.sided(name, text, line, board)
                for name in order
                if (text := known(values.get(name))) is not None
            ),
            None,
        )
        text = known(values.get("ScorePercentage"))
        percents = None if text is None else self.sided("ScorePercentage", text, line, board)
        if percents is None:
            return points
        return replace(
            points or Published(), ns_percent=percents.ns_points, ew_percent=percents.ew_points
        )

    def sided(self, name: str, text: str, line: int | None, board: str | None) -> Published | None:
        """``NS 4 EW -4`` as each side's figures (an IMP figure given for one side only
        is the other's too, negated); one that says no side is a warning."""
        try:
            ns, ew, own = parse_sided(text)
        except ValueError:
            self.problem(line, _("{text!r} is not a score", text=text), board, name)
            return None
        if own is not None:
            self.problem(
                line,
                _("{text!r} does not say whose points they are; write 'NS 4 EW -4'", text=text),
                board,
                name,
                Severity.WARNING,
            )
            return None
        if name == "ScoreIMP":
            ns = -ew if ns is None and ew is not None else ns
            ew = -ns if ew is None and ns is not None else ew
        return Published(ns, ew)

    def section_of(self, row: Mapping[str, Cell]) -> str | None:
        """A table row's section: its ``Section`` cell, else (sections scored apart) its
        game's ``[Section]``."""
        return known(row.get("Section")) or self.game_section

    def section_problem(self, row: Mapping[str, Cell], *, totals: bool = False) -> Message | None:
        """What is wrong with a row's section when the sections are scored apart (each row
        is put in its section): one that is not a letter A to Z (``a``), or, in a
        ``[ScoreTable]``, a ``Section`` cell that says another section than its game's
        ``[Section]`` (a total table lists every section's pairs under the first game's)."""
        if not self.apart:
            return None
        said = known(row.get("Section"))
        section = said or self.game_section
        if section is not None and not is_section_letter(section):
            return section_letter_message(section)
        game = self.game_section
        if not totals and said is not None and game is not None and said != game:
            return _(
                "the row says section {row} where its game's [Section] says {game}",
                row=said,
                game=game,
            )
        return None

    def ids(self, row: Mapping[str, Cell]) -> tuple[str | None, str | None]:
        ns, ew = known(row.get("PairId_NS")), known(row.get("PairId_EW"))
        section = self.section_of(row)
        if (self.qualify or self.apart) and section:
            ns = None if ns is None else section + ns
            ew = None if ew is None else section + ew
        if self.mitchell and not self.howell(section):
            ns = None if ns is None else ns + "NS"
            ew = None if ew is None else ew + "EW"
        return ns, ew

    def howell(self, section: str | None) -> bool:
        """Whether the file says ``section`` is a Howell (``[Movement "Howell"]``): its pairs
        are numbered without a direction, whatever the Mitchell beside it does, and a row
        naming one pair on both sides is that pair meeting itself. An arrow-switched
        Mitchell, one field too, numbers its pairs as a Mitchell does."""
        said = self.movements.get(section or "", self.movements.get(""))
        return said is not None and said[0] is SectionMovement.HOWELL

    def add_table(
        self, tag: Tag, board: int, board_text: str | None, vulnerability: Vulnerability
    ) -> None:
        table = self.table(tag)
        first = tag.section_line or tag.line or 0
        for offset, message in table.issues:
            self.problem(first + offset, message, board_text, "ScoreTable")
        names = table.names
        individual = "PlayerId_North" in names
        points = self.point_columns(names, individual)
        percents = self.percent_columns(names, individual)
        for index, (offset, row) in enumerate(zip(table.row_lines, table.rows, strict=True)):
            line = first + offset
            wrong = self.section_problem(row)
            if wrong is not None:
                self.misplaced.add((id(table), index))
                self.problem(
                    line, _("{error}; the row is left out", error=wrong), board_text, "ScoreTable"
                )
                continue
            try:
                self.add_table_row(
                    row, board, board_text, vulnerability, line, individual, (points, percents)
                )
            except BridgeError as error:
                self.problem(
                    line, _("{error}; the row is left out", error=error), board_text, "ScoreTable"
                )

    def add_table_row(
        self,
        row: Mapping[str, Cell],
        board: int,
        board_text: str | None,
        vulnerability: Vulnerability,
        line: int,
        individual: bool,
        points: tuple[tuple[str, str] | None, tuple[str, str] | None],
    ) -> None:
        """One row of a board's ``[ScoreTable]``; ``points``: the columns of its points and
        of its board percentages (:meth:`point_columns`, :meth:`percent_columns`)."""
        players: tuple[str, str, str, str] | None = None
        ns: str | None
        ew: str | None
        if individual:
            seats = [known(row.get(f"PlayerId_{s}")) for s in ("North", "East", "South", "West")]
            if all(seats):
                north, east, south, west = (s or "" for s in seats)
                players = (north, east, south, west)
                ns, ew = partnership_id(north, south), partnership_id(east, west)
            else:
                ns = ew = None
        else:
            ns, ew = self.ids(row)
        entry = score_entry(row.get("Score_NS"), row.get("Score_EW"))
        if entry == BYE or ns is None or ew is None:
            if entry != BYE and known(row.get("Contract")) is not None:
                raise BridgeInputError(_("a result without both pairs' ids"))
            sitting = [x for x in (ns, ew) if x is not None]
            who = _("pair {pair}", pair=sitting[0]) if sitting else _("a pair")
            said = _("{who} sits out (Bye): not a result", who=who)
            if points[0] is not None:
                cells = [row.get(points[0][0]), row.get(points[0][1])]
                given = [f for f in cells if known(f) is not None]
                if given:
                    said = _(
                        "{who} sits out (Bye): not a result; the {points} it is given there is"
                        " not kept",
                        who=who,
                        points=given[0],
                    )
            self.problem(
                line,
                said,
                board_text,
                "ScoreTable",
                Severity.WARNING,
            )
            return
        where = Location(self.source, line, board=board_text, tag="ScoreTable", shown="[{}]")
        contract_text = known(row.get("Contract"))
        score: Field | None = None
        adjusted: Field | None = None
        score_name = "Score_NS" if known(row.get("Score_NS")) is not None else "Score_EW"
        if isinstance(entry, int):
            score = Field(score_name, str(entry), where)
        elif isinstance(entry, Adjusted | NotPlayed):
            adjusted = Field(score_name, str(entry), where)
        elif contract_text is None:
            adjusted = Field("Contract", "NP", where)  # no contract and no score: not played
        raw = RawResult(
            board,
            ns,
            ew,
            vulnerability,
            Location(self.source, line),
            contract=raw_field("Contract", contract_text, where),
            declarer=raw_field("Declarer", known(row.get("Declarer")), where),
            tricks=raw_field("Result", known(row.get("Result")), where),
            score=score,
            adjusted=adjusted,
            round=self.round_of(row.get("Round"), line, board_text),
            table=_table_name(row, self.section_of(row)),
            players=players,
            lead=raw_field("Lead", known(row.get("Lead")), where),
        )
        built = build_result(raw, laws=self.laws)
        self.problems.extend(built.problems)
        if built.row is None:
            return
        section = self.section_of(row) if self.apart and not individual else None
        self.rows.append(built.row if section is None else replace(built.row, section=section))
        figures = self.table_points(row, points[0], line, board_text)
        percents = self.table_points(row, points[1], line, board_text)
        if percents is not None:
            figures = replace(
                figures or Published(), ns_percent=percents.ns_points, ew_percent=percents.ew_points
            )
        self.published.append(figures)

    def table_points(
        self,
        row: Mapping[str, Cell],
        points: tuple[str, str] | None,
        line: int,
        board: str | None,
    ) -> Published | None:
        if points is None:
            return None
        try:
            ns, ew = number(row.get(points[0])), number(row.get(points[1]))
        except ValueError as error:
            self.problem(
                line,
                _("{text} is not a number of points", text=str(error)),
                board,
                "ScoreTable",
                Severity.WARNING,
            )
            return None
        return None if ns is None and ew is None else Published(ns, ew)

    def add_totals(self, tag: Tag, board_text: str | None) -> None:
        table = self.table(tag)
        first = tag.section_line or tag.line or 0
        for offset, message in table.issues:
            self.problem(first + offset, message, board_text, "TotalScoreTable")
        names = table.names
        id_column, kind = "PairId", "pair"
        if "TeamId" in names:
            id_column, kind = "TeamId", "team"
        elif "PlayerId" in names:
            id_column, kind = "PlayerId", "player"
        name_column = next((n for n in ("Names", TEAM_NAME_COLUMN, "Name") if n in names), None)
        total_column: str | None = next((n for n in _TOTAL_COLUMNS if n in names), None)
        percent_column: str | None = next(
            (n for n in ("TotalPercentage", "MeanPercentage") if n in names), None
        )
        rank_column, tie_column = "Rank", "RankTie"
        session = next((n for n in _SESSION_TOTAL_COLUMNS if n in names), None)
        if session is not None:
            # one session of a longer event (Ruter, Magic Contest): the file's boards are
            # this session's, so its session columns are the figures they give; the
            # event's totals cover sessions the file does not hold
            total_column, rank_column, tie_column = session, "SessionRank", "SessionRankTie"
            percent_column = "SessionPercentage" if "SessionPercentage" in names else None
        for offset, row in zip(table.row_lines, table.rows, strict=True):
            line = first + offset
            ident = known(row.get(id_column))
            if ident is None:
                self.problem(
                    line,
                    _("a row without a {column}; left out", column=id_column),
                    board_text,
                    "TotalScoreTable",
                )
                continue
            wrong = self.section_problem(row, totals=True)
            if wrong is not None:
                self.problem(
                    line,
                    _("{error}; the row is left out", error=wrong),
                    board_text,
                    "TotalScoreTable",
                )
                continue
            section = self.section_of(row)
            if (self.qualify or self.apart) and section:
                ident = section + ident
            direction = (known(row.get("Direction")) or "").upper()
            side = None if kind != "pair" or not direction else direction_of(direction)
            if self.mitchell and kind == "pair" and not self.howell(section):
                ident += "NS" if direction.startswith("N") else "EW"
            if name_column == TEAM_NAME_COLUMN:  # a team's name, whole
                names_found = team_name_cell(row.get(name_column))
            else:
                names_found = split_names(row.get(name_column) or "") if name_column else ()
            own = section if self.apart and kind in ("pair", "team") else None
            self.participants.setdefault(
                ident, Participant(ident, names_found, kind, side, section=own)
            )
            try:
                total = number(row.get(total_column)) if total_column else None
                percent = number(row.get(percent_column)) if percent_column else None
                # bridgescore's own: VPs from outside the team's matches (a bye's)
                adjustment = number(known(row.get(ADJUSTMENT_COLUMN))) if kind == "team" else None
                if adjustment:
                    self.adjustments.append(VPAdjustment(ident, adjustment))
            except ValueError as error:
                self.problem(
                    line,
                    _("{text} is not a number", text=str(error)),
                    board_text,
                    "TotalScoreTable",
                    Severity.WARNING,
                )
                total = percent = None
            rank = known(row.get(rank_column))
            tie = known(row.get(tie_column))
            place = None if rank is None else (f"{rank}=" if tie is not None else rank)
            self.standings.append(PublishedStanding(ident, total, percent, place))

    def add_names(self, tables: Iterable[Table]) -> None:
        """Participants from ``Names_NS``/``Names_EW`` when no total table names them."""
        for table in tables:
            if "Names_NS" not in table.names and "Names_EW" not in table.names:
                continue
            for index, row in enumerate(table.rows):
                if (id(table), index) in self.misplaced:
                    continue  # left out, said where it was read
                ns, ew = self.ids(row)
                section = self.section_of(row) if self.apart else None
                for ident, cell in ((ns, row.get("Names_NS")), (ew, row.get("Names_EW"))):
                    if ident is not None and cell and ident not in self.participants:
                        self.participants[ident] = Participant(
                            ident, split_names(cell), "pair", section=section
                        )


def direction_of(text: str) -> str:
    """A TotalScoreTable's ``Direction`` as ``NS`` or ``EW``: ``N-S`` is North-South, any
    other (``E-W``, Ruter's Finnish ``Ö-V``, Swedish ``Ö-V``) East-West."""
    return "NS" if text.strip().upper().startswith("N") else "EW"


def _table_name(row: Mapping[str, Cell], section: str | None) -> str | None:
    """The table, with its section in front when the table has a ``Section`` column (or,
    sections scored apart, its game a ``[Section]``)."""
    table = known(row.get("Table"))
    return None if table is None else (section or "") + table


def _has_record(values: Mapping[str, str]) -> bool:
    return known(values.get("Contract")) is not None or known(values.get("Score")) is not None


def _side_name(first: str | None, second: str | None) -> str | None:
    a, b = known(first), known(second)
    if a and b:
        return a if a == b else f"{a} - {b}"
    return a or b


def _record_sides(values: Mapping[str, str]) -> tuple[str | None, str | None]:
    """Who sat North-South and East-West in a one-table record.

    ``[PairNS]``/``[PairEW]`` first; then the teams: ``[HomeTeam]`` sits North-South
    unless ``[Room "Closed"]`` (RealBridge writes the team sitting North-South at
    that table as the home team); then the players' names (one name for both
    players of a side, as JFR and BridgeComposer write pair or team names).
    """
    pair_ns, pair_ew = known(values.get("PairNS")), known(values.get("PairEW"))
    if pair_ns and pair_ew:
        return pair_ns, pair_ew
    home, visit = known(values.get("HomeTeam")), known(values.get("VisitTeam"))
    if home and visit:
        room = (known(values.get("Room")) or "").lower()
        return (visit, home) if room == "closed" else (home, visit)
    return (
        _side_name(values.get("North"), values.get("South")),
        _side_name(values.get("East"), values.get("West")),
    )


_EVENT_TAGS: Final = (
    "Event", "Site", "Date", "EventDate", "Scoring", "Competition", "Application", "HomeTeam",
    "VisitTeam", "Room",
)  # fmt: skip
"""The tags whose first known value in the document describes the event."""


def _first_tags(game: Game) -> dict[str, Tag]:
    """A game's first tag of each name (PBN reads the first of a repeated tag)."""
    first: dict[str, Tag] = {}
    for item in game.items:
        if isinstance(item, Tag) and item.name not in first:
            first[item.name] = item
    return first


def _survey(
    reader: _Reader, games: Iterable[Game]
) -> tuple[list[Table], list[Table], dict[str, str]]:
    """In one pass: every score table, every total table, and the first known value of each
    of :data:`_EVENT_TAGS` (the first game whose ``game.get(name)`` is known gives it)."""
    tables: list[Table] = []
    totals: list[Table] = []
    found: dict[str, str] = {}
    wanted = set(_EVENT_TAGS)
    for game in games:
        seen: set[str] = set()
        for item in game.items:
            if not isinstance(item, Tag):
                continue
            name = item.name
            if name == "ScoreTable":
                tables.append(reader.table(item))
            elif name == "TotalScoreTable":
                totals.append(reader.table(item))
            if name in wanted and name not in seen:
                seen.add(name)
                value = known(item.value)
                if value is not None:
                    found[name] = value
        for name, text in game.inherited:
            if name in wanted and name not in seen:
                seen.add(name)
                value = known(text)
                if value is not None:
                    found[name] = value
        if seen:
            wanted.difference_update(found)
    return tables, totals, found


def _id_scheme(
    tables: Sequence[Table], totals: Sequence[Table], howell: Callable[[str | None], bool]
) -> tuple[bool, bool]:
    """How pair ids must be written to be unique across the event.

    First: whether one id appears in two sections (ids become ``A1``, ``B1``).
    Second: whether an id meets itself on some row (Mitchell numbering, where
    North-South pair 1 and East-West pair 1 are different pairs: ``1NS``, ``1EW``), but
    in a section the file says is a ``howell``, where such a row is a pair meeting itself.
    """
    sections: dict[str, set[str]] = defaultdict(set)
    mitchell = False
    for table in (*tables, *totals):
        columns = [c for c in ("PairId_NS", "PairId_EW", "PairId") if c in table.names]
        for row in table.rows:
            ns, ew = known(row.get("PairId_NS")), known(row.get("PairId_EW"))
            section = known(row.get("Section"))
            mitchell = mitchell or (ns is not None and ns == ew and not howell(section))
            if section is None:
                continue
            for column in columns:
                ident = known(row.get(column))
                if ident is not None:
                    sections[ident].add(section)
    return any(len(found) > 1 for found in sections.values()), mitchell


def _field_kinds(reader: _Reader, games: Iterable[Game]) -> dict[str, FieldKind]:
    """How each section is ranked as the games' ``[Movement]`` says (bridgescore's own
    tag, :data:`~bridgescore.io.pbn._cells.MOVEMENT_TAG`; a
    :class:`~bridgescore.events.vocabulary.SectionMovement`), by the game's ``[Section]``
    (``''`` without one). A word that is not a movement is a warning once, at its first
    line, and the section is ranked as its results show; a game that says another
    movement than an earlier one of its section (a Howell where it says a Mitchell) is an
    error at its line naming the earlier one's. Each section's movement, and where it is
    first said, goes into ``reader.movements``."""
    found: dict[str, tuple[SectionMovement, int | None]] = {}
    unknown: set[tuple[str, str]] = set()
    for game in games:
        word = known(game.get(MOVEMENT_TAG))
        if word is None:
            continue
        tag = game.tag(MOVEMENT_TAG)
        line = tag.line if tag is not None else game.line
        board = known(game.get("Board"))
        section = known(game.get("Section")) or ""
        try:
            movement = SectionMovement.parse(word)
        except BridgeInputError as error:
            if (section, word) not in unknown:
                unknown.add((section, word))
                said = _(
                    "{error}; ranked as its results show", error=in_section(section, error.message)
                )
                reader.problem(line, said, board, MOVEMENT_TAG, Severity.WARNING)
            continue
        first, first_line = found.setdefault(section, (movement, line))
        where = Location(reader.source, line, board=board, tag=MOVEMENT_TAG, shown="[{}]")
        reader.movements.setdefault(section, (movement, where))
        if first is not movement:
            reader.problem(
                line, _differs(section, movement, first, first_line), board, MOVEMENT_TAG
            )
    return {section: movement.field for section, (movement, _line) in found.items()}


def _differs(
    section: str, movement: SectionMovement, first: SectionMovement, line: int | None
) -> Message:
    """Why a game's ``[Movement]`` is refused: an earlier game of its section (at
    ``line``) says the other movement."""
    if not section:
        return _(
            "the field's movement is {movement} here and {first} at line {line}: a field has"
            " one movement",
            movement=movement.value,
            first=first.value,
            line=line,
        )
    return _(
        "section {letter}'s movement is {movement} here and {first} at line {line}: a section"
        " has one movement",
        letter=section,
        movement=movement.value,
        first=first.value,
        line=line,
    )


def _sections_apart(reader: _Reader, games: Iterable[Game]) -> bool:
    """Whether the file's sections were scored apart, each compared only within itself:
    its games give each section's results of a board a traveller of their own (a
    ``[ScoreTable]`` under each game's ``[Section]``, two sections or more), or its
    ``[TotalScoreTable]`` ranks each section on its own (:func:`ranked_apart`). A board's
    one table holding every section's rows, ranked across the field (Ruter, and
    BridgeComposer's, which ranks none), is one field, as before. A file written while
    one section only has results (bridgescore's, of a session under way) has that
    section's travellers under its ``[Section]`` and a total table naming the others:
    apart too, the others with their pairs or teams and no result yet."""
    tagged: set[str] = set()
    listed: set[str] = set()
    places: list[tuple[str, str | None, str | None]] = []
    for game in games:
        section = known(game.get("Section"))
        for item in game.items:
            if not isinstance(item, Tag):
                continue
            if item.name == "ScoreTable" and section is not None:
                tagged.add(section)
            elif item.name == "TotalScoreTable":
                table = reader.table(item)
                if "Section" not in table.names:
                    continue
                listed.update(f for f in map(known, table.column("Section")) if f is not None)
                if "Rank" not in table.names:
                    continue
                for row in table.rows:
                    found = known(row.get("Section"))
                    direction = known(row.get("Direction"))
                    if found is not None:
                        side = None if direction is None else direction_of(direction)
                        places.append((found, side, known(row.get("Rank"))))
    return len(tagged) > 1 or (bool(tagged) and len(tagged | listed) > 1) or ranked_apart(places)


def to_event(
    document: PBNDocument, *, laws: str | None = None, strict: bool | None = None
) -> Event:
    """The event a PBN document describes: result rows, deals, and what its program published.

    Rows come from each game's ``[ScoreTable]`` (one row per table line) or, in a
    game without one, from its own ``[Contract]``/``[Declarer]``/``[Result]``
    (or ``[Score]``). Problems (the document's own, and every row that cannot be
    read or checked) are in ``event.results.problems``. ``strict`` raises a
    :class:`PBNError` at the first problem instead, warnings included, as strict
    reading means in every reader; ``laws`` and ``strict`` default to what
    :func:`~bridgescore.io.pbn.load` was told.
    """
    event = _to_event(document, document.laws if laws is None else laws)
    if document.strict if strict is None else strict:
        problems = list(event.results.problems)
        for game in document.games:  # and text after a tag with no section data
            problems += stray_text(game, document.source)
        if problems:
            raise problem_error(min(problems, key=lambda p: p.line or 0))
    return event


def _to_event(document: PBNDocument, laws: str) -> Event:
    reader = _Reader(document, laws)
    tables, totals, first = _survey(reader, document.games)
    reader.kind = event_kind(document, tables, first)
    reader.scoring = event_scoring(document, first, reader.kind)
    if reader.kind == EventKind.PAIRS:
        reader.field_kinds = _field_kinds(reader, document.games)
    reader.qualify, reader.mitchell = _id_scheme(tables, totals, reader.howell)
    reader.apart = reader.kind in (EventKind.PAIRS, EventKind.TEAMS) and _sections_apart(
        reader, document.games
    )
    for game in document.games:
        tags = _first_tags(game)
        if tags:
            reader.add_game(game, tags)
    reader.game_section = None
    if not totals:
        reader.add_names(tables)
    if reader.matches:
        reader.problem(
            None,
            _(
                "{count} match table(s) (TeamId_Home, TeamId_Away, MatchDetails, VP_Home,"
                " VP_Away) are not mapped: the event model has no match results; see"
                " team_matches()",
                count=reader.matches,
            ),
            severity=Severity.WARNING,
        )
    teams = reader.kind == EventKind.TEAMS
    try:
        scoring = Scoring.parse(reader.scoring)
    except BridgeInputError:
        scoring = Scoring.IMPS if teams else Scoring.MATCHPOINTS
        reader.problem(
            None,
            _(
                "[Scoring {scoring!r}] is not a scoring bridgescore knows: scored as"
                " {used} (--scoring chooses another)",
                scoring=reader.scoring,
                used=scoring.value,
            ),
            severity=Severity.WARNING,
        )
    seen: set[tuple[int | None, str, str | None]] = set()
    problems: list[Problem] = []
    for found in (*document.problems, *reader.problems):
        key = (found.line, found.message, found.tag)
        if key in seen:
            continue
        seen.add(key)
        problems.append(found)
    problems.extend(check_rows(reader.rows, laws, teams=teams))
    problems.extend(
        howell_problems(
            reader.rows, reader.field_kinds, reader.participants.values(), reader.movements
        )
    )
    name = plain_title(first.get("Event") or document.meta.get("ContestName", ""))
    date = first.get("EventDate") or first.get("Date") or ""
    program = document.creator
    if not program:
        application = first.get("Application") or ""
        program = application.split(" - ")[0].strip()
    results = EventResults(tuple(reader.rows), tuple(problems), name, document.source, teams)
    return Event(
        results,
        name=name,
        date=_iso_date(date),
        site=first.get("Site") or "",
        kind=EventKind.parse(reader.kind),
        scoring=scoring,
        program=program,
        participants=tuple(reader.participants.values()),
        hands=dict(sorted(reader.hands.items())),
        analyses=dict(sorted(reader.analyses.items())),
        published=tuple(reader.published),
        standings=tuple(reader.standings),
        adjustments=tuple(reader.adjustments) if reader.kind == EventKind.TEAMS else (),
        field_kinds=reader.field_kinds,
    )
