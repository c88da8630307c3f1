"""Swiss pairing: brute force over every pairing of small fields proves each draw is the
documented optimum; whole events of 2 to 200 entrants over 7 rounds are sound."""

from __future__ import annotations

import json
import random
import re
from collections.abc import Iterator

import networkx as nx
import pytest
from hypothesis import given
from hypothesis import strategies as st

from bridgescore.errors import as_message
from bridgescore.events.movements import swiss
from bridgescore.events.movements.model import Movement, MovementError, MovementKind
from bridgescore.events.movements.swiss import (
    Draw,
    Pairing,
    Rematches,
    Standing,
    SwissRules,
    swiss_round,
)
from bridgescore.i18n import words

NEVER = SwissRules()
STUCK = SwissRules(if_stuck=True)


def swiss_event(
    entrants: int, rounds: int, rules: SwissRules, rng: random.Random
) -> Iterator[tuple[list[Standing], Draw]]:
    """Play a whole Swiss: random match results (20 VP shared), the bye scores 12."""
    ids = [f"E{k}" for k in range(1, entrants + 1)]
    score = dict.fromkeys(ids, 0.0)
    opponents: dict[str, list[str | None]] = {e: [] for e in ids}
    byes = dict.fromkeys(ids, False)
    for _ in range(rounds):
        order = sorted(ids, key=lambda e: -score[e])
        standings = [Standing(e, score[e], None, tuple(opponents[e]), byes[e]) for e in order]
        draw = swiss_round(standings, rules)
        yield standings, draw
        for pairing in draw.pairings:
            won = rng.randint(0, 20)
            score[pairing.higher] += won
            score[pairing.lower] += 20 - won
            opponents[pairing.higher].append(pairing.lower)
            opponents[pairing.lower].append(pairing.higher)
        if draw.bye is not None:
            byes[draw.bye] = True
            opponents[draw.bye].append(None)
            score[draw.bye] += 12


def perfect_matchings(items: list[int]) -> Iterator[list[tuple[int, int]]]:
    if not items:
        yield []
        return
    first, rest = items[0], items[1:]
    for k, other in enumerate(rest):
        for tail in perfect_matchings(rest[:k] + rest[k + 1 :]):
            yield [(first, other), *tail]


def objective(
    pairs: list[tuple[int, int]], rematched: set[tuple[int, int]], n: int
) -> tuple[int, ...]:
    """The documented order: squared distance, then allowed rematches, then the top tables."""
    return (
        sum((b - a) ** 2 for a, b in pairs),
        sum((a, b) in rematched for a, b in pairs),
        sum((b - a) * (n - a) for a, b in pairs),
    )


def random_history(n: int, rounds: int, rng: random.Random) -> list[Standing]:
    """Standings after ``rounds`` of random (not Swiss) pairings, in a random order."""
    ids = [f"E{k}" for k in range(n)]
    opponents: dict[str, list[str | None]] = {e: [] for e in ids}
    byes = dict.fromkeys(ids, False)
    for _ in range(rounds):
        order = ids[:]
        rng.shuffle(order)
        if n % 2:
            sitting = order.pop()
            opponents[sitting].append(None)
            byes[sitting] = True
        for a, b in zip(order[::2], order[1::2], strict=True):
            opponents[a].append(b)
            opponents[b].append(a)
    rng.shuffle(ids)
    return [
        Standing(e, float(n - i), None, tuple(opponents[e]), byes[e]) for i, e in enumerate(ids)
    ]


def check_against_brute_force(standings: list[Standing], rules: SwissRules) -> None:
    n = len(standings)
    index = {s.entrant: i for i, s in enumerate(standings)}
    met: dict[tuple[int, int], list[int]] = {}
    for s in standings:
        for r, o in enumerate(s.opponents, start=1):
            if o is not None and index[s.entrant] < index[o]:
                met.setdefault((index[s.entrant], index[o]), []).append(r)
    round_no = len(standings[0].opponents) + 1
    forbidden = {k for k, rounds in met.items() if not rules.allows(rounds, round_no)}
    rematched = set(met)
    without = [i for i in reversed(range(n)) if not standings[i].had_bye]
    pool = without or list(reversed(range(n)))
    candidates: list[int | None] = [*pool] if n % 2 else [None]
    best: tuple[int | None, tuple[int, ...]] | None = None
    for bye in candidates:
        rest = [i for i in range(n) if i != bye]
        free = [m for m in perfect_matchings(rest) if not forbidden & set(m)]
        if free:
            best = (bye, min(objective(m, rematched, n) for m in free))
            break
    if best is None:
        with pytest.raises(MovementError, match="no draw without a forbidden rematch"):
            swiss_round(standings, rules)
        return
    draw = swiss_round(standings, rules)
    pairs = [(index[p.higher], index[p.lower]) for p in draw.pairings]
    assert all(a < b for a, b in pairs)
    assert not forbidden & set(pairs), "a rematch-free pairing was missed"
    bye = None if draw.bye is None else index[draw.bye]
    assert (bye, objective(pairs, rematched, n)) == best
    assert draw.problems(standings, rules) == []


@pytest.mark.parametrize("trial", range(60))
def test_small_random_fields_against_brute_force(trial: int) -> None:
    rng = random.Random(trial)
    n = rng.randint(2, 10)
    rounds = rng.randint(0, min(6, n))
    check_against_brute_force(random_history(n, rounds, rng), NEVER)


@pytest.mark.parametrize("trial", range(20))
def test_small_fields_with_late_and_twice_rules_against_brute_force(trial: int) -> None:
    rng = random.Random(1000 + trial)
    n = rng.randint(4, 9)
    rounds = rng.randint(2, 6)
    rules = rng.choice(
        [
            SwissRules(Rematches.TWICE),
            SwissRules(Rematches.LATE, late_after=2),
            SwissRules(Rematches.SESSIONS, session_starts=(3,)),
        ]
    )
    check_against_brute_force(random_history(n, rounds, rng), rules)


@given(st.integers(2, 10), st.integers(0, 5), st.integers(0, 10**6))
def test_brute_force_property(n: int, rounds: int, salt: int) -> None:
    rng = random.Random(salt)
    check_against_brute_force(random_history(n, min(rounds, n), rng), NEVER)


def full_graph_objective(standings: list[Standing], bye: str | None) -> tuple[int, ...]:
    """The objective of networkx's matching on every allowed pair (no pruning, no cuts)."""
    field = swiss._Field(standings, NEVER, len(standings[0].opponents) + 1, "VP")
    graph: nx.Graph[int] = nx.Graph()
    top = field.cost(0, field.n - 1) + 1
    drop = None if bye is None else field.index[bye]
    for a in range(field.n):
        for b in range(a + 1, field.n):
            if a != drop and b != drop and field.allowed(a, b):
                graph.add_edge(a, b, weight=top - field.cost(a, b))
    pairs = [(min(p), max(p)) for p in nx.max_weight_matching(graph, maxcardinality=True)]
    assert len(pairs) == field.n // 2
    return objective(pairs, set(field.met), field.n)


@pytest.mark.parametrize("trial", range(12))
def test_sparse_graph_and_cuts_lose_nothing_against_the_complete_graph(trial: int) -> None:
    rng = random.Random(500 + trial)
    n = rng.randint(11, 40)
    for standings, draw in swiss_event(n, rng.randint(2, 6), NEVER, rng):
        index = {s.entrant: i for i, s in enumerate(standings)}
        pairs = [(index[p.higher], index[p.lower]) for p in draw.pairings]
        met = {
            (index[a], index[b])
            for a, b in (sorted(k, key=index.__getitem__) for k in swiss._meetings(standings))
        }
        assert objective(pairs, met, n) == full_graph_objective(standings, draw.bye)
    standings = random_history(n, rng.randint(1, 6), rng)  # scattered meetings
    draw = swiss_round(standings)
    index = {s.entrant: i for i, s in enumerate(standings)}
    pairs = [(index[p.higher], index[p.lower]) for p in draw.pairings]
    scattered = {
        (min(index[e] for e in k), max(index[e] for e in k)) for k in swiss._meetings(standings)
    }
    assert objective(pairs, scattered, n) == full_graph_objective(standings, draw.bye)


@pytest.mark.parametrize("entrants", [*range(2, 13), 17, 24, 31, 50, 99, 128, 200])
def test_whole_events_over_seven_rounds_are_sound(entrants: int) -> None:
    rng = random.Random(entrants)
    rounds: list[Draw] = []
    byes: list[str] = []
    for standings, draw in swiss_event(entrants, 7, STUCK, rng):
        found = draw.problems(standings, NEVER)
        if entrants > 10:  # a rematch-free draw exists in every round of these fields
            assert found == []
        else:  # the only problems are the rematches the draw says could not be avoided
            stuck = [p.table for p in draw.pairings if "as no draw without one exists" in p.why]
            assert [(p.code, p.table) for p in found] == [("rematch", t) for t in stuck]
            if not stuck:
                check_against_brute_force(standings, NEVER)
        assert len(draw.pairings) == entrants // 2
        assert (draw.bye is not None) == (entrants % 2 == 1)
        if draw.bye is not None:
            byes.append(draw.bye)
        rounds.append(draw)
    if entrants >= 7:
        assert len(byes) == len(set(byes))  # at most one bye each
    movement = Movement(
        kind=MovementKind.OTHER,
        rounds=tuple(d.to_round((1, 2)) for d in rounds),
        shared=frozenset({1, 2}),
        revenge_rounds=frozenset(
            d.round for d in rounds if any("a rematch" in p.why for p in d.pairings)
        ),
    )
    codes = {p.code for p in movement.problems()}
    assert codes <= {"board-twice", "under-70-percent"}  # the same two boards each round


def test_stuck_rematches_only_when_none_can_be_avoided() -> None:
    rng = random.Random(5)
    for standings, draw in swiss_event(6, 7, STUCK, rng):
        rematches = [p for p in draw.pairings if "a rematch" in p.why]
        if rematches:
            with pytest.raises(MovementError) as caught:
                swiss_round(standings, NEVER)
            assert "could not be paired" in str(caught.value)
        else:
            assert draw.problems(standings, NEVER) == []


def test_first_round_pairs_the_standings_in_order() -> None:
    standings = [Standing(f"P{k}", 0) for k in range(1, 8)]
    draw = swiss_round(standings)
    assert [(p.table, p.higher, p.lower) for p in draw.pairings] == [
        (1, "P1", "P2"),
        (2, "P3", "P4"),
        (3, "P5", "P6"),
    ]
    assert draw.bye == "P7"
    assert draw.bye_why == "7th (0 VP): the lowest placed without a bye"
    assert draw.pairings[0].why == "1st (0 VP) v 2nd (0 VP): next in the standings, not yet met"


def test_explanations_name_the_earlier_meetings() -> None:
    standings = [
        Standing("A", 42, 1, ("B", "C")),
        Standing("B", 41, 2, ("A", "D")),
        Standing("C", 40, 3, ("D", "A")),
        Standing("D", 39, 4, ("C", "B")),
        Standing("E", 30, 5, ("F", "F")),
        Standing("F", 20, 6, ("E", "E")),
    ]
    draw = swiss_round(standings, unit="VP")
    # A-D, B-C, E-F would be closest, but E and F have met twice: A-E, B-C, D-F is next.
    assert [(p.table, p.higher, p.lower) for p in draw.pairings] == [
        (1, "A", "E"),
        (2, "B", "C"),
        (3, "D", "F"),
    ]
    assert [p.why for p in draw.pairings] == [
        "1st (42 VP) v 5th (30 VP): the closest draw for the whole field; 1st and 2nd met in"
        " round 1; 1st and 3rd met in round 2; 4th plays 6th",
        "2nd (41 VP) v 3rd (40 VP): next in the standings, not yet met",
        "4th (39 VP) v 6th (20 VP): the closest draw for the whole field; 5th plays 1st",
    ]
    assert draw.bye is None
    assert draw.bye_why is None


def test_danish_pairs_in_order_whoever_has_met() -> None:
    standings = [
        Standing("A", 50, None, ("B",)),
        Standing("B", 48, None, ("A",)),
        Standing("C", 40, None, ("D",)),
        Standing("D", 30, None, ("C",)),
        Standing("E", 10, None, (None,), had_bye=True),
    ]
    draw = swiss_round(standings, SwissRules(Rematches.DANISH))
    assert [(p.higher, p.lower) for p in draw.pairings] == [("A", "B"), ("C", "E")]
    assert draw.bye == "D"
    assert draw.pairings[0].why == (
        "1st (50 VP) v 2nd (48 VP): Danish pairing, next in the standings whoever has met"
        " (they met in round 1)"
    )
    assert draw.bye_why == "4th (30 VP): the lowest placed without a bye; 5th had one already"


def test_late_rematch_allowed_after_k_rounds() -> None:
    rules = SwissRules(Rematches.LATE, late_after=3)
    assert rules.allows([1], 4)
    assert not rules.allows([2], 4)
    assert not rules.allows([1, 3], 5)
    assert rules.allows([], 2)
    twice = SwissRules(Rematches.TWICE)
    assert twice.allows([1], 2)
    assert not twice.allows([1, 3], 5)
    sessions = SwissRules(Rematches.SESSIONS, session_starts=(5,))
    assert sessions.allows([4], 5)
    assert not sessions.allows([4], 4)
    assert not sessions.allows([5], 6)
    assert not NEVER.allows([1], 7)
    assert SwissRules(Rematches.DANISH).allows([1, 2, 3], 4)


def test_allowed_rematch_is_explained() -> None:
    standings = [
        Standing("A", 10, None, ("B", "C", "D")),
        Standing("B", 9, None, ("A", "D", "C")),
        Standing("C", 8, None, ("D", "A", "B")),
        Standing("D", 7, None, ("C", "B", "A")),
    ]
    with pytest.raises(MovementError) as caught:
        swiss_round(standings)
    assert str(caught.value).startswith(
        "round 4: no draw without a forbidden rematch (no rematches) exists;"
    )
    draw = swiss_round(standings, SwissRules(Rematches.LATE, late_after=3))
    assert [(p.higher, p.lower) for p in draw.pairings] == [("A", "B"), ("C", "D")]
    assert draw.pairings[0].why == (
        "1st (10 VP) v 2nd (9 VP): they met in round 1, and rematches are allowed 3 rounds"
        " after a meeting"
    )
    stuck = swiss_round(standings, STUCK)
    assert [(p.higher, p.lower) for p in stuck.pairings] == [("A", "B"), ("C", "D")]
    assert stuck.pairings[0].why.endswith("a rematch (round 1), as no draw without one exists")
    assert [p.code for p in stuck.problems(standings)] == ["rematch", "rematch"]


def test_bye_passes_up_when_the_lowest_cannot_take_it() -> None:
    # With D on the bye, A would have to play B, C or E, and has met all three.
    standings = [
        Standing("A", 10, None, ("B", "C", "E")),
        Standing("B", 9, None, ("A", "D", "C")),
        Standing("C", 8, None, ("D", "A", "B")),
        Standing("D", 7, None, ("C", "B", None)),
        Standing("E", 6, None, (None, None, "A"), had_bye=True),
    ]
    draw = swiss_round(standings)
    assert draw.bye == "C"
    assert [(p.higher, p.lower) for p in draw.pairings] == [("A", "D"), ("B", "E")]
    assert draw.bye_why == (
        "3rd (8 VP): the lowest placed without a bye for whom the others can all be paired"
        " (4th could not take it); 5th had one already"
    )


@pytest.mark.parametrize(
    ("standings", "kwargs", "message"),
    [
        ([Standing("A", 1)], {}, "a Swiss round needs at least 2 entrants, got 1"),
        (
            [Standing("A", 1), Standing("A", 0)],
            {},
            "entrant A is listed twice in the standings",
        ),
        ([Standing("A", 1), Standing("B", 0)], {"round_no": -1}, "round_no must be a whole"),
        (
            [Standing("A", 1, None, ("B",)), Standing("B", 0)],
            {},
            "entrant B: 0 rounds of opponents, expected 1 before round 2",
        ),
        (
            [
                Standing("A", 1, None, ("B",)),
                Standing("B", 0, None, ("C",)),
                Standing("C", 0, None, ("B",)),
            ],
            {},
            "round 1: A lists B as its opponent, but B lists C",
        ),
        (
            [Standing("A", 1, 2), Standing("B", 0, 1)],
            {},
            "standings must be in order of place, got places [2, 1]",
        ),
    ],
)
def test_bad_standings_name_the_entrant(
    standings: list[Standing], kwargs: dict[str, int], message: str
) -> None:
    with pytest.raises(MovementError) as caught:
        swiss_round(standings, **kwargs)  # type: ignore[arg-type]
    assert str(caught.value).startswith(message)


def test_bad_standing_values() -> None:
    with pytest.raises(MovementError, match=r"entrant A, round 2: listed as its own opponent"):
        Standing("A", 1, None, ("B", "A"))
    with pytest.raises(MovementError, match="score must be a number, got nan"):
        Standing("A", float("nan"))
    with pytest.raises(MovementError, match="place must be a whole number from 1, got 0"):
        Standing("A", 1, 0)
    with pytest.raises(MovementError, match="late_after is needed with late rematches"):
        SwissRules(Rematches.LATE)
    with pytest.raises(MovementError, match="late_after must be a whole number of rounds"):
        SwissRules(Rematches.LATE, late_after=0)
    with pytest.raises(MovementError, match="session_starts must be rounds from 2"):
        SwissRules(Rematches.SESSIONS, session_starts=(4, 3))
    with pytest.raises(MovementError, match="unknown rematch rule 'often': use one of never"):
        Rematches.parse("often")
    assert Rematches.parse(" Danish ") is Rematches.DANISH


def test_tied_places_show_with_an_equals_sign() -> None:
    standings = [Standing("A", 5, 1), Standing("B", 5, 1), Standing("C", 3, 3), Standing("D", 1, 4)]
    draw = swiss_round(standings, unit="")
    assert draw.pairings[0].why == "=1st (5) v =1st (5): next in the standings, not yet met"


def test_draw_problems_find_each_broken_rule() -> None:
    standings = [
        Standing("A", 3, None, ("B",)),
        Standing("B", 2, None, ("A",)),
        Standing("C", 1, None, (None,), had_bye=True),
    ]
    bad = Draw(
        round=2,
        pairings=(Pairing(2, "A", "B", ""), Pairing(3, "B", "X", "")),
        bye="C",
    )
    assert [(p.code, str(p)) for p in bad.problems(standings)] == [
        ("table-numbers", "round 2: tables are numbered [2, 3], not 1 up"),
        ("rematch", "round 2, table 2: A and B met in round 1 (no rematches)"),
        ("entrant-twice", "round 2, table 3: B is in two places: table 2, table 3"),
        ("unknown-entrant", "round 2, table 3: X is not in the standings"),
        ("bye-twice", "round 2: C has a second bye while others have had none"),
    ]
    even = standings[:2]
    lonely = Draw(round=2, pairings=(), bye="A")
    assert [p.code for p in lonely.problems(even)] == ["bye-needless", "entrant-missing"]


def test_a_draw_reads_back_from_its_json_form() -> None:
    standings = [Standing(t, float(10 - n)) for n, t in enumerate("ABCDE")]
    draw = swiss_round(standings, NEVER, 1)
    assert draw.bye is not None
    assert Draw.from_json(draw.to_json()) == draw
    stored = json.loads(draw.to_json())["pairings"][0]
    assert {key: stored[key] for key in ("table", "higher", "lower", "why")} == {
        "table": 1,
        "higher": draw.pairings[0].higher,
        "lower": draw.pairings[0].lower,
        "why": draw.pairings[0].why,
    }


def test_a_stored_draw_explains_itself_in_the_readers_language() -> None:
    standings = [Standing(t, float(10 - n)) for n, t in enumerate("ABCDE")]
    draw = Draw.from_json(swiss_round(standings, NEVER, 1, unit="VP").to_json())
    finnish, spanish = words("fi").gettext, words("es").gettext
    why, bye = as_message(draw.pairings[0].why), as_message(draw.bye_why or "")
    assert draw.pairings[0].why == "1st (10 VP) v 2nd (9 VP): next in the standings, not yet met"
    assert (
        why.render(finnish)
        == "1. (10 VP) – 2. (9 VP): seuraavat sarjataulukossa, eivät ole vielä kohdanneet"
    )
    assert (
        why.render(spanish)
        == "1.º (10 VP) – 2.º (9 VP): siguientes en la clasificación, aún no se han enfrentado"
    )
    assert draw.bye_why == "5th (6 VP): the lowest placed without a bye"
    assert (
        bye.render(finnish) == "5. (6 VP): alimmaksi sijoittunut, jolla ei ole ollut vapaakierrosta"
    )
    assert bye.render(spanish) == "5.º (6 VP): el peor clasificado sin descanso"
    # a draw stored before its reasons were kept as messages reads as the text it was
    old = {"round": 1, "pairings": [{"table": 1, "higher": "A", "lower": "B", "why": "A v B"}]}
    assert Draw.from_dict(old).pairings[0].why == "A v B"


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("[1]", "a draw must be a JSON object"),
        ('{"round": 0, "pairings": []}', "field 'round' must be a round number, got 0"),
        ('{"round": 1, "pairings": {}}', "field 'pairings' must be a list"),
        ('{"round": 1, "pairings": [{"table": 1, "higher": "A", "lower": "", "why": ""}]}',
         "pairing 1: field 'lower' must be text, got ''"),
        ('{"round": 1, "pairings": [], "bye": 3}', "field 'bye' must be text or null, got 3"),
        ("{", "not JSON"),
    ],
)  # fmt: skip
def test_a_bad_draw_json_says_what_is_wrong(text: str, message: str) -> None:
    with pytest.raises(MovementError, match=re.escape(message)):
        Draw.from_json(text)


def test_a_draw_that_cannot_be_made_says_what_the_director_can_do() -> None:
    # four teams after a round robin: every pairing is a rematch
    met = {"A": ("B", "C", "D"), "B": ("A", "D", "C"), "C": ("D", "A", "B"), "D": ("C", "B", "A")}
    standings = [Standing(e, 30.0 - k, None, met[e]) for k, e in enumerate("ABCD")]
    with pytest.raises(MovementError) as caught:
        swiss_round(standings, NEVER)
    message = as_message(caught.value.message)
    assert str(message) == (
        "round 4: no draw without a forbidden rematch (no rematches) exists; A, B, C, D could not"
        " be paired: allow rematches (a second meeting, a meeting again after some rounds, or"
        " Danish pairing), choose to draw the one with the fewest rematches when no draw keeps"
        " the rule, or add a late entrant"
    )
    assert message.render(words("fi").gettext).endswith(
        "salli uusintakohtaamiset (toinen kohtaaminen, uusi kohtaaminen muutaman kierroksen"
        " jälkeen tai tanskalainen paritus), valitse, että kun mikään arvonta ei noudata"
        " sääntöä, arvotaan se, jossa on vähiten uusintakohtaamisia, tai lisää myöhässä tuleva"
        " osallistuja"
    )
    assert message.render(words("es").gettext).endswith(
        "permita repeticiones (un segundo encuentro, un nuevo encuentro tras algunas rondas o"
        " emparejamiento danés), elija sortear el que tenga menos repeticiones cuando ningún"
        " sorteo cumpla la regla, o añada un participante tardío"
    )
