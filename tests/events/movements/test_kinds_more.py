"""The kinds a club expects beyond the plain ones: barometers, appendix, scrambled and bump
Mitchells, three-way team matches. Each is proved by ``problems()``, its pairs' rounds
counted, and its balance held to the figures written in ``docs/mitchell.md``."""

from __future__ import annotations

import doctest
from collections import Counter
from pathlib import Path

import pytest

from bridgescore.events.movements import Movement, MovementError, MovementKind
from bridgescore.events.movements.barometer import (
    barometer,
    barometer_howell,
    barometer_mitchell,
    copies_needed,
)
from bridgescore.events.movements.mitchell import (
    beynon_mitchell,
    bump_mitchell,
    mitchell,
    scrambled_mitchell,
)
from bridgescore.events.movements.teams import Match, ThreeWay, three_way
from bridgescore.report.cards import board_passing, pair_cards, table_cards

# Least and most boards (of 2 a round) any two pairs are compared on, and the quality.
BAROMETER_HOWELL = {
    2: (2, 2, 100.0), 3: (2, 6, 60.0), 4: (6, 6, 100.0), 5: (6, 10, 83.33),
    6: (10, 10, 100.0), 7: (10, 14, 91.3), 8: (10, 18, 85.96), 9: (14, 22, 90.0),
    10: (18, 18, 100.0), 11: (14, 22, 93.86), 12: (22, 22, 100.0), 13: (18, 26, 95.9),
    14: (22, 30, 94.87), 15: (26, 30, 98.13), 16: (30, 30, 100.0), 17: (26, 38, 94.44),
    18: (30, 42, 97.02), 19: (30, 42, 96.85), 20: (34, 46, 95.35), 21: (34, 46, 96.15),
    22: (42, 42, 100.0), 23: (38, 50, 96.2), 24: (46, 46, 100.0), 25: (42, 58, 96.77),
    26: (42, 58, 97.32), 27: (42, 58, 96.9), 28: (46, 62, 96.67), 29: (46, 62, 96.4),
    30: (58, 58, 100.0),
}  # fmt: skip
BEYNON = {
    (5, 1): (0, 10, 37.1), (5, 2): (0, 10, 31.82), (5, 5): (0, 10, 22.63),
    (7, 1): (0, 14, 40.35), (7, 3): (0, 14, 32.26), (7, 7): (0, 14, 23.28),
    (11, 1): (0, 22, 43.61), (11, 4): (0, 22, 34.81), (11, 11): (0, 22, 23.89),
    (13, 1): (0, 26, 44.54), (13, 6): (0, 26, 32.76), (13, 13): (0, 26, 24.06),
}  # fmt: skip
BUMP = {
    7: (0, 10, 31.96), 8: (0, 12, 34.67), 9: (0, 14, 36.15), 10: (0, 16, 37.73),
    11: (0, 18, 38.71), 12: (0, 20, 39.75), 13: (0, 22, 40.46), 14: (0, 24, 41.2),
    15: (0, 26, 41.73), 16: (0, 28, 42.29),
}  # fmt: skip
SCRAMBLED = {
    3: (0, 6, 59.21), 4: (0, 4, 39.29), 5: (0, 8, 73.05), 6: (0, 8, 58.42), 7: (0, 10, 91.0),
    8: (0, 10, 71.39), 9: (0, 14, 93.29), 10: (0, 16, 76.79), 11: (0, 20, 91.93),
    12: (0, 20, 80.41), 13: (2, 24, 93.23), 14: (2, 22, 83.61), 15: (4, 26, 95.28),
    16: (0, 26, 83.76), 17: (4, 30, 95.26), 18: (2, 30, 86.53), 19: (4, 34, 95.53),
    20: (2, 34, 87.25),
}  # fmt: skip
# The diagonal pattern alone (per_round given): least, most, quality.
DIAGONAL = {
    5: (0, 6, 66.18), 7: (0, 10, 91.0), 9: (0, 18, 75.0), 11: (0, 18, 88.85),
    13: (4, 22, 92.68), 15: (4, 30, 89.04), 17: (4, 30, 94.76), 19: (4, 34, 92.77),
}  # fmt: skip
# The same Mitchells with the last rounds switched (arrow_switch_rounds), for comparison.
LAST_ROUNDS = {
    3: 22.06, 4: 16.18, 5: 66.18, 6: 54.41, 7: 91.0, 8: 71.39, 9: 93.29, 10: 76.11,
    11: 88.85, 12: 75.57, 13: 92.68, 14: 79.21, 15: 95.28, 16: 82.92, 17: 94.76, 18: 83.97,
    19: 92.77, 20: 83.51,
}  # fmt: skip


def _figures(movement: Movement) -> tuple[int, int, float]:
    balance = movement.balance()
    return balance.least, balance.most, round(balance.quality, 2)


def _rounds_played(movement: Movement) -> Counter[str]:
    return Counter(p for rnd in movement.rounds for t in rnd.tables for p in (t.ns, t.ew))


def _cards_render(movement: Movement) -> None:
    """Every table, every pair and every round change has a card, in agreement with the rounds."""
    tables = {t.table for rnd in movement.rounds for t in rnd.tables}
    assert {card.table for card in table_cards(movement)} == tables
    cards = pair_cards(movement)
    assert {card.pair for card in cards} == set(movement.pairs)
    for card in cards:
        assert len(card.rounds) == len(movement.rounds)
    assert len(board_passing(movement)) == len(movement.rounds) - 1


# Barometers -----------------------------------------------------------------------------


@pytest.mark.parametrize("tables", sorted(BAROMETER_HOWELL))
def test_barometer_howell_every_size(tables: int) -> None:
    m = barometer_howell(tables, 2)
    assert m.problems() == []
    assert m.kind is MovementKind.HOWELL
    assert len(m.rounds) == 2 * tables - 1
    for rnd_no, rnd in enumerate(m.rounds):
        assert {t.boards for t in rnd.tables} == {(2 * rnd_no + 1, 2 * rnd_no + 2)}
    assert set(_rounds_played(m).values()) == {2 * tables - 1}
    assert m.shared == frozenset(m.boards)
    assert copies_needed(m) == tables
    assert _figures(m) == BAROMETER_HOWELL[tables]


# The same with 2T - 1 pairs (pair 2T left out, its opponent sitting out).
BAROMETER_HOWELL_ODD = {
    3: (0, 4, 20.0), 4: (4, 4, 100.0), 5: (4, 8, 69.23), 6: (8, 8, 100.0), 7: (8, 12, 86.21),
    8: (8, 16, 79.75), 9: (12, 20, 85.96), 10: (16, 16, 100.0), 11: (12, 20, 91.84),
    12: (20, 20, 100.0), 13: (16, 24, 94.78), 14: (20, 28, 93.6), 15: (24, 28, 97.69),
}  # fmt: skip


@pytest.mark.parametrize("tables", sorted(BAROMETER_HOWELL_ODD))
def test_barometer_howell_odd_pairs(tables: int) -> None:
    m = barometer_howell(tables, 2, pairs=2 * tables - 1)
    assert m.problems() == []
    assert len(m.pairs) == 2 * tables - 1
    assert [rnd.sit_outs for rnd in m.rounds] == [(str(r),) for r in range(1, 2 * tables)]
    assert {len(rnd.tables) for rnd in m.rounds} == {tables - 1}
    assert set(_rounds_played(m).values()) == {2 * tables - 2}
    assert _figures(m) == BAROMETER_HOWELL_ODD[tables]


@pytest.mark.parametrize(
    ("args", "said"),
    [
        ((31, 2), "tables must be at most 30 for a barometer Howell, got 31"),
        ((1, 2), "tables must be a whole number from 2"),
        ((3, 2, 6), "rounds must be at most 5 for a barometer Howell of 3 tables, got 6"),
        ((3, 2, 5, 4), "pairs must be 6 or 5 for a Howell of 3 tables, got 4"),
    ],
)
def test_barometer_howell_sizes_refused(args: tuple[int, ...], said: str) -> None:
    tables, boards, *more = args
    rounds = more[0] if more else None
    pairs = more[1] if len(more) > 1 else None
    with pytest.raises(MovementError, match=said):
        barometer_howell(tables, boards, rounds, pairs=pairs)


def test_barometer_howell_is_balanced_where_two_t_minus_one_is_a_prime_4k_plus_3() -> None:
    for tables in (4, 6, 10, 12, 16, 22, 24):
        assert barometer_howell(tables, 3).balance().balanced


def test_barometer_cards_say_every_table_shares_the_round() -> None:
    m = barometer_howell(4, 2)
    _cards_render(m)
    first = table_cards(m)[0].rounds[0]
    assert first.boards == (1, 2)
    assert set(first.shared_with) == {2, 3, 4}


@pytest.mark.parametrize("tables", range(2, 13))
def test_barometer_mitchell_needs_no_skip(tables: int) -> None:
    m = barometer_mitchell(tables, 3)
    assert m.problems() == []
    assert len(m.rounds) == tables
    assert set(_rounds_played(m).values()) == {tables}
    assert copies_needed(m) == tables
    _cards_render(m)


def test_barometer_of_any_movement_keeps_its_seating() -> None:
    base = mitchell(9, 3)
    m = barometer(base)
    assert m.problems() == []
    for ours, theirs in zip(m.rounds, base.rounds, strict=True):
        assert [(t.table, t.ns, t.ew) for t in ours.tables] == [
            (t.table, t.ns, t.ew) for t in theirs.tables
        ]
    with pytest.raises(MovementError, match="base must be a Movement"):
        barometer("mitchell")  # type: ignore[arg-type]


def test_barometer_sizes_are_checked() -> None:
    with pytest.raises(MovementError, match="rounds must be at most 7"):
        barometer_howell(4, 2, 8)
    with pytest.raises(MovementError, match="tables must be at most 30"):
        barometer_howell(31, 2)
    with pytest.raises(MovementError, match="pairs must be 8 or 7"):
        barometer_howell(4, 2, pairs=6)
    with pytest.raises(MovementError, match="rounds must be at most the 5 tables"):
        barometer_mitchell(5, 2, 6)


# Appendix (Beynon) Mitchell ----------------------------------------------------------------


@pytest.mark.parametrize("base", [5, 7, 11, 13, 17, 19])
def test_beynon_mitchell_every_appendix(base: int) -> None:
    for appendix in range(1, base + 1):
        m = beynon_mitchell(base, appendix, 2)
        assert m.problems() == [], (base, appendix)
        assert len(m.rounds) == base
        assert len(m.rounds[0].tables) == base + appendix
        assert set(_rounds_played(m).values()) == {base}
        assert not m.factored
        # Tables 1 to `appendix` keep their NS pair, the appendix tables their EW pair.
        for j in range(1, appendix + 1):
            seats = {
                (t.ns if t.table == j else t.ew)
                for rnd in m.rounds
                for t in rnd.tables
                if t.table in (j, base + j)
            }
            assert seats == {f"{j}NS", f"{base + j}EW"}
        if (base, appendix) in BEYNON:
            assert _figures(m) == BEYNON[(base, appendix)]


def test_beynon_mitchell_cards() -> None:
    m = beynon_mitchell(7, 3, 3)
    _cards_render(m)
    row = table_cards(m)[7].rounds[0]  # table 8, appended to table 1
    assert row.boards == (1, 2, 3)
    assert 1 in row.shared_with


def test_beynon_mitchell_bad_sizes() -> None:
    with pytest.raises(MovementError, match="not a multiple of 3"):
        beynon_mitchell(9, 2, 2)
    with pytest.raises(MovementError, match="appendix must be at most the 5"):
        beynon_mitchell(5, 6, 2)


# Scrambled Mitchell --------------------------------------------------------------------


@pytest.mark.parametrize("tables", sorted(SCRAMBLED))
def test_scrambled_mitchell_every_size(tables: int) -> None:
    m = scrambled_mitchell(tables, 2)
    assert m.problems() == []
    assert m.kind is MovementKind.MITCHELL
    assert _figures(m) == SCRAMBLED[tables]
    # at least as balanced as the last rounds switched, and at 3-6, 10-14 and 16-20 tables
    # better
    assert _figures(m)[2] >= LAST_ROUNDS[tables]
    switched_at = {
        (number, t.table)
        for number, rnd in enumerate(m.rounds)
        for t in rnd.tables
        if t.ns.endswith("EW")
    }
    assert switched_at
    if tables not in (8, 9, 15):  # the search kept the last rounds there
        assert len({number for number, _table in switched_at}) > 1


@pytest.mark.parametrize("tables", sorted(DIAGONAL))
def test_scrambled_mitchell_diagonal(tables: int) -> None:
    k = 1 if tables < 13 else 2
    m = scrambled_mitchell(tables, 2, per_round=k)
    assert m.problems() == []
    assert _figures(m) == DIAGONAL[tables]
    turned = [sum(t.ns.endswith("EW") for t in rnd.tables) for rnd in m.rounds]
    assert turned == [k] * tables  # every round mixes the lines, at k tables
    per_pair = Counter(
        p for rnd in m.rounds for t in rnd.tables if t.ns.endswith("EW") for p in (t.ns, t.ew)
    )
    assert set(per_pair) == set(m.pairs)
    assert set(per_pair.values()) == {k}
    # on different boards at different tables
    assert len({t.boards for rnd in m.rounds for t in rnd.tables if t.ns.endswith("EW")}) > 1


def test_scrambled_mitchell_is_one_field() -> None:
    m = scrambled_mitchell(13, 2)
    balance = m.balance()
    assert balance.get("1NS", "5EW").same > 0
    assert scrambled_mitchell(13, 2, per_round=3).problems() == []
    _cards_render(m)
    with pytest.raises(MovementError, match="per_round must be at most the 5 tables"):
        scrambled_mitchell(5, 2, per_round=6)


# Bump Mitchell -------------------------------------------------------------------------


@pytest.mark.parametrize("tables", sorted(BUMP))
def test_bump_mitchell_every_size(tables: int) -> None:
    m = bump_mitchell(tables, 2)
    assert m.problems() == []
    assert len(m.rounds) == tables - 1
    played = _rounds_played(m)
    # The extra pair and NS pairs 1 to T-2 sit out once; the rest play every round.
    sat_out = [p for rnd in m.rounds for p in rnd.sit_outs]
    assert sat_out == [f"{tables + 1}NS"] + [f"{k}NS" for k in range(1, tables - 1)]
    assert {played[p] for p in sat_out} == {tables - 2}
    assert _figures(m) == BUMP[tables]


def test_bump_mitchell_moves_as_published() -> None:
    m = bump_mitchell(7, 2)
    assert m.rounds[1].tables[0].ns == "8NS"  # the extra pair takes table 1 in round 2
    assert m.rounds[2].tables[1].ns == "1NS"  # 1NS returns at table 2 in round 3
    _cards_render(m)
    with pytest.raises(MovementError, match="rounds must be at most 6"):
        bump_mitchell(7, 2, 7)


# Three-way team matches ------------------------------------------------------------------


def test_three_way_match() -> None:
    t = three_way(["Lions", "Tigers", "Bears"], 4)
    assert t.problems() == []
    assert t.matches() == (
        Match("Lions", "Bears", (1, 2, 3, 4)),
        Match("Tigers", "Lions", (5, 6, 7, 8)),
        Match("Bears", "Tigers", (9, 10, 11, 12)),
    )
    m = t.movement()
    # Each set is played once each way between the two teams of its match.
    for match in t.matches():
        seats = {
            (tbl.ns.split()[0], tbl.ew.split()[0])
            for rnd in m.rounds
            for tbl in rnd.tables
            if tbl.boards == match.boards
        }
        assert seats == {(match.home, match.away), (match.away, match.home)}
    assert ThreeWay.from_json(t.to_json()) == t
    _cards_render(m)


def test_three_way_problems_and_errors() -> None:
    bad = ThreeWay(teams=("A", "B", "C"), sets=((1, 2), (2, 3), (4, 5)))
    assert bad.problems()[0].code == "board-twice"
    assert [p.code for p in ThreeWay(("A", "A", "C"), ((1,), (2,), (3,))).problems()] == [
        "team-twice"
    ]
    with pytest.raises(MovementError, match="needs 3 teams"):
        three_way(["A", "B"], 4)
    with pytest.raises(MovementError, match="expected three lists of boards"):
        ThreeWay.from_json('{"teams": ["A", "B", "C"], "sets": [[1], [2]]}')
    assert three_way(["A", "B", "C"], 2, first_board=7).sets == ((7, 8), (9, 10), (11, 12))


@pytest.mark.parametrize("name", ["mitchell.md", "swiss.md"])
def test_the_docs_examples_run(name: str) -> None:
    path = Path(__file__).resolve().parents[3] / "docs" / name
    found = doctest.testfile(
        str(path),
        module_relative=False,
        optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE,
    )
    assert found.attempted >= 10
    assert found.failed == 0


def test_every_kind_round_trips_through_json() -> None:
    for m in (
        barometer_howell(5, 2),
        barometer_mitchell(6, 2),
        beynon_mitchell(7, 3, 2),
        scrambled_mitchell(13, 2),
        bump_mitchell(8, 2),
        three_way(["A", "B", "C"], 4).movement(),
    ):
        assert Movement.from_json(m.to_json()) == m


def test_barometer_of_rounds_with_fewer_tables_is_factored() -> None:
    base = mitchell(9, 2, missing="ns")  # the half table: 8 tables a round
    assert not barometer(base).factored
    short = Movement(kind=MovementKind.MITCHELL, rounds=(base.rounds[0], mitchell(9, 2).rounds[1]))
    m = barometer(short)
    assert m.factored
    assert "unequal-sets" not in {p.code for p in m.problems()}
