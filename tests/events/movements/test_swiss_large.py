"""Swiss draws of large fields late in an event.

The draw of 80 entrants after 11 rounds against networkx on every allowed pair; whole
events of 201 and 300 entrants over 9 rounds against the rules: each entrant once,
no rematch (a draw without one always exists in fields so large), the bye to the
lowest placed entrant without one, nobody twice.
"""

from __future__ import annotations

import itertools
import random

import networkx as nx
import pytest

from bridgescore.events.movements import swiss
from bridgescore.events.movements.swiss import Draw, Standing, SwissRules, swiss_round

NEVER = SwissRules()


class Event:
    """A Swiss in progress: results lean to the stronger entrant, the bye scores 12."""

    def __init__(self, entrants: int, seed: int) -> None:
        self.rng = random.Random(seed)
        self.ids = [f"T{k}" for k in range(1, entrants + 1)]
        self.strength = {e: self.rng.random() for e in self.ids}
        self.score = dict.fromkeys(self.ids, 0.0)
        self.opponents: dict[str, list[str | None]] = {e: [] for e in self.ids}
        self.byes = dict.fromkeys(self.ids, False)

    def standings(self) -> list[Standing]:
        order = sorted(self.ids, key=lambda e: (-self.score[e], e))
        return [
            Standing(e, self.score[e], None, tuple(self.opponents[e]), self.byes[e]) for e in order
        ]

    def play(self, draw: Draw) -> None:
        for p in draw.pairings:
            edge = self.strength[p.higher] - self.strength[p.lower]
            won = min(20, max(0, round(10 + 8 * edge + self.rng.gauss(0, 4))))
            self.score[p.higher] += won
            self.score[p.lower] += 20 - won
            self.opponents[p.higher].append(p.lower)
            self.opponents[p.lower].append(p.higher)
        if draw.bye is not None:
            self.byes[draw.bye] = True
            self.opponents[draw.bye].append(None)
            self.score[draw.bye] += 12


@pytest.mark.parametrize("entrants", [201, 300])
def test_a_large_field_is_drawn_by_the_rules_round_after_round(entrants: int) -> None:
    event = Event(entrants, entrants)
    for round_no in range(1, 10):
        standings = event.standings()
        draw = swiss_round(standings, NEVER)
        assert draw.round == round_no
        assert draw.problems(standings, NEVER) == []
        seated = [e for p in draw.pairings for e in (p.higher, p.lower)]
        if draw.bye is not None:
            seated.append(draw.bye)
        assert sorted(seated) == sorted(event.ids)  # each entrant once
        assert [p.table for p in draw.pairings] == list(range(1, entrants // 2 + 1))
        for p in draw.pairings:  # no rematch
            assert p.lower not in event.opponents[p.higher]
        if entrants % 2:  # the lowest placed without a bye has it
            lowest = next(s.entrant for s in reversed(standings) if not s.had_bye)
            assert draw.bye == lowest
        else:
            assert draw.bye is None
        event.play(draw)
    assert sum(event.byes.values()) == (9 if entrants % 2 else 0)


def test_late_in_a_field_of_80_the_draw_is_the_optimum_of_every_allowed_pair() -> None:
    event = Event(80, 3)
    for _ in range(11):
        event.play(swiss_round(event.standings(), NEVER))
    standings = event.standings()
    draw = swiss_round(standings, NEVER)
    field = swiss._Field(standings, NEVER, 12, "VP")
    graph: nx.Graph[int] = nx.Graph()
    top = field.cost(0, field.n - 1) + 1
    for a, b in itertools.combinations(range(field.n), 2):
        if field.allowed(a, b):
            graph.add_edge(a, b, weight=top - field.cost(a, b))
    full = [(min(e), max(e)) for e in nx.max_weight_matching(graph, maxcardinality=True)]
    drawn = [(field.index[p.higher], field.index[p.lower]) for p in draw.pairings]
    assert len(full) == len(drawn) == 40
    assert sum(field.cost(a, b) for a, b in drawn) == sum(field.cost(a, b) for a, b in full)
