"""Proving a movement: every broken rule at once, and how evenly pairs are compared.

The checks (``docs/movements.md`` lists them with their sources):

* a pair in two places in one round;
* two pairs in one seat (a table listed twice in a round with different pairs);
* a board at two tables in one round, unless the board is declared shared;
* a board at a table and on the relay in the same round;
* a pair playing a board twice;
* boards played unequally often, unless factoring is declared;
* in a Mitchell, two pairs of the same line (NS meeting NS, EW meeting EW); a pair's
  line is its home line: the one its id names (``1NS``, ``12EW``: a number, then the
  line), else the line of its first seat, so arrow-switched rounds (EW pairs sitting
  NS) are no problem;
* two pairs meeting twice when the movement promises once (outside declared revenge rounds);
* a pair scheduled for fewer than 70 % of the boards in use (the EBU's rule).

The last is a rule for planning a movement (:data:`PLANNING_ONLY`): a movement put back
together from results already played (``played=True``: a pair that left, a session cut
short) is held only to the rules without which its results could not be scored.
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Callable, Iterable, Mapping, Sequence
from collections.abc import Set as AbstractSet
from dataclasses import dataclass
from typing import TYPE_CHECKING, Final

from bridgescore.core.notation import notated_pair, notated_pairs
from bridgescore.errors import Gettext, Message, Notated
from bridgescore.errors import marked as _
from bridgescore.events.movements.boards import board_text

if TYPE_CHECKING:
    from bridgescore.events.movements.model import Movement

SEVENTY_PERCENT: Final = (7, 10)
"""The EBU's least share of the boards in use a pair must be scheduled to play."""

PLANNING_ONLY: Final = frozenset({"under-70-percent"})
"""The codes of the rules for planning a movement, not for one its results show played:
a pair that left, or a session stopped early, plays fewer boards, and its results are
scored all the same."""

_LINE_ID: Final = re.compile(r"[A-Z]?\d+(NS|EW)")
"""A Mitchell pair id that names its home line: a number (after its section's letter in a
field in sections, ``A3NS``), then NS or EW."""


def boards_said(boards: Iterable[int]) -> Message:
    """``board 5``, ``boards 1-3``, ``boards 1, 4`` (:func:`~.boards.boards_phrase`) marked
    for the catalogue."""
    shown = board_text(boards)
    if "," in shown or "-" in shown:
        return _("boards {boards}", boards=shown)
    return _("board {boards}", boards=shown)


def _own_pair(pair: str) -> str:
    return pair


def _own_table(table: int) -> int | str:
    return table


@dataclass(frozen=True, slots=True)
class Labels:
    """How a movement's problems name its pairs and tables: by its own ids and numbers
    (:data:`OWN`), or as a field in sections names a section's (``A2EW``, table ``A3``:
    :attr:`~.sections.Section.labels`)."""

    pair: Callable[[str], str] = _own_pair
    table: Callable[[int], int | str] = _own_table

    def label(self, table: int | None) -> int | str | None:
        """A problem's table as these labels name it, when not by its number (``A3``)."""
        return None if table is None or self.table is _own_table else self.table(table)


OWN: Final = Labels()
"""A movement's pairs and tables named by its own ids and numbers (``2EW``, table 3)."""


def _home_line(pair: str, seat: str) -> str:
    """A pair's line in a Mitchell: the one its id names, else ``seat`` (its first seat's)."""
    named = _LINE_ID.fullmatch(pair)
    return named.group(1) if named else seat


@dataclass(frozen=True, slots=True)
class Problem:
    """One broken rule: where (1-based round, table; None when movement-wide) and what
    (a message marked for the catalogue: ``str()`` is English, :meth:`translated` any
    language)."""

    code: str
    message: Message
    round: int | None = None
    table: int | None = None
    label: int | str | None = None
    """The table as the problem names it, when not by its number (``A3``: :class:`Labels`)."""

    def __str__(self) -> str:
        return self.said.render()

    def translated(self, gettext: Gettext | None) -> str:
        """The problem, its round and table in front, in ``gettext``'s language."""
        return self.said.render(gettext)

    @property
    def said(self) -> Message:
        """The problem with its round and table in front: ``round 2, table 3: ...``."""
        table = self.table if self.label is None else self.label
        if self.round is not None and table is not None:
            return _(
                "round {round}, table {table}: {problem}",
                round=self.round,
                table=table,
                problem=self.message,
            )
        if self.round is not None:
            return _("round {round}: {problem}", round=self.round, problem=self.message)
        if table is not None:
            return _("table {table}: {problem}", table=table, problem=self.message)
        return self.message


def find_problems(
    movement: Movement, *, played: bool = False, labels: Labels = OWN
) -> list[Problem]:
    """Every broken rule of ``movement``, in round order, then rule order; ``played``:
    ``movement`` is the one results already played show, so the rules for planning one
    (:data:`PLANNING_ONLY`) do not apply; ``labels``: how its pairs and tables are named
    (a section's as the field names them: ``pair A2EW``, ``table A3``), each pair in its
    reader's notation where a problem is shown (``pair A2IL`` to a Finnish reader)."""
    table_of = labels.table

    def pair_of(pair: str) -> Notated:
        return notated_pair(labels.pair(pair))

    found: list[Problem] = []
    played_where: dict[tuple[str, int], tuple[int, int]] = {}
    met: dict[frozenset[str], tuple[int, int]] = {}
    line: dict[str, str] = {}
    plays: dict[int, int] = defaultdict(int)
    pair_boards: dict[str, set[int]] = defaultdict(set)
    for number, rnd in enumerate(movement.rounds, start=1):
        places: dict[str, list[tuple[Message, int | None]]] = defaultdict(list)
        seats: dict[tuple[int, str], list[str]] = defaultdict(list)
        board_tables: dict[int, list[int]] = defaultdict(list)
        for tbl in rnd.tables:
            shown = table_of(tbl.table)
            places[tbl.ns].append((_("NS at table {table}", table=shown), tbl.table))
            places[tbl.ew].append((_("EW at table {table}", table=shown), tbl.table))
            for direction, pair in (("NS", tbl.ns), ("EW", tbl.ew)):
                if pair not in seats[(tbl.table, direction)]:
                    seats[(tbl.table, direction)].append(pair)
            for board in tbl.boards:
                if tbl.table not in board_tables[board]:
                    board_tables[board].append(tbl.table)
        for pair in rnd.sit_outs:
            places[pair].append((_("sitting out"), None))
        for pair, where in places.items():
            if len(where) > 1:
                said, table = in_two_places(where)
                found.append(
                    Problem(
                        "pair-twice",
                        _(
                            "pair {pair} is in two places: {places}",
                            pair=pair_of(pair),
                            places=said,
                        ),
                        number,
                        table,
                        labels.label(table),
                    )
                )
        for (table, direction), pairs in seats.items():
            if len(pairs) > 1:
                held = notated_pairs(map(labels.pair, pairs))
                found.append(
                    Problem(
                        "seat-twice",
                        _("NS seat holds pairs {pairs}", pairs=held)
                        if direction == "NS"
                        else _("EW seat holds pairs {pairs}", pairs=held),
                        number,
                        table,
                        labels.label(table),
                    )
                )
        found.extend(
            misplaced_boards(number, board_tables, rnd.relay, movement.shared, labels=labels)
        )
        for tbl in rnd.tables:
            for board in tbl.boards:
                plays[board] += 1
                for pair in (tbl.ns, tbl.ew):
                    pair_boards[pair].add(board)
            for pair in (tbl.ns, tbl.ew):
                repeats = [b for b in tbl.boards if (pair, b) in played_where]
                if repeats:
                    first_round, first_table = played_where[(pair, repeats[0])]
                    found.append(
                        Problem(
                            "board-twice",
                            _(
                                "pair {pair} plays {boards} again"
                                " (first in round {round} at table {table})",
                                pair=pair_of(pair),
                                boards=boards_said(repeats),
                                round=first_round,
                                table=table_of(first_table),
                            ),
                            number,
                            tbl.table,
                            labels.label(tbl.table),
                        )
                    )
                for board in tbl.boards:
                    played_where.setdefault((pair, board), (number, tbl.table))
            line.setdefault(tbl.ns, _home_line(tbl.ns, "NS"))
            line.setdefault(tbl.ew, _home_line(tbl.ew, "EW"))
            if movement.kind == "mitchell" and line[tbl.ns] == line[tbl.ew]:
                found.append(
                    Problem(
                        "same-line",
                        _(
                            "NS pair {ns} meets NS pair {ew} in a Mitchell",
                            ns=pair_of(tbl.ns),
                            ew=pair_of(tbl.ew),
                        )
                        if line[tbl.ns] == "NS"
                        else _(
                            "EW pair {ns} meets EW pair {ew} in a Mitchell",
                            ns=pair_of(tbl.ns),
                            ew=pair_of(tbl.ew),
                        ),
                        number,
                        tbl.table,
                        labels.label(tbl.table),
                    )
                )
            key = frozenset((tbl.ns, tbl.ew))
            if (
                key in met
                and movement.meet_once
                and number not in movement.revenge_rounds
                and tbl.ns != tbl.ew
            ):
                first_round, first_table = met[key]
                found.append(
                    Problem(
                        "meet-twice",
                        _(
                            "pairs {ns} and {ew} meet again (first in round {round} at table"
                            " {table})",
                            ns=pair_of(tbl.ns),
                            ew=pair_of(tbl.ew),
                            round=first_round,
                            table=table_of(first_table),
                        ),
                        number,
                        tbl.table,
                        labels.label(tbl.table),
                    )
                )
            met.setdefault(key, (number, tbl.table))
    found.extend(unequal_sets(plays, factored=movement.factored))
    in_use = len(plays)
    least, out_of = SEVENTY_PERCENT
    for pair in movement.pairs:
        scheduled = len(pair_boards[pair])
        if scheduled * out_of < in_use * least:
            found.append(
                Problem(
                    "under-70-percent",
                    _(
                        "pair {pair} is scheduled for {scheduled} of the {in_use} boards in use,"
                        " fewer than 70 %",
                        pair=pair_of(pair),
                        scheduled=scheduled,
                        in_use=in_use,
                    ),
                )
            )
    if played:
        return [p for p in found if p.code not in PLANNING_ONLY]
    return found


def in_two_places(where: Sequence[tuple[Message, int | None]]) -> tuple[Message, int | None]:
    """The places one pair or player holds in a round, said together, and the table the
    problem is shown at (the last place that is a table)."""
    labels = join_messages([label for label, _table in where])
    return labels, next((t for _label, t in reversed(where) if t is not None), None)


def misplaced_boards(
    number: int,
    board_tables: Mapping[int, Sequence[int]],
    relay: Iterable[int],
    shared: AbstractSet[int],
    *,
    labels: Labels = OWN,
) -> list[Problem]:
    """Round ``number``'s boards at two tables (unless ``shared``) and boards both on the
    relay and at a table; ``board_tables`` holds each board's tables in seating order,
    named as ``labels`` name them."""
    found: list[Problem] = []
    clashes: dict[tuple[int, ...], list[int]] = defaultdict(list)
    for board, tables in board_tables.items():
        if len(tables) > 1 and board not in shared:
            clashes[tuple(tables)].append(board)
    for seated, boards in clashes.items():
        found.append(
            Problem(
                "board-at-two-tables",
                _(
                    "{boards} at tables {tables} (sharing not declared)",
                    boards=boards_said(boards),
                    tables=", ".join(str(labels.table(t)) for t in seated),
                ),
                number,
                seated[1],
                labels.label(seated[1]),
            )
        )
    relayed = sorted(set(relay) & set(board_tables))
    if relayed:
        found.append(
            Problem(
                "board-on-relay",
                _("{boards} both on the relay and at a table", boards=boards_said(relayed)),
                number,
                board_tables[relayed[0]][0],
                labels.label(board_tables[relayed[0]][0]),
            )
        )
    return found


def unequal_sets(plays: Mapping[int, int], *, factored: bool) -> list[Problem]:
    """Boards played fewer times than the others, unless the movement declares factoring;
    ``plays`` counts how often each board is played."""
    counts = sorted(set(plays.values()))
    if len(counts) <= 1 or factored:
        return []
    most = counts[-1]
    fewer = sorted(b for b, n in plays.items() if n < most)
    return [
        Problem(
            "unequal-sets",
            _(
                "{boards} played fewer times than the others ({most})"
                " and factoring is not declared",
                boards=boards_said(fewer),
                most=most,
            ),
        )
    ]


def join_messages(parts: Sequence[Message]) -> Message:
    """Messages joined by commas (``NS at table 3, sitting out``), each translated."""
    fields = {f"part{i}": part for i, part in enumerate(parts)}
    return Message(", ".join("{" + name + "}" for name in fields), **fields)
