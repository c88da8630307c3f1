"""Swiss pairing: each round drawn from the standings by maximum-weight matching.

The draw is the perfect matching (after the bye, in an odd field) that, in this order:

1. has no rematch the rules forbid (when none can be avoided, a ``MovementError``
   names the entrants, unless ``SwissRules.if_stuck`` allows the fewest);
2. gives the bye to the lowest-placed entrant without a previous bye for whom the
   others can be paired so;
3. has the least sum of squared distances in the standings over its tables;
4. has the fewest rematches the rules allow;
5. keeps the higher tables closest (the least sum of distance x entrants below the
   higher-placed one).

``networkx.max_weight_matching`` (Edmonds' blossom algorithm, maximum cardinality)
finds it on a sparse graph that provably holds every optimal pairing, which is
what makes a field of 500 quick (``docs/swiss.md`` gives the proof): two entrants
``D`` places apart are joined only if ``D`` is at most 2 plus the count of
forbidden opponents, of either of them, within reach. A perfect matching that
is optimal never contains a longer edge, because one of the ``D - 1`` entrants
between the two could then be swapped with one of them for a pairing strictly
closer in the standings.
"""

from __future__ import annotations

import json
import math
from bisect import bisect_left, bisect_right
from collections import defaultdict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import TYPE_CHECKING, Final

from bridgescore.errors import MarkedText, Message, as_message, listed
from bridgescore.errors import marked as _
from bridgescore.events.movements.model import MovementError, Round, Table, json_data
from bridgescore.events.movements.problems import Problem

SHOWN_REASONS: Final = 3
"""How many passed-over entrants an explanation names before "and N more"."""


class Rematches(StrEnum):
    """When two entrants may meet again (the EBU White Book 3.6.3's remedies for over-swissing)."""

    NEVER = "never"
    TWICE = "twice"
    LATE = "late"
    SESSIONS = "sessions"
    DANISH = "danish"

    def __repr__(self) -> str:
        return f"Rematches.{self.name}"

    @classmethod
    def parse(cls, text: str) -> Rematches:
        """Read a rule by its exact name (any case); an unknown one lists the accepted names."""
        try:
            return cls(text.strip().lower())
        except ValueError:
            accepted = ", ".join(k.value for k in cls)
            raise MovementError(
                _(
                    "unknown rematch rule {text!r}: use one of {accepted}",
                    text=text,
                    accepted=accepted,
                )
            ) from None


@dataclass(frozen=True, slots=True)
class SwissRules:
    """Which rematches a draw may have.

    * ``never``: no two entrants meet twice;
    * ``twice``: two entrants may meet a second time, never a third;
    * ``late``: they may meet again once ``late_after`` rounds have passed since they
      last met (met in round 2, ``late_after=3``: again from round 5);
    * ``sessions``: meetings in an earlier session do not count; ``session_starts``
      are the first rounds of the later sessions;
    * ``danish``: 1st v 2nd, 3rd v 4th, ... whoever has met.

    ``if_stuck``: when no draw within the rules exists, draw the one with the fewest
    rematches outside them (each is explained) instead of raising ``MovementError``.
    """

    rematches: Rematches = Rematches.NEVER
    late_after: int | None = None
    session_starts: tuple[int, ...] = ()
    if_stuck: bool = False

    def __post_init__(self) -> None:
        if not isinstance(self.rematches, Rematches):
            raise MovementError(
                _("rematches must be a Rematches rule, got {rule!r}", rule=self.rematches)
            )
        late = self.rematches is Rematches.LATE
        if late != (self.late_after is not None):
            raise MovementError(
                _(
                    "late_after is needed with late rematches and only with them,"
                    " got {late_after!r} with {rule!r}",
                    late_after=self.late_after,
                    rule=self.rematches.value,
                )
            )
        if self.late_after is not None and (
            isinstance(self.late_after, bool)
            or not isinstance(self.late_after, int)
            or self.late_after < 1
        ):
            raise MovementError(
                _(
                    "late_after must be a whole number of rounds from 1, got {late_after!r}",
                    late_after=self.late_after,
                )
            )
        sessions = self.rematches is Rematches.SESSIONS
        if sessions != bool(self.session_starts):
            raise MovementError(
                _(
                    "session_starts is needed with session rematches and only with them,"
                    " got {starts!r} with {rule!r}",
                    starts=self.session_starts,
                    rule=self.rematches.value,
                )
            )
        starts = list(self.session_starts)
        if any(
            isinstance(s, bool) or not isinstance(s, int) or s < 2 for s in starts
        ) or starts != (sorted(set(starts))):
            raise MovementError(
                _(
                    "session_starts must be rounds from 2 in increasing order, got {starts!r}",
                    starts=self.session_starts,
                )
            )

    def allows(self, met_in: Sequence[int], round_no: int) -> bool:
        """Whether two entrants who met in rounds ``met_in`` may meet in ``round_no``."""
        if not met_in:
            return True
        if self.rematches is Rematches.DANISH:
            return True
        if self.rematches is Rematches.TWICE:
            return len(met_in) < 2
        if self.rematches is Rematches.LATE:
            assert self.late_after is not None
            return round_no - max(met_in) >= self.late_after
        if self.rematches is Rematches.SESSIONS:
            start = max((s for s in self.session_starts if s <= round_no), default=1)
            return max(met_in) < start
        return False

    def describe(self) -> Message:
        """The rule in words, for explanations (``str()`` of it is English)."""
        if self.rematches is Rematches.LATE:
            return _(
                "rematches are allowed {rounds} rounds after a meeting", rounds=self.late_after
            )
        if self.rematches is Rematches.SESSIONS:
            return _("meetings in an earlier session do not count")
        if self.rematches is Rematches.TWICE:
            return _("entrants may meet twice")
        if self.rematches is Rematches.DANISH:
            return _("Danish pairing")
        return _("no rematches")


@dataclass(frozen=True, slots=True)
class Standing:
    """One entrant in the standings before the round: its id, score and place (1 = top).

    ``opponents`` are its opponents in rounds 1, 2, ... (``None`` for a round without
    one: a bye, or not yet entered); ``had_bye`` says whether it has had the bye.
    ``place`` defaults to the position in the standings; equal places show as ``=3rd``.
    """

    entrant: str
    score: float
    place: int | None = None
    opponents: tuple[str | None, ...] = ()
    had_bye: bool = False

    def __post_init__(self) -> None:
        if not isinstance(self.entrant, str) or not self.entrant.strip():
            raise MovementError(
                _("entrant id must be non-empty text, got {entrant!r}", entrant=self.entrant)
            )
        if (
            isinstance(self.score, bool)
            or not isinstance(self.score, int | float)
            or not math.isfinite(self.score)
        ):
            raise MovementError(
                _(
                    "entrant {entrant}: score must be a number, got {score!r}",
                    entrant=self.entrant,
                    score=self.score,
                )
            )
        if self.place is not None and (
            isinstance(self.place, bool) or not isinstance(self.place, int) or self.place < 1
        ):
            raise MovementError(
                _(
                    "entrant {entrant}: place must be a whole number from 1, got {place!r}",
                    entrant=self.entrant,
                    place=self.place,
                )
            )
        if not isinstance(self.opponents, tuple):
            raise MovementError(
                _(
                    "entrant {entrant}: opponents must be a tuple, got {opponents!r}",
                    entrant=self.entrant,
                    opponents=self.opponents,
                )
            )
        for number, opponent in enumerate(self.opponents, start=1):
            if opponent is not None and (not isinstance(opponent, str) or not opponent.strip()):
                raise MovementError(
                    _(
                        "entrant {entrant}, round {number}: opponent must be an entrant id"
                        " or None, got {opponent!r}",
                        entrant=self.entrant,
                        number=number,
                        opponent=opponent,
                    )
                )
            if opponent == self.entrant:
                raise MovementError(
                    _(
                        "entrant {entrant}, round {number}: listed as its own opponent",
                        entrant=self.entrant,
                        number=number,
                    )
                )


def _kept(text: str, stored: object) -> str:
    """A stored reason: its English text, keeping the message stored beside it (a draw
    stored before messages were kept, or a damaged one, keeps the text alone)."""
    if stored is None:
        return text
    try:
        return MarkedText(Message.from_data(stored))
    except ValueError:
        return text


@dataclass(frozen=True, slots=True)
class Pairing:
    """One table of the draw: the higher-placed entrant first, and why these two meet."""

    table: int
    higher: str
    lower: str
    why: str


@dataclass(frozen=True, slots=True)
class Draw:
    """A Swiss round's draw: its tables (table 1 at the top) and the bye, each explained."""

    round: int
    pairings: tuple[Pairing, ...]
    bye: str | None = None
    bye_why: str | None = None

    def to_dict(self) -> dict[str, object]:
        """The JSON-ready form: the round, each table's pairing with its reason, the bye."""
        return {
            "round": self.round,
            "pairings": [
                {
                    "table": p.table,
                    "higher": p.higher,
                    "lower": p.lower,
                    "why": str(p.why),
                    "why_message": as_message(p.why).to_data(),
                }
                for p in self.pairings
            ],
            "bye": self.bye,
            "bye_why": None if self.bye_why is None else str(self.bye_why),
            "bye_why_message": None if self.bye_why is None else as_message(self.bye_why).to_data(),
        }

    def to_json(self) -> str:
        return json.dumps(self.to_dict())

    @classmethod
    def from_json(cls, text: str) -> Draw:
        """Read the JSON form; bad input raises :class:`MovementError` naming the field."""
        return cls.from_dict(json_data(text))

    @classmethod
    def from_dict(cls, data: object) -> Draw:
        """Read the JSON-ready form (what :meth:`to_dict` gives)."""
        if not isinstance(data, Mapping):
            raise MovementError(_("a draw must be a JSON object, got {data!r}", data=data))
        round_no = data.get("round")
        if not isinstance(round_no, int) or isinstance(round_no, bool) or round_no < 1:
            raise MovementError(
                _("field 'round' must be a round number, got {round!r}", round=round_no)
            )
        listed = data.get("pairings")
        if not isinstance(listed, list):
            raise MovementError(
                _("field 'pairings' must be a list, got {pairings!r}", pairings=listed)
            )
        pairings = []
        for number, item in enumerate(listed, start=1):
            if not isinstance(item, Mapping):
                raise MovementError(
                    _("pairing {number} must be an object, got {item!r}", number=number, item=item)
                )
            table = item.get("table")
            if not isinstance(table, int) or isinstance(table, bool) or table < 1:
                raise MovementError(
                    _("pairing {number}: field 'table' must be a table number", number=number)
                )
            texts = [item.get(key) for key in ("higher", "lower", "why")]
            for key, value in zip(("higher", "lower", "why"), texts, strict=True):
                if not isinstance(value, str) or (key != "why" and not value.strip()):
                    raise MovementError(
                        _(
                            "pairing {number}: field {key!r} must be text, got {value!r}",
                            number=number,
                            key=key,
                            value=value,
                        )
                    )
            higher, lower, why = (str(t) for t in texts)
            pairings.append(Pairing(table, higher, lower, _kept(why, item.get("why_message"))))
        bye, bye_why = data.get("bye"), data.get("bye_why")
        for key, value in (("bye", bye), ("bye_why", bye_why)):
            if value is not None and not isinstance(value, str):
                raise MovementError(
                    _("field {key!r} must be text or null, got {value!r}", key=key, value=value)
                )
        if isinstance(bye_why, str):
            bye_why = _kept(bye_why, data.get("bye_why_message"))
        return cls(round_no, tuple(pairings), bye, bye_why)

    def to_round(self, boards: tuple[int, ...]) -> Round:
        """The draw as a movement round: higher-placed entrant North-South, the bye sits out."""
        return Round(
            tables=tuple(Table(p.table, p.higher, p.lower, boards) for p in self.pairings),
            sit_outs=() if self.bye is None else (self.bye,),
        )

    def problems(
        self, standings: Sequence[Standing], rules: SwissRules | None = None
    ) -> list[Problem]:
        """Every broken rule of this draw for these standings (empty when it is sound).

        Codes: ``unknown-entrant``, ``entrant-twice``, ``entrant-missing``, ``bye-needless``
        (a bye in an even field), ``bye-twice`` (to an entrant who has had one while
        another has not), ``table-numbers`` and ``rematch`` (outside the rules).
        """
        rules = rules or SwissRules()
        found: list[Problem] = []
        known = {s.entrant: s for s in standings}
        seen: dict[str, Message] = {}

        def place(entrant: str, where: Message, table: int | None) -> None:
            if entrant not in known:
                found.append(
                    Problem(
                        "unknown-entrant",
                        _("{entrant} is not in the standings", entrant=entrant),
                        self.round,
                        table,
                    )
                )
            if entrant in seen:
                found.append(
                    Problem(
                        "entrant-twice",
                        _(
                            "{entrant} is in two places: {first}, {second}",
                            entrant=entrant,
                            first=seen[entrant],
                            second=where,
                        ),
                        self.round,
                        table,
                    )
                )
            seen.setdefault(entrant, where)

        numbers = [p.table for p in self.pairings]
        if numbers != list(range(1, len(numbers) + 1)):
            found.append(
                Problem(
                    "table-numbers",
                    _("tables are numbered {numbers}, not 1 up", numbers=numbers),
                    self.round,
                )
            )
        met = _meetings(standings)
        for pairing in self.pairings:
            at_table = _("table {table}", table=pairing.table)
            place(pairing.higher, at_table, pairing.table)
            place(pairing.lower, at_table, pairing.table)
            rounds = met.get(frozenset((pairing.higher, pairing.lower)), [])
            if rounds and not rules.allows(rounds, self.round):
                found.append(
                    Problem(
                        "rematch",
                        _(
                            "{higher} and {lower} met in round {rounds} ({rule})",
                            higher=pairing.higher,
                            lower=pairing.lower,
                            rounds=", ".join(map(str, rounds)),
                            rule=rules.describe(),
                        ),
                        self.round,
                        pairing.table,
                    )
                )
        if self.bye is not None:
            place(self.bye, _("the bye"), None)
            if len(known) % 2 == 0:
                found.append(
                    Problem(
                        "bye-needless",
                        _("{entrant} has a bye in an even field", entrant=self.bye),
                        self.round,
                    )
                )
            given = known.get(self.bye)
            if given is not None and given.had_bye and not all(s.had_bye for s in standings):
                found.append(
                    Problem(
                        "bye-twice",
                        _(
                            "{entrant} has a second bye while others have had none",
                            entrant=self.bye,
                        ),
                        self.round,
                    )
                )
        for entrant in known:
            if entrant not in seen:
                found.append(
                    Problem(
                        "entrant-missing",
                        _("{entrant} is neither paired nor on the bye", entrant=entrant),
                        self.round,
                    )
                )
        return found


if TYPE_CHECKING:
    import networkx as nx


def _meetings(standings: Sequence[Standing]) -> dict[frozenset[str], list[int]]:
    """The rounds in which each two entrants of the standings met."""
    known = {s.entrant for s in standings}
    met: dict[frozenset[str], list[int]] = {}
    for standing in standings:
        for number, opponent in enumerate(standing.opponents, start=1):
            if opponent is not None and opponent in known and standing.entrant < opponent:
                met.setdefault(frozenset((standing.entrant, opponent)), []).append(number)
    return met


def _check(standings: Sequence[Standing], round_no: int | None) -> int:
    if isinstance(standings, str) or not isinstance(standings, Sequence):
        raise MovementError(
            _("standings must be a list of Standing, got {standings!r}", standings=standings)
        )
    for item in standings:
        if not isinstance(item, Standing):
            raise MovementError(_("standings must hold Standing values, got {item!r}", item=item))
    if len(standings) < 2:
        raise MovementError(
            _("a Swiss round needs at least 2 entrants, got {count}", count=len(standings))
        )
    seen: set[str] = set()
    for standing in standings:
        if standing.entrant in seen:
            raise MovementError(
                _(
                    "entrant {entrant} is listed twice in the standings",
                    entrant=standing.entrant,
                )
            )
        seen.add(standing.entrant)
    played = max(len(s.opponents) for s in standings)
    if round_no is None:
        round_no = played + 1
    if isinstance(round_no, bool) or not isinstance(round_no, int) or round_no < 1:
        raise MovementError(
            _("round_no must be a whole number from 1, got {round!r}", round=round_no)
        )
    for standing in standings:
        if len(standing.opponents) != round_no - 1:
            raise MovementError(
                _(
                    "entrant {entrant}: {given} rounds of opponents, expected {expected}"
                    " before round {round} (None for a round without one)",
                    entrant=standing.entrant,
                    given=len(standing.opponents),
                    expected=round_no - 1,
                    round=round_no,
                )
            )
    places = [s.place for s in standings if s.place is not None]
    if places != sorted(places):
        raise MovementError(
            _("standings must be in order of place, got places {places}", places=places)
        )
    by_id = {s.entrant: s for s in standings}
    for standing in standings:
        for number, opponent in enumerate(standing.opponents, start=1):
            other = by_id.get(opponent) if opponent is not None else None
            if other is not None and other.opponents[number - 1] != standing.entrant:
                raise MovementError(
                    _(
                        "round {number}: {entrant} lists {opponent} as its opponent,"
                        " but {opponent} lists {listed}",
                        number=number,
                        entrant=standing.entrant,
                        opponent=opponent,
                        listed=other.opponents[number - 1],
                    )
                )
    return round_no


def _ordinal(number: int) -> Message:
    """``1st``, ``2nd``, ``11th``... (``1.`` in Finnish, ``1.º`` in Spanish)."""
    if 10 <= number % 100 <= 20 or number % 10 not in (1, 2, 3):
        return _("{number}th", number=number)
    if number % 10 == 1:
        return _("{number}st", number=number)
    if number % 10 == 2:
        return _("{number}nd", number=number)
    return _("{number}rd", number=number)


class _Field:
    """The standings as positions 0 (top) to n - 1, with labels and meetings."""

    def __init__(self, standings: Sequence[Standing], rules: SwissRules, round_no: int, unit: str):
        self.standings = list(standings)
        self.rules = rules
        self.round_no = round_no
        self.n = len(standings)
        self.index = {s.entrant: i for i, s in enumerate(standings)}
        places = [s.place if s.place is not None else i + 1 for i, s in enumerate(standings)]
        counts: dict[int, int] = {}
        for p in places:
            counts[p] = counts.get(p, 0) + 1
        score = [f"{s.score:g}" + (f" {unit}" if unit else "") for s in standings]
        self.short = [
            Message("{tie}{place}", tie="=" if counts[p] > 1 else "", place=_ordinal(p))
            for p in places
        ]
        self.label = [
            Message("{place} ({score})", place=self.short[i], score=score[i])
            for i in range(len(places))
        ]
        self.met: dict[tuple[int, int], list[int]] = {}
        for key, rounds in _meetings(standings).items():
            a, b = sorted(self.index[e] for e in key)
            self.met[(a, b)] = rounds
        self.forbidden: list[list[int]] = [[] for _entrant in range(self.n)]
        for (a, b), rounds in self.met.items():
            if not rules.allows(rounds, round_no):
                self.forbidden[a].append(b)
                self.forbidden[b].append(a)
        for row in self.forbidden:
            row.sort()

    def rounds(self, a: int, b: int) -> list[int]:
        return self.met.get((min(a, b), max(a, b)), [])

    def allowed(self, a: int, b: int) -> bool:
        return not self.rounds(a, b) or self.rules.allows(self.rounds(a, b), self.round_no)

    def weights(self) -> tuple[int, int, int]:
        """Scales that make one weight order pairings by squared distance, then
        allowed rematches, then closeness at the higher tables."""
        rematch = self.n**3 + 1  # more than any sum of the tie-break terms
        square = rematch * (self.n + 1)  # more than any sum of both other terms
        return square, rematch, 1

    def cost(self, a: int, b: int) -> int:
        square, rematch, tiebreak = self.weights()
        a, b = min(a, b), max(a, b)
        d = b - a
        return d * d * square + (rematch if self.rounds(a, b) else 0) + d * (self.n - a) * tiebreak

    def sparse_graph(self) -> nx.Graph[int]:
        """Every edge an optimal rematch-free pairing can use (see the module's docstring)."""
        slack = 1 + self.n % 2
        reach = 2 * max((len(f) for f in self.forbidden), default=0) + slack
        import networkx as nx

        graph: nx.Graph[int] = nx.Graph()
        graph.add_nodes_from(range(self.n))
        top = self.cost(0, self.n - 1) + 1
        for a in range(self.n):
            for b in range(a + 1, min(self.n, a + reach + 1)):
                d = b - a
                if not self.allowed(a, b):
                    continue
                if d > slack and d > slack + self._near(a, a - reach, b + reach) + self._near(
                    b, a - reach, b + reach
                ):
                    continue
                graph.add_edge(a, b, weight=top - self.cost(a, b))
        return graph

    def _near(self, entrant: int, low: int, high: int) -> int:
        row = self.forbidden[entrant]
        return bisect_right(row, high) - bisect_left(row, low)

    def full_graph(self) -> nx.Graph[int]:
        """Every pair, the forbidden rematches weighted to be used as few times as possible."""
        top = self.cost(0, self.n - 1) + 1
        penalty = top * (self.n + 1)
        import networkx as nx

        graph: nx.Graph[int] = nx.Graph()
        graph.add_nodes_from(range(self.n))
        for a in range(self.n):
            for b in range(a + 1, self.n):
                weight = top - self.cost(a, b) + (0 if self.allowed(a, b) else -penalty)
                graph.add_edge(a, b, weight=weight + penalty)
        return graph


def _match(
    field: _Field, graph: nx.Graph[int], drop: int | None, *, split: bool
) -> tuple[list[tuple[int, int]], list[int]]:
    """The maximum-weight maximum-cardinality matching without ``drop``, and who is unpaired.

    With ``split`` (a graph of allowed edges only) the field is first cut where no
    optimal draw crosses (see :func:`_parts`), and each part is matched on its own.
    """
    nodes = [v for v in range(field.n) if v != drop]
    parts = _parts(field, graph, nodes) if split else [nodes]
    pairs: list[tuple[int, int]] = []
    for part in parts:
        import networkx as nx

        piece: nx.Graph[int] = nx.Graph()
        piece.add_nodes_from(part)
        inside = set(part)
        piece.add_edges_from(
            (a, b, data) for a in part for b, data in graph.adj[a].items() if b in inside
        )
        for component in nx.connected_components(piece):
            if len(component) < 2:
                continue
            found = nx.max_weight_matching(piece.subgraph(component).copy(), maxcardinality=True)
            pairs.extend((min(a, b), max(a, b)) for a, b in found)
    paired = {v for p in pairs for v in p}
    return sorted(pairs), [v for v in nodes if v not in paired]


def _parts(field: _Field, graph: nx.Graph[int], nodes: list[int]) -> list[list[int]]:
    """``nodes`` (in standings order) cut into runs that an optimal draw pairs within.

    A cut with an even number of entrants above it is safe when, for every two
    disjoint edges of ``graph`` crossing it, the two upper entrants may meet and so
    may the two lower ones: a draw crossing the cut crosses it with at least two
    tables (the count above is even), and pairing their two upper entrants together
    and their two lower ones together is strictly closer, so no optimal draw crosses.
    """
    crossing: list[list[tuple[int, int]]] = [[] for _entrant in range(field.n)]
    for a, b in graph.edges:
        low, high = min(a, b), max(a, b)
        for cut in range(low, high):
            crossing[cut].append((low, high))
    parts: list[list[int]] = []
    current: list[int] = []
    for v in nodes:
        current.append(v)
        if len(current) % 2 == 0 and _safe(field, crossing[v]):
            parts.append(current)
            current = []
    if current:
        parts.append(current)
    return parts


def _safe(field: _Field, edges: list[tuple[int, int]]) -> bool:
    for k, (a, b) in enumerate(edges):
        for c, d in edges[k + 1 :]:
            if len({a, b, c, d}) == 4 and not (field.allowed(a, c) and field.allowed(b, d)):
                return False
    return True


def _bye_order(field: _Field) -> list[int]:
    """Bye candidates, lowest placed first: those without a bye (everyone, if all have had one)."""
    order = [i for i in reversed(range(field.n)) if not field.standings[i].had_bye]
    return order or list(reversed(range(field.n)))


def swiss_round(
    standings: Sequence[Standing],
    rules: SwissRules | None = None,
    round_no: int | None = None,
    *,
    unit: str = "VP",
) -> Draw:
    """Draw the next Swiss round from ``standings`` (top first); see the module's docstring.

    ``round_no`` defaults to one more than the rounds in the histories; ``unit`` is
    shown after scores in the explanations. Bad standings, or (rules ``never`` and
    not ``if_stuck``) a field that cannot be paired without a rematch, raise a
    ``MovementError`` naming the entrants.
    """
    rules = rules or SwissRules()
    if not isinstance(rules, SwissRules):
        raise MovementError(_("rules must be SwissRules, got {rules!r}", rules=rules))
    round_no = _check(standings, round_no)
    field = _Field(standings, rules, round_no, unit)
    odd = field.n % 2 == 1
    candidates: list[int | None] = list(_bye_order(field)) if odd else [None]
    if rules.rematches is Rematches.DANISH:
        bye = candidates[0]
        rest = [i for i in range(field.n) if i != bye]
        pairs = [(rest[k], rest[k + 1]) for k in range(0, len(rest), 2)]
        return _draw(field, pairs, bye, candidates)
    graph = field.sparse_graph()
    left: list[int] = []
    for bye in candidates:
        pairs, left = _match(field, graph, bye, split=True)
        if not left:
            return _draw(field, pairs, bye, candidates)
    if rules.if_stuck:
        bye = candidates[0]
        pairs, _left = _match(field, field.full_graph(), bye, split=False)
        return _draw(field, pairs, bye, candidates)
    names = ", ".join(field.standings[i].entrant for i in left)
    raise MovementError(
        _(
            "round {round}: no draw without a forbidden rematch ({rule}) exists;"
            " {names} could not be paired: allow rematches (a second meeting, a meeting again"
            " after some rounds, or Danish pairing), choose to draw the one with the fewest"
            " rematches when no draw keeps the rule, or add a late entrant",
            round=round_no,
            rule=rules.describe(),
            names=names,
        )
    )


DRAWS_AHEAD_TRIES: Final = 20_000
"""The most tables :func:`draws_ahead` tries before it stops looking (and says it could
not tell): enough for a club's field, bounded for a field of hundreds."""

DRAWS_AHEAD_TABLES: Final = 300
"""The most tables the rounds :func:`draws_ahead` draws in one try hold (each a step of
its search): the rounds left past them (in a field of hundreds) are not searched."""


def check_round_to_draw(drawn: int, rounds: int) -> None:
    """Refuse (:class:`MovementError`) another round's draw when every one of the
    Swiss's ``rounds`` is drawn (``drawn``)."""
    if drawn >= rounds:
        raise MovementError(
            _("all {rounds} rounds are drawn", rounds=rounds)
            if rounds > 1
            else _("the Swiss's only round is drawn")
        )


def check_change_round(from_round: int, drawn: int, rounds: int) -> None:
    """Refuse (:class:`MovementError`) a team leaving or joining a Swiss of ``rounds``
    rounds from round ``from_round`` unless that round is not drawn yet (``drawn``
    are), saying which rounds it can be: ``round 1 is drawn`` (never ``rounds 1-1``),
    ``only from round 3`` when one is left. A message has no plural forms, so each
    count that reads differently in English, Finnish or Spanish has its own."""
    check_round_to_draw(drawn, rounds)
    if drawn < from_round <= rounds:
        return
    values = {"drawn": drawn, "next": drawn + 1, "rounds": rounds, "asked": from_round}
    if drawn == 1 and rounds == 2:
        message = _("round 1 is drawn: a team can leave or join only from round 2, not {asked}",
                    **values)  # fmt: skip
    elif drawn == 1:
        message = _("round 1 is drawn: a team can leave or join from round 2 to {rounds},"
                    " not {asked}", **values)  # fmt: skip
    elif drawn + 1 == rounds:
        message = _("rounds 1-{drawn} are drawn: a team can leave or join only from round"
                    " {next}, not {asked}", **values)  # fmt: skip
    else:
        message = _("rounds 1-{drawn} are drawn: a team can leave or join from round {next}"
                    " to {rounds}, not {asked}", **values)  # fmt: skip
    raise MovementError(message)


@dataclass(frozen=True, slots=True)
class DrawsAhead:
    """What the Swiss rounds still to draw can do, given who has met whom: the rounds
    (``first`` to ``last``), how many entrants each draws (an odd count has a bye), and
    whether all of them can be drawn without a rematch the rules forbid (``clear``:
    ``True`` a way was found, ``False`` none exists, ``None`` the search gave up).
    ``short`` names the entrants who have fewer opponents they may still meet (and a bye
    they may still get) than rounds left: each of them is bound to meet someone again."""

    first: int
    counts: tuple[int, ...]
    clear: bool | None
    short: tuple[str, ...] = ()

    @property
    def last(self) -> int:
        return self.first + len(self.counts) - 1

    @property
    def byes(self) -> tuple[int, ...]:
        """The rounds left with a bye (an odd count)."""
        return tuple(self.first + k for k, n in enumerate(self.counts) if n % 2)

    @property
    def rematch_forced(self) -> bool:
        """Whether a later draw is bound to have a rematch the rules forbid."""
        return self.clear is False


class _GiveUpError(Exception):
    """The search for draws ahead tried its most tables."""


def draws_ahead(
    drawn: Sequence[Draw], rounds: Sequence[Sequence[str]], rules: SwissRules | None = None
) -> DrawsAhead:
    """Whether the rounds still to draw can each be drawn without a rematch ``rules``
    forbid, given the rounds ``drawn`` so far (round 1 first) and the entrants drawn in
    each round left (``rounds``: the next round's first; an entrant that has left or comes
    later is in the rounds it plays only). A round with an odd count has a bye, given as
    :func:`swiss_round` gives it: to an entrant without one, while there is one. The
    search tries every way to draw the rounds (whatever the standings will be), up to
    :data:`DRAWS_AHEAD_TRIES` tables, over the rounds that hold at most
    :data:`DRAWS_AHEAD_TABLES` tables together (a field of hundreds: the first rounds
    left only; past them it cannot tell); Danish pairing is never stuck."""
    rules = rules or SwissRules()
    if not isinstance(rules, SwissRules):
        raise MovementError(_("rules must be SwissRules, got {rules!r}", rules=rules))
    first = len(drawn) + 1
    counts = tuple(len(set(r)) for r in rounds)
    if not rounds:
        return DrawsAhead(first, counts, True)
    if any(len(set(r)) != len(r) or len(r) < 2 for r in rounds):
        raise MovementError(_("each round left needs two entrants or more, each once"))
    met: dict[frozenset[str], list[int]] = {}
    byes: set[str] = set()
    for number, draw in enumerate(drawn, start=1):
        for p in draw.pairings:
            met.setdefault(frozenset((p.higher, p.lower)), []).append(number)
        if draw.bye is not None:
            byes.add(draw.bye)
    if rules.rematches is Rematches.DANISH:
        return DrawsAhead(first, counts, True)
    short = _short(met, byes, rounds, rules, first)
    if short:
        return DrawsAhead(first, counts, False, short)
    # as many rounds as fit the search; when they cannot be drawn, neither can all
    searched = 0
    tables = 0
    while searched < len(rounds) and tables + len(rounds[searched]) // 2 <= DRAWS_AHEAD_TABLES:
        tables += len(rounds[searched]) // 2
        searched += 1
    if searched == 0:
        return DrawsAhead(first, counts, None)
    rounds = rounds[:searched]
    tries = [0]

    def barred(entrants: Sequence[str], round_no: int) -> dict[str, set[str]]:
        """Whom each entrant may not meet in ``round_no``: of those it has met, the ones
        the rules keep it from meeting again (few, so the search counts them)."""
        here = set(entrants)
        found: dict[str, set[str]] = {e: set() for e in entrants}
        for key, rounds_met in met.items():
            a, b = tuple(key)
            if a in here and b in here and not rules.allows(rounds_met, round_no):
                found[a].add(b)
                found[b].add(a)
        return found

    def pair(left: list[str], k: int, bar: Mapping[str, set[str]]) -> bool:
        """Pair ``left`` in round ``k`` (``bar``: whom each may not meet in it; a table
        drawn in the round changes no one else's), the entrant with the fewest choices
        first."""
        if not left:
            return draw_round(k + 1)
        round_no = first + k
        here = set(left)
        a = max(left, key=lambda e: len(bar[e] & here))
        for b in left:
            if b == a or b in bar[a]:
                continue
            tries[0] += 1
            if tries[0] > DRAWS_AHEAD_TRIES:
                raise _GiveUpError
            key = frozenset((a, b))
            met.setdefault(key, []).append(round_no)
            found = pair([e for e in left if e not in (a, b)], k, bar)
            met[key].pop()
            if not met[key]:
                del met[key]
            if found:
                return True
        return False

    def draw_round(k: int) -> bool:
        if k == len(rounds):
            return True
        entrants = list(dict.fromkeys(rounds[k]))
        bar = barred(entrants, first + k)
        if len(entrants) % 2 == 0:
            return pair(entrants, k, bar)
        candidates = [e for e in entrants if e not in byes] or entrants
        for bye in candidates:
            fresh = bye not in byes
            byes.add(bye)
            found = pair([e for e in entrants if e != bye], k, bar)
            if fresh:
                byes.discard(bye)
            if found:
                return True
        return False

    try:
        found = draw_round(0)
    except _GiveUpError:
        return DrawsAhead(first, counts, None)
    return DrawsAhead(first, counts, found if not found or searched == len(counts) else None)


def _short(
    met: Mapping[frozenset[str], Sequence[int]],
    byes: set[str],
    rounds: Sequence[Sequence[str]],
    rules: SwissRules,
    first: int,
) -> tuple[str, ...]:
    """The entrants drawn in every round left (never, twice) that have fewer meetings
    the rules still allow, and byes they may still get, than rounds left."""
    if rules.rematches not in (Rematches.NEVER, Rematches.TWICE):
        return ()
    most = 1 if rules.rematches is Rematches.NEVER else 2
    sets = [set(r) for r in rounds]
    odd = [r for r in sets if len(r) % 2]
    # the byes come round again once every entrant has had one: then any may get several
    again = len(odd) > len(set().union(*odd) - byes)
    times: dict[str, dict[str, int]] = defaultdict(dict)
    for key, rounds_met in met.items():
        a, b = tuple(key)
        times[a][b] = times[b][a] = len(rounds_met)
    found = []
    for entrant in dict.fromkeys(e for r in rounds for e in r):
        own = [r for r in sets if entrant in r]
        others = set().union(*own) - {entrant}
        used = sum(min(most, n) for o, n in times[entrant].items() if o in others)
        meetings = most * len(others) - used
        left = len(own)
        own_odd = sum(1 for r in odd if entrant in r)
        bye = own_odd if again else min(own_odd, int(entrant not in byes))
        if meetings + bye < left:
            found.append(entrant)
    return tuple(sorted(found))


def _draw(
    field: _Field,
    pairs: list[tuple[int, int]],
    bye: int | None,
    candidates: list[int | None],
) -> Draw:
    partner: dict[int, int] = {}
    for a, b in pairs:
        partner[a], partner[b] = b, a
    pairings = tuple(
        Pairing(
            table=t,
            higher=field.standings[a].entrant,
            lower=field.standings[b].entrant,
            why=_why(field, a, b, partner, bye),
        )
        for t, (a, b) in enumerate(sorted(pairs), start=1)
    )
    if bye is None:
        return Draw(round=field.round_no, pairings=pairings)
    return Draw(
        round=field.round_no,
        pairings=pairings,
        bye=field.standings[bye].entrant,
        bye_why=_bye_why(field, bye, candidates),
    )


def _why(field: _Field, a: int, b: int, partner: dict[int, int], bye: int | None) -> str:
    """Why these two meet, in words (English text that keeps its marked message)."""
    return MarkedText(_why_message(field, a, b, partner, bye))


def _why_message(
    field: _Field, a: int, b: int, partner: dict[int, int], bye: int | None
) -> Message:
    head = _("{higher} v {lower}", higher=field.label[a], lower=field.label[b])
    rounds = field.rounds(a, b)
    met = ", ".join(map(str, rounds))
    if field.rules.rematches is Rematches.DANISH:
        if rounds:
            return _(
                "{head}: Danish pairing, next in the standings whoever has met"
                " (they met in round {rounds})",
                head=head,
                rounds=met,
            )
        return _("{head}: Danish pairing, next in the standings whoever has met", head=head)
    reasons: list[Message] = []
    elsewhere = False
    for c in range(a + 1, b):
        if c == bye:
            reasons.append(_("{entrant} has the bye", entrant=field.short[c]))
        elif not field.allowed(a, c):
            reasons.append(
                _(
                    "{one} and {other} met in round {rounds}",
                    one=field.short[a],
                    other=field.short[c],
                    rounds=_last(field, a, c),
                )
            )
        else:
            elsewhere = True
            reasons.append(
                _("{one} plays {other}", one=field.short[c], other=field.short[partner[c]])
            )
    if rounds and not field.allowed(a, b):
        why = _(
            "{head}: a rematch (round {rounds}), as no draw without one exists",
            head=head,
            rounds=met,
        )
    elif rounds:
        why = _(
            "{head}: they met in round {rounds}, and {rule}",
            head=head,
            rounds=met,
            rule=field.rules.describe(),
        )
    elif not reasons:
        return _("{head}: next in the standings, not yet met", head=head)
    elif elsewhere:
        why = _("{head}: the closest draw for the whole field", head=head)
    else:
        why = _("{head}: nearest in the standings not yet met", head=head)
    if not reasons:
        return why
    parts = [why, *reasons[:SHOWN_REASONS]]
    more = len(reasons) - SHOWN_REASONS
    if more > 0:
        parts.append(_("and {more} more between them", more=more))
    return listed(parts)


def _last(field: _Field, a: int, c: int) -> str:
    return ", ".join(map(str, field.rounds(a, c)))


def _bye_why(field: _Field, bye: int, candidates: list[int | None]) -> str:
    """Why this entrant has the bye, in words (English that keeps its marked message)."""
    label = field.label[bye]
    if all(s.had_bye for s in field.standings):
        return MarkedText(
            _("{entrant}: the lowest placed; every entrant has had a bye", entrant=label)
        )
    passed = [c for c in candidates[: candidates.index(bye)] if c is not None]
    below = [i for i in range(bye + 1, field.n) if field.standings[i].had_bye]
    text = _("{entrant}: the lowest placed without a bye", entrant=label)
    if passed:
        text = _(
            "{entrant}: the lowest placed without a bye for whom the others can all be paired"
            " ({others} could not take it)",
            entrant=label,
            others=listed([field.short[c] for c in passed], ", "),
        )
    if below:
        had = _(
            "{entrants} had one already",
            entrants=listed([field.short[i] for i in below[:SHOWN_REASONS]], ", "),
        )
        text = listed([text, had])
    return MarkedText(text)


__all__ = [
    "Draw",
    "DrawsAhead",
    "Pairing",
    "Rematches",
    "Standing",
    "SwissRules",
    "check_change_round",
    "check_round_to_draw",
    "draws_ahead",
    "swiss_round",
]
