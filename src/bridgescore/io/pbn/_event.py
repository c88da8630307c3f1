"""PBN documents to and from the event model (:class:`bridgescore.events.model.Event`)."""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Final

from bridgescore.core._tokens import quote
from bridgescore.core.contract import PASSED_OUT, Contract, PassedOut, TableResult
from bridgescore.core.hands import Hands
from bridgescore.core.seats import Seat
from bridgescore.core.vulnerability import BoardInfo, Vulnerability
from bridgescore.duplicate.adjusted import (
    NOT_PLAYED,
    Adjusted,
    AdjustedCode,
    Award,
    NotPlayed,
)
from bridgescore.errors import BridgeError, BridgeInputError
from bridgescore.events.conventions import converted_by
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
    check_rows,
    partnership_id,
)
from bridgescore.io.pbn._checks import game_facts, parse_sided
from bridgescore.io.pbn._model import (
    Game,
    PBNDocument,
    PBNProblem,
    Tag,
    pbn_problem,
    problem_error,
)
from bridgescore.io.pbn._tables import Cell, Column, Table, format_cell
from bridgescore.io.rows import (
    Field,
    RawResult,
    build_result,
    cached_ns_score,
    parse_adjusted,
    raw_field,
    side_award,
)
from bridgescore.io.text import plain_title

_SCORING_WORDS: Final = {
    "mp": "mp", "matchpoints": "mp", "matchpoint": "mp", "mp1": "mp", "mp2": "mp",
    "emp": "mp", "imp": "imps", "imps": "imps", "imp_1948": "imps", "imp_1961": "imps",
    "bam": "bam", "teams": "imps", "chicago": "chicago", "rubber": "rubber",
    "cavendish": "cavendish", "instant": "instant", "cross-imp": "cross-imps",
    "cross-imps": "cross-imps", "butler": "butler",
}  # fmt: skip
_SCORING_TAGS: Final = {
    "mp": "MP", "acbl": "MP", "imps": "IMP", "butler": "IMP;Butler",
    "cross-imps": "IMP;Cross", "bam": "BAM", "vp": "IMP",
}  # fmt: skip
_COMPETITION: Final = {"pairs": "Pairs", "teams": "Teams", "individual": "Individuals"}
_IMP_FAMILY: Final = frozenset({"imps", "butler", "cross-imps"})
_NUMBER_RE: Final = re.compile(r"^[+-]?\d+(?:\.\d+)?$")
_SCORE_RE: Final = re.compile(r"^[+-]?[0-9]{1,8}$")
_TOTAL_COLUMNS: Final = (
    "TotalScoreMP", "TotalScoreIMP", "TotalScoreVP", "TotalMP", "TotalIMP", "TotalVP",
    "TotalScore",
)  # fmt: skip
_DATE_RE: Final = re.compile(r"^(\d{4})\.(\d{2})\.(\d{2})$")


def scoring_of(text: str) -> str:
    """The event model's scoring name for a PBN ``[Scoring]`` value (``'IMP;Butler-2'``...)."""
    fields = [f.strip().lower() for f in text.split(";") if f.strip()]
    if not fields:
        return ""
    if any(f.startswith("butler") for f in fields):
        return "butler"
    if any(f.startswith("cross") for f in fields):
        return "cross-imps"
    return _SCORING_WORDS.get(fields[0], fields[0])


def _iso_date(text: str) -> str:
    match = _DATE_RE.match(text.strip())
    if match:
        return f"{match[1]}-{match[2]}-{match[3]}"
    return "" if text.strip() in ("", "?", "????.??.??") else text.strip()


def _pbn_date(text: str) -> str:
    match = re.match(r"^(\d{4})-(\d{2})-(\d{2})$", text.strip())
    if match:
        return f"{match[1]}.{match[2]}.{match[3]}"
    return text.strip() or "?"


def split_names(text: str) -> tuple[str, ...]:
    """Players' names from a ``Names`` cell: ``;`` between them (PBN), or `` - `` (Ruter)."""
    for separator in (";", " - "):
        if separator in text:
            return tuple(part.strip() for part in text.split(separator) if part.strip())
    return (text.strip(),) if text.strip() else ()


def _known(value: str | None) -> str | None:
    if value is None:
        return None
    stripped = value.strip()
    return None if stripped in ("", "?", "-") else stripped


def _number(cell: Cell) -> float | None:
    if cell is None:
        return None
    text = cell.strip().lstrip("^")
    if not _NUMBER_RE.match(text):
        raise ValueError(cell)
    return float(text)


@dataclass(frozen=True, slots=True)
class TeamMatch:
    """One match of a teams event as a match table gives it (Ruter's ``TeamId_Home`` table)."""

    round: str | None
    table: str | None
    home: str
    away: str
    home_imps: float | None = None
    away_imps: float | None = None
    home_vp: float | None = None
    away_vp: float | None = None
    line: int | None = field(default=None, compare=False)


def team_matches(document: PBNDocument) -> tuple[TeamMatch, ...]:
    """The matches of every match table (columns ``TeamId_Home``, ``TeamId_Away``...).

    ``MatchDetails`` is read as Ruter writes it, ``"200,<home IMPs>,<away IMPs>"``
    (what the leading number means is not documented; it is ignored).
    """
    found: list[TeamMatch] = []
    for game in document.games:
        for tag in game.tags_named("ScoreTable"):
            table = tag.table()
            if table.index("TeamId_Home") is None:
                continue
            for offset, row in zip(table.row_lines, table.rows, strict=True):
                home_imps = away_imps = None
                details = row.get("MatchDetails")
                if details:
                    parts = details.split(",")
                    try:
                        if len(parts) >= 3:
                            home_imps, away_imps = float(parts[-2]), float(parts[-1])
                    except ValueError:
                        pass
                try:
                    home_vp, away_vp = _number(row.get("VP_Home")), _number(row.get("VP_Away"))
                except ValueError:
                    home_vp = away_vp = None
                found.append(
                    TeamMatch(
                        row.get("Round"),
                        row.get("Table"),
                        row.get("TeamId_Home") or "",
                        row.get("TeamId_Away") or "",
                        home_imps,
                        away_imps,
                        home_vp,
                        away_vp,
                        None if tag.section_line is None else tag.section_line + offset,
                    )
                )
    return tuple(found)


# --- reading ---------------------------------------------------------------------------------


def _adjusted_text(text: str) -> Adjusted | NotPlayed:
    """An adjusted score for both sides in one cell (``A+A-``, ``A60A40``, ``A+/A-``,
    ``A6040``, ``A`` for average both, ``NP``), read by the row kernel's rules; one side's
    award alone (``A+``) is refused: PBN writes the other side's in the next cell."""
    folded = text.strip()
    if re.fullmatch(r"A[+-]|A?\d+(?:\.\d+)?%?", folded, re.IGNORECASE) and not re.fullmatch(
        r"A\d{4}", folded, re.IGNORECASE
    ):
        raise BridgeInputError(
            f"{quote(text)}: an adjusted score for one side only; give both (A+ A-, A60 A40, A+A-)"
        )
    return parse_adjusted(folded)


_BYE = "bye"


def _score_entry(ns: Cell, ew: Cell) -> int | Adjusted | NotPlayed | str | None:
    """What the ``Score_NS``/``Score_EW`` cells say; raises ``BridgeInputError``."""
    given = [_known(ns), _known(ew)]
    texts = [t for t in given if t is not None]
    if not texts:
        return None
    if any(t.lower() == _BYE for t in texts):
        return _BYE
    ns_text, ew_text = (t.lstrip("^") if t else t for t in given)
    ns_num = ns_text is not None and _SCORE_RE.match(ns_text) is not None
    ew_num = ew_text is not None and _SCORE_RE.match(ew_text) is not None
    if ns_num and ew_num:
        assert ns_text is not None
        assert ew_text is not None
        if int(ns_text) != -int(ew_text):
            raise BridgeInputError(f"Score_NS {ns_text} and Score_EW {ew_text} disagree")
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
            f"score {quote(shown)} is neither points nor an adjusted score (A+, A-, A60...)"
        ) from None


def _tricks_of(contract: Contract, text: str) -> int:
    if text.isdigit():
        return int(text)
    return TableResult.parse(f"{contract.format(declarer=False)} {text}").tricks or 0


@dataclass(slots=True)
class _Reader:
    document: PBNDocument
    laws: str
    rows: list[ResultRow] = field(default_factory=list)
    published: list[Published | None] = field(default_factory=list)
    problems: list[PBNProblem] = field(default_factory=list)
    hands: dict[int, Hands] = field(default_factory=dict)
    participants: dict[str, Participant] = field(default_factory=dict)
    standings: list[PublishedStanding] = field(default_factory=list)
    kind: str = "pairs"
    scoring: str = "mp"
    qualify: bool = False
    mitchell: bool = False
    matches: int = 0
    parsed: dict[int, Table] = field(default_factory=dict)
    problem_lines: set[int | None] = field(default_factory=set)

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
        message: str,
        board: str | None = None,
        tag: str | None = None,
        severity: Severity = Severity.ERROR,
    ) -> None:
        self.problems.append(pbn_problem(self.source, line, message, board, tag, severity))
        self.problem_lines.add(line)

    def point_columns(self, names: Sequence[str], individual: bool) -> tuple[str, str] | None:
        if self.scoring == "mp":
            order = ("MP", "Percentage", "IMP")
        elif self.scoring in _IMP_FAMILY:
            order = ("IMP", "MP", "Percentage")
        else:
            order = ("MP", "IMP", "Percentage")
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
        board_text = values.get("Board")
        line = game.line
        for name, message, severity in facts.problems:
            tag = first.get(name)
            self.problem(tag.line if tag else line, message, board_text, name, severity)
        tables = game.tags_named("ScoreTable") if "ScoreTable" in first else ()
        result_tables = [t for t in tables if self.table(t).index("TeamId_Home") is None]
        self.matches += len(tables) - len(result_tables)
        if "TotalScoreTable" in first:
            for tag in game.tags_named("TotalScoreTable"):
                self.add_totals(tag, board_text)
        needs_board = bool(result_tables) or _has_record(values)
        if facts.board is None:
            if needs_board and not any(p[0] == "Board" for p in facts.problems):
                self.problem(line, "no board number: its results are left out", board_text, "Board")
            return
        board = facts.board
        vulnerability = facts.vulnerability or BoardInfo.of(board).vulnerability
        if facts.hands is not None:
            known = self.hands.setdefault(board, facts.hands)
            if known != facts.hands:
                tag = first.get("Deal")
                self.problem(
                    tag.line if tag else line,
                    f"board {board} is dealt differently here than in an earlier game;"
                    " the first deal is kept",
                    board_text,
                    "Deal",
                    Severity.WARNING,
                )
        if result_tables:
            for tag in result_tables:
                self.add_table(tag, board, board_text, vulnerability)
            return
        self.add_record(game, first, values, facts.result, facts.ns_score, board, vulnerability)

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
            if _known(values.get("Contract")) is not None and line not in self.problem_lines:
                self.problem(
                    line,
                    "a contract without a result (or [Score]) is not a result; left out",
                    board_text,
                    "Result",
                    Severity.WARNING,
                )
            return
        ns, ew = _record_sides(values)
        if not ns or not ew:
            self.problem(
                line,
                "no way to tell who played (no [PairNS]/[PairEW], [HomeTeam]/[VisitTeam] or"
                " player names); the result is left out",
                board_text,
            )
            return
        if result is not None:
            ns_score = cached_ns_score(result, vulnerability, self.laws)
            if result.passed_out and "Auction" not in first and _known(values.get("Score")) is None:
                self.problem(
                    line,
                    "passed out with no auction and no [Score]: perhaps not played",
                    board_text,
                    "Contract",
                    Severity.WARNING,
                )
        round_text = values.get("Round")
        stage = _known(values.get("Stage"))
        if _known(round_text) is None and stage is not None and stage.isdigit():
            round_text = stage  # a numbered stage stands for the round
        round_number = self.round_of(round_text, line, board_text)
        table = _known(values.get("Table")) or _known(values.get("Room"))
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
        known = _known(text)
        if known is None:
            return None
        if known.isdigit():
            return int(known)
        self.problem(
            line,
            f"round {known!r} is not a number; left out of the row",
            board,
            "Round",
            Severity.WARNING,
        )
        return None

    def record_points(
        self, values: Mapping[str, str], line: int | None, board: str | None
    ) -> Published | None:
        if self.scoring == "mp":
            order = ("ScoreMP", "ScorePercentage", "ScoreIMP")
        elif self.scoring in _IMP_FAMILY:
            order = ("ScoreIMP", "ScoreMP", "ScorePercentage")
        else:
            order = ("ScoreMP", "ScoreIMP", "ScorePercentage")
        for name in order:
            text = _known(values.get(name))
            if text is None:
                continue
            try:
                ns, ew, own = parse_sided(text)
            except ValueError:
                self.problem(line, f"{text!r} is not a score", board, name)
                return None
            if own is not None:
                self.problem(
                    line,
                    f"{text!r} does not say whose points they are; write 'NS 4 EW -4'",
                    board,
                    name,
                    Severity.WARNING,
                )
                return None
            if name == "ScoreIMP":
                ns = -ew if ns is None and ew is not None else ns
                ew = -ns if ew is None and ns is not None else ew
            return Published(ns, ew)
        return None

    def ids(self, row: Mapping[str, Cell]) -> tuple[str | None, str | None]:
        ns, ew = _known(row.get("PairId_NS")), _known(row.get("PairId_EW"))
        section = _known(row.get("Section"))
        if self.qualify and section:
            ns = None if ns is None else section + ns
            ew = None if ew is None else section + ew
        if self.mitchell:
            ns = None if ns is None else ns + "NS"
            ew = None if ew is None else ew + "EW"
        return ns, ew

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
        for offset, row in zip(table.row_lines, table.rows, strict=True):
            line = first + offset
            try:
                self.add_table_row(row, board, board_text, vulnerability, line, individual, points)
            except BridgeError as error:
                self.problem(line, f"{error}; the row is left out", board_text, "ScoreTable")

    def add_table_row(
        self,
        row: Mapping[str, Cell],
        board: int,
        board_text: str | None,
        vulnerability: Vulnerability,
        line: int,
        individual: bool,
        points: tuple[str, str] | None,
    ) -> None:
        players: tuple[str, str, str, str] | None = None
        ns: str | None
        ew: str | None
        if individual:
            seats = [_known(row.get(f"PlayerId_{s}")) for s in ("North", "East", "South", "West")]
            if all(seats):
                north, east, south, west = (s or "" for s in seats)
                players = (north, east, south, west)
                ns, ew = partnership_id(north, south), partnership_id(east, west)
            else:
                ns = ew = None
        else:
            ns, ew = self.ids(row)
        entry = _score_entry(row.get("Score_NS"), row.get("Score_EW"))
        if entry == _BYE or ns is None or ew is None:
            if entry != _BYE and _known(row.get("Contract")) is not None:
                raise BridgeInputError("a result without both pairs' ids")
            sitting = [x for x in (ns, ew) if x is not None]
            who = f"pair {sitting[0]}" if sitting else "a pair"
            shown = ""
            if points is not None:
                figures = [row.get(points[0]), row.get(points[1])]
                given = [f for f in figures if _known(f) is not None]
                if given:
                    shown = f"; the {given[0]} it is given there is not kept"
            self.problem(
                line,
                f"{who} sits out (Bye): not a result{shown}",
                board_text,
                "ScoreTable",
                Severity.WARNING,
            )
            return
        where = Location(self.source, line, board=board_text, tag="ScoreTable", shown="[{}]")
        contract_text = _known(row.get("Contract"))
        score: Field | None = None
        adjusted: Field | None = None
        score_name = "Score_NS" if _known(row.get("Score_NS")) is not None else "Score_EW"
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
            declarer=raw_field("Declarer", _known(row.get("Declarer")), where),
            tricks=raw_field("Result", _known(row.get("Result")), where),
            score=score,
            adjusted=adjusted,
            round=self.round_of(row.get("Round"), line, board_text),
            table=_table_name(row),
            players=players,
        )
        built = build_result(raw, laws=self.laws)
        self.problems.extend(built.problems)
        if built.row is None:
            return
        self.rows.append(built.row)
        self.published.append(self.table_points(row, points, line, board_text))

    def table_result(self, contract: Contract | PassedOut, row: Mapping[str, Cell]) -> TableResult:
        if isinstance(contract, PassedOut):
            return TableResult(PASSED_OUT, None)
        declarer_text = _known(row.get("Declarer"))
        result_text = _known(row.get("Result"))
        if declarer_text is None and contract.declarer is None:
            raise BridgeInputError(f"{contract} has no declarer")
        if result_text is None:
            raise BridgeInputError(f"{contract} has no result")
        declarer = contract.declarer or Seat.parse(declarer_text or "")
        return TableResult(contract.by(declarer), _tricks_of(contract, result_text))

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
            ns, ew = _number(row.get(points[0])), _number(row.get(points[1]))
        except ValueError as error:
            self.problem(
                line, f"{error} is not a number of points", board, "ScoreTable", Severity.WARNING
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
        name_column = next((n for n in ("Names", "TeamName", "Name") if n in names), None)
        total_column = next((n for n in _TOTAL_COLUMNS if n in names), None)
        percent_column = next(
            (n for n in ("TotalPercentage", "MeanPercentage") if n in names), None
        )
        for offset, row in zip(table.row_lines, table.rows, strict=True):
            line = first + offset
            ident = _known(row.get(id_column))
            if ident is None:
                self.problem(
                    line, f"a row without a {id_column}; left out", board_text, "TotalScoreTable"
                )
                continue
            section = _known(row.get("Section"))
            if self.qualify and section:
                ident = section + ident
            if self.mitchell and kind == "pair":
                direction = (_known(row.get("Direction")) or "").upper()
                ident += "NS" if direction.startswith("N") else "EW"
            names_found = split_names(row.get(name_column) or "") if name_column else ()
            self.participants.setdefault(ident, Participant(ident, names_found, kind))
            try:
                total = _number(row.get(total_column)) if total_column else None
                percent = _number(row.get(percent_column)) if percent_column else None
            except ValueError as error:
                self.problem(
                    line,
                    f"{error} is not a number",
                    board_text,
                    "TotalScoreTable",
                    Severity.WARNING,
                )
                total = percent = None
            rank = _known(row.get("Rank"))
            tie = _known(row.get("RankTie"))
            place = None if rank is None else (f"{rank}=" if tie is not None else rank)
            self.standings.append(PublishedStanding(ident, total, percent, place))

    def add_names(self, tables: Iterable[Table]) -> None:
        """Participants from ``Names_NS``/``Names_EW`` when no total table names them."""
        for table in tables:
            if "Names_NS" not in table.names and "Names_EW" not in table.names:
                continue
            for row in table.rows:
                ns, ew = self.ids(row)
                for ident, cell in ((ns, row.get("Names_NS")), (ew, row.get("Names_EW"))):
                    if ident is not None and cell and ident not in self.participants:
                        self.participants[ident] = Participant(ident, split_names(cell), "pair")


def _table_name(row: Mapping[str, Cell]) -> str | None:
    """The table, with its section in front when the table has a ``Section`` column."""
    table = _known(row.get("Table"))
    section = _known(row.get("Section"))
    return None if table is None else (section or "") + table


def _has_record(values: Mapping[str, str]) -> bool:
    return _known(values.get("Contract")) is not None or _known(values.get("Score")) is not None


def _side_name(first: str | None, second: str | None) -> str | None:
    a, b = _known(first), _known(second)
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
    pair_ns, pair_ew = _known(values.get("PairNS")), _known(values.get("PairEW"))
    if pair_ns and pair_ew:
        return pair_ns, pair_ew
    home, visit = _known(values.get("HomeTeam")), _known(values.get("VisitTeam"))
    if home and visit:
        room = (_known(values.get("Room")) or "").lower()
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
                value = _known(item.value)
                if value is not None:
                    found[name] = value
        for name, text in game.inherited:
            if name in wanted and name not in seen:
                seen.add(name)
                value = _known(text)
                if value is not None:
                    found[name] = value
        if seen:
            wanted.difference_update(found)
    return tables, totals, found


def _kind(document: PBNDocument, tables: Sequence[Table], first: Mapping[str, str]) -> str:
    competition = (first.get("Competition") or "").lower()
    if competition.startswith("team"):
        return "teams"
    if competition.startswith("indiv"):
        return "individual"
    if competition.startswith("pair"):
        return "pairs"
    contest = document.meta.get("ContestType", "")
    if contest in ("1", "2", "4"):
        return {"1": "individual", "2": "pairs", "4": "teams"}[contest]
    if any(first.get(n) for n in ("HomeTeam", "VisitTeam", "Room")):
        return "teams"
    if any("PlayerId_North" in t.names for t in tables):
        return "individual"
    return "pairs"


def _id_scheme(tables: Sequence[Table], totals: Sequence[Table]) -> tuple[bool, bool]:
    """How pair ids must be written to be unique across the event.

    First: whether one id appears in two sections (ids become ``A1``, ``B1``).
    Second: whether an id meets itself on some row (Mitchell numbering, where
    North-South pair 1 and East-West pair 1 are different pairs: ``1NS``, ``1EW``).
    """
    sections: dict[str, set[str]] = defaultdict(set)
    mitchell = False
    for table in (*tables, *totals):
        columns = [c for c in ("PairId_NS", "PairId_EW", "PairId") if c in table.names]
        for row in table.rows:
            ns, ew = _known(row.get("PairId_NS")), _known(row.get("PairId_EW"))
            mitchell = mitchell or (ns is not None and ns == ew)
            section = _known(row.get("Section"))
            if section is None:
                continue
            for column in columns:
                ident = _known(row.get(column))
                if ident is not None:
                    sections[ident].add(section)
    return any(len(found) > 1 for found in sections.values()), mitchell


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
    if (document.strict if strict is None else strict) and event.results.problems:
        first = min(event.results.problems, key=lambda p: p.line or 0)
        raise problem_error(first)
    return event


def _to_event(document: PBNDocument, laws: str) -> Event:
    reader = _Reader(document, laws)
    tables, totals, first = _survey(reader, document.games)
    reader.kind = _kind(document, tables, first)
    scoring_text = first.get("Scoring") or document.meta.get("ScoringType", "")
    reader.scoring = scoring_of(scoring_text) or ("imps" if reader.kind == "teams" else "mp")
    reader.qualify, reader.mitchell = _id_scheme(tables, totals)
    for game in document.games:
        tags = _first_tags(game)
        if tags:
            reader.add_game(game, tags)
    if not totals:
        reader.add_names(tables)
    if reader.matches:
        reader.problem(
            None,
            f"{reader.matches} match table(s) (TeamId_Home, TeamId_Away, MatchDetails, VP_Home,"
            " VP_Away) are not mapped: the event model has no match results; see team_matches()",
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
    teams = reader.kind == "teams"
    problems.extend(check_rows(reader.rows, laws, teams=teams))
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
        kind=reader.kind,
        scoring=reader.scoring,
        program=program,
        participants=tuple(reader.participants.values()),
        hands=dict(sorted(reader.hands.items())),
        published=tuple(reader.published),
        standings=tuple(reader.standings),
    )


# --- writing ---------------------------------------------------------------------------------


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
    declarer, result, ``Score_NS``/``Score_EW``; ``Table`` and ``Round`` when the
    rows have them; ``MP_NS``/``MP_EW`` or ``IMP_NS``/``IMP_EW`` from ``points``,
    one per row, by default ``event.published``; ``Names_NS``/``Names_EW`` from
    ``event.participants``). The first game also has a ``[TotalScoreTable]``
    when ``event.standings`` is given.
    """
    rows = event.results.rows
    figures: Sequence[Published | None] = event.published if points is None else points
    if figures and len(figures) != len(rows):
        raise BridgeInputError(
            f"{len(figures)} points for {len(rows)} rows: give one (or None) per row"
        )
    unit = "MP" if event.scoring in ("mp", "acbl") else "IMP"
    with_points = any(f is not None for f in figures)
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
    if with_points:
        columns += [f"{unit}_NS", f"{unit}_EW"]
    if with_names:
        columns += ["Names_NS", "Names_EW"]
    text_columns = {"Table", "Contract", "Declarer", "Names_NS", "Names_EW"}

    by_board: dict[int, list[int]] = defaultdict(list)
    for index, row in enumerate(rows):
        by_board[row.board].append(index)
    boards = sorted(set(by_board) | set(event.hands))
    scoring = _SCORING_TAGS.get(event.scoring, event.scoring or "?")
    competition = _COMPETITION.get(event.kind, event.kind.title())
    games: list[Game] = []
    for number, board in enumerate(boards):
        info = BoardInfo.of(board)
        indices = by_board.get(board, [])
        vulnerability = rows[indices[0]].vulnerability if indices else info.vulnerability
        deal = event.hands.get(board)
        cells: list[list[Cell]] = []
        for index in indices:
            row = rows[index]
            line: list[Cell] = []
            if "Table" in columns:
                line.append(row.table)
            if "Round" in columns:
                line.append(None if row.round is None else str(row.round))
            if individual:
                line += list(row.players) if row.players else [None] * 4
            else:
                line += [row.ns, row.ew]
            line += _row_cells(row)
            if with_points:
                figure = figures[index] if figures else None
                ns_points = None if figure is None else figure.ns_points
                ew_points = None if figure is None else figure.ew_points
                line += [
                    None if ns_points is None else _num(ns_points),
                    None if ew_points is None else _num(ew_points),
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
            Tag("Vulnerable", "All" if vulnerability is Vulnerability.BOTH else str(vulnerability)),
            Tag("Deal", "?" if deal is None else deal.to_pbn(info.dealer)),
            Tag("Scoring", scoring),
            Tag("Declarer", ""),
            Tag("Contract", ""),
            Tag("Result", ""),
            Tag("Competition", competition),
        ]
        if cells:
            table = _layout(columns, cells, text_columns)
            tags.append(Tag("ScoreTable", table.spec, table.format_lines()))
        if number == 0 and event.standings:
            tags.append(_totals(event, unit, names))
        games.append(Game(tuple(tags)))
    if not games and event.standings:
        tags = [
            Tag("Event", event.name or "?"),
            Tag("Site", event.site or "?"),
            Tag("Date", _pbn_date(event.date)),
            Tag("Scoring", scoring),
            Tag("Competition", competition),
            _totals(event, unit, names),
        ]
        games.append(Game(tuple(tags)))
    return PBNDocument(tuple(games), (*_HEADER, _creator(event)), "utf-8", newline)


def _totals(event: Event, unit: str, names: Mapping[str, tuple[str, ...]]) -> Tag:
    kind = event.kind
    id_column = {"teams": "TeamId", "individual": "PlayerId"}.get(kind, "PairId")
    total_unit = "VP" if kind == "teams" else unit
    columns = ["Rank", "RankTie", id_column, f"TotalScore{total_unit}", "TotalPercentage", "Names"]
    cells: list[list[Cell]] = []
    for standing, (rank, tie) in zip(event.standings, _ranks(event.standings), strict=True):
        cells.append(
            [
                rank,
                tie,
                standing.id,
                None if standing.total is None else _num(standing.total),
                None if standing.percent is None else _num(standing.percent),
                ";".join(names.get(standing.id, ())) or None,
            ]
        )
    table = _layout(columns, cells, {"Names", id_column})
    return Tag("TotalScoreTable", table.spec, table.format_lines())
