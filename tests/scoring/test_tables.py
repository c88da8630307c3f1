"""Every deal under every law set, against a reference written from the seeds' tables.

The reference below does not call the library's law sets: it is the seeds'
tables copied out as plain numbers (contract points per trick, overtrick values,
per-trick undertrick lists, bonuses) and the seeds' rules for adding them up.
Each law set is checked for all 7 levels x 5 strains x 3 doublings x 2
vulnerabilities x 14 trick counts (0-13), total and element by element.

Seed references: ``000`` is the Finnish "Bridgen pistelasku", ``001`` the Spanish
"Puntuación de puente".
"""

from __future__ import annotations

import pytest

from bridgescore import (
    Contract,
    Doubling,
    ResultError,
    ScoreBreakdown,
    Strain,
    TableResult,
    score,
)

UNDOUBLED, DOUBLED, REDOUBLED = Doubling.UNDOUBLED, Doubling.DOUBLED, Doubling.REDOUBLED
LAWS = ("2017", "1987", "1935", "1932")
ELEMENTS = (
    "contract_points",
    "overtrick_points",
    "slam_bonus",
    "insult_bonus",
    "game_bonus",
    "partscore_bonus",
    "undertrick_penalty",
)

# --- the reference: the seeds' tables as plain numbers -------------------------------------------

# 001 'Puntos de contrato': undoubled value of the 1st..7th odd trick. Notrump 40 then 30 since 1935
# (001 'En 1935 esto se convirtió en 40, 30, 30, 30...'); 30, 40, 30, 40... in the 1932 laws
# (001 'puntúan 30, 40, 30, 40, 30, 40, 30', which also prices undoubled overtricks).
MINOR = (20, 20, 20, 20, 20, 20, 20)
MAJOR = (30, 30, 30, 30, 30, 30, 30)
NOTRUMP_SINCE_1935 = (40, 30, 30, 30, 30, 30, 30)
NOTRUMP_1932 = (30, 40, 30, 40, 30, 40, 30)


def trick_values(law: str, strain: Strain) -> tuple[int, ...]:
    if strain is Strain.NOTRUMP:
        return NOTRUMP_1932 if law == "1932" else NOTRUMP_SINCE_1935
    return MINOR if strain in (Strain.CLUBS, Strain.DIAMONDS) else MAJOR


# 001 'Puntos de contrato': doubled x2, redoubled x4 (000: 'kaksinkertaistetaan',
# 'nelinkertaistetaan').
MULTIPLIER = {UNDOUBLED: 1, DOUBLED: 2, REDOUBLED: 4}

# 001 'Puntos Overtrick' / 000 'Ylitikeistä saatava bonus': per doubled or redoubled overtrick,
# keyed (vulnerable, doubling).
DOUBLED_OVERTRICK = {
    (False, DOUBLED): 100,
    (True, DOUBLED): 200,
    (False, REDOUBLED): 200,
    (True, REDOUBLED): 400,
}

# Per-trick undertrick values, 1st to 13th undertrick, keyed (vulnerable, doubling).
# 2017 and 1987: 000 'pietit' and 001 'Puntos de penalización' / 'Después de 1987'.
SINCE_1987 = {
    (False, UNDOUBLED): (50, 50, 50, 50, 50, 50, 50, 50, 50, 50, 50, 50, 50),
    (True, UNDOUBLED): (100, 100, 100, 100, 100, 100, 100, 100, 100, 100, 100, 100, 100),
    (False, DOUBLED): (100, 200, 200, 300, 300, 300, 300, 300, 300, 300, 300, 300, 300),
    (True, DOUBLED): (200, 300, 300, 300, 300, 300, 300, 300, 300, 300, 300, 300, 300),
    (False, REDOUBLED): (200, 400, 400, 600, 600, 600, 600, 600, 600, 600, 600, 600, 600),
    (True, REDOUBLED): (400, 600, 600, 600, 600, 600, 600, 600, 600, 600, 600, 600, 600),
}
# 1935: 001 'Hasta 1987', column '1935-1987'; redoubled is twice doubled ('Los trucos redoblados
# siempre han obtenido el doble de puntos que los mismos trucos dobles').
FROM_1935 = {
    (False, UNDOUBLED): (50, 50, 50, 50, 50, 50, 50, 50, 50, 50, 50, 50, 50),
    (True, UNDOUBLED): (100, 100, 100, 100, 100, 100, 100, 100, 100, 100, 100, 100, 100),
    (False, DOUBLED): (100, 200, 200, 200, 200, 200, 200, 200, 200, 200, 200, 200, 200),
    (True, DOUBLED): (200, 300, 300, 300, 300, 300, 300, 300, 300, 300, 300, 300, 300),
    (False, REDOUBLED): (200, 400, 400, 400, 400, 400, 400, 400, 400, 400, 400, 400, 400),
    (True, REDOUBLED): (400, 600, 600, 600, 600, 600, 600, 600, 600, 600, 600, 600, 600),
}
# 1932: 001 'Hasta 1987', column 'Antes de 1935', read as per-trick values.
BEFORE_1935 = {
    (False, UNDOUBLED): (50, 50, 50, 50, 50, 50, 50, 50, 50, 50, 50, 50, 50),
    (True, UNDOUBLED): (100, 150, 200, 250, 300, 350, 400, 450, 500, 550, 600, 650, 700),
    (False, DOUBLED): (100, 150, 200, 250, 300, 350, 400, 450, 500, 550, 600, 650, 700),
    (True, DOUBLED): (200, 300, 400, 500, 600, 700, 800, 900, 1000, 1100, 1200, 1300, 1400),
    (False, REDOUBLED): (200, 300, 400, 500, 600, 700, 800, 900, 1000, 1100, 1200, 1300, 1400),
    (True, REDOUBLED): (400, 600, 800, 1000, 1200, 1400, 1600, 1800, 2000, 2200, 2400, 2600, 2800),
}
UNDERTRICKS = {"2017": SINCE_1987, "1987": SINCE_1987, "1935": FROM_1935, "1932": BEFORE_1935}

# 001 'Bonificación duplicada o redoblada' / 000 'Insulttibonus' (today: 50 and 100);
# 001 '... solía ser de solo 50' for the redoubled insult before it became 100.
INSULT = {
    "2017": {UNDOUBLED: 0, DOUBLED: 50, REDOUBLED: 100},
    "1987": {UNDOUBLED: 0, DOUBLED: 50, REDOUBLED: 50},
    "1935": {UNDOUBLED: 0, DOUBLED: 50, REDOUBLED: 50},
    "1932": {UNDOUBLED: 0, DOUBLED: 50, REDOUBLED: 50},
}
# Keyed by vulnerable: 001 'Bono de golpe', 'Bono de juego o parte del juego'; 000 'Slammibonus',
# 'Täyspelibonus'.
SMALL_SLAM = {False: 500, True: 750}
GRAND_SLAM = {False: 1000, True: 1500}
GAME = {False: 300, True: 500}
PARTSCORE = 50
GAME_LINE = 100  # 001: 'uno que obtenga 100 o más puntos' is a game


def reference(
    law: str, level: int, strain: Strain, doubling: Doubling, vulnerable: bool, tricks: int
) -> dict[str, int]:
    """The seeds' score of one deal, element by element (declaring side's view)."""
    elements = dict.fromkeys(ELEMENTS, 0)
    needed = level + 6
    if tricks < needed:
        down = needed - tricks
        elements["undertrick_penalty"] = sum(UNDERTRICKS[law][(vulnerable, doubling)][:down])
        return elements
    values = trick_values(law, strain)
    contract = sum(values[:level]) * MULTIPLIER[doubling]
    over = tricks - needed
    elements["contract_points"] = contract
    if doubling is UNDOUBLED:
        # each overtrick is worth the odd trick it is: trick numbers level+1 .. level+over
        elements["overtrick_points"] = sum(values[level : level + over])
    else:
        elements["overtrick_points"] = over * DOUBLED_OVERTRICK[(vulnerable, doubling)]
    if level == 6:
        elements["slam_bonus"] = SMALL_SLAM[vulnerable]
    elif level == 7:
        elements["slam_bonus"] = GRAND_SLAM[vulnerable]
    elements["insult_bonus"] = INSULT[law][doubling]
    if contract >= GAME_LINE:
        elements["game_bonus"] = GAME[vulnerable]
    else:
        elements["partscore_bonus"] = PARTSCORE
    return elements


def reference_total(elements: dict[str, int]) -> int:
    return (
        sum(v for k, v in elements.items() if k != "undertrick_penalty")
        - elements["undertrick_penalty"]
    )


def breakdown_elements(b: ScoreBreakdown) -> dict[str, int]:
    return {name: getattr(b, name) for name in ELEMENTS}


# --- the exhaustive comparison -------------------------------------------------------------------


@pytest.mark.parametrize("strain", list(Strain), ids=lambda s: s.letter)
@pytest.mark.parametrize("level", range(1, 8))
@pytest.mark.parametrize("law", LAWS)
def test_every_deal_matches_the_seed_tables(law: str, level: int, strain: Strain) -> None:
    mismatches = []
    cases = 0
    for doubling in Doubling:
        for vulnerable in (False, True):
            for tricks in range(14):
                contract = Contract(level, strain, doubling)
                got = score(contract, tricks, vulnerable=vulnerable, laws=law)
                want = reference(law, level, strain, doubling, vulnerable, tricks)
                cases += 1
                if breakdown_elements(got) != want or got.total != reference_total(want):
                    mismatches.append((str(TableResult(contract, tricks)), vulnerable, got, want))
    assert cases == 3 * 2 * 14
    assert mismatches == []


def test_the_reference_covers_every_possible_result() -> None:
    # A level-L contract needs L+6 tricks: it can make at most 13 (7 - L overtricks) and go
    # down at most L+6; tricks 0-13 are every possible count and nothing else.
    for level in range(1, 8):
        needed = level + 6
        assert [needed - t for t in range(14) if t < needed] == list(range(needed, 0, -1))
        assert [t - needed for t in range(14) if t >= needed] == list(range(0, 14 - needed))
    for bad in (14, -1):
        with pytest.raises(ResultError):
            TableResult(Contract(7, Strain.NOTRUMP), bad)


def test_reference_ladders_are_thirteen_long() -> None:
    for ladders in UNDERTRICKS.values():
        assert set(ladders) == {(vul, d) for vul in (False, True) for d in Doubling}
        assert all(len(values) == 13 for values in ladders.values())


# --- well-known figures, pinned as literal numbers ------------------------------------------------

PINNED = [
    # law, result, vulnerable, declarer's total
    ("2017", "4S=", True, 620),
    ("2017", "4S=", False, 420),
    ("2017", "3NT=", False, 400),
    ("2017", "3NT=", True, 600),
    ("2017", "3NT-1", True, -100),
    ("2017", "4SX=", True, 790),
    ("2017", "3NTX-2", False, -300),
    ("2017", "4SX-4", False, -800),
    ("2017", "4SX-3", True, -800),
    ("2017", "2HX=", False, 470),
    ("2017", "1CXX=", False, 230),
    ("2017", "1NTXX+6", True, 3160),
    ("2017", "6NT=", False, 990),
    ("2017", "7NT=", True, 2220),
    ("2017", "7H=", True, 2210),
    ("2017", "5CXX+1", True, 1400),
    ("2017", "7SX-9", False, -2300),
    ("2017", "7NTXX-13", True, -7600),
    ("2017", "7NTXX-13", False, -7000),
    ("1987", "1CXX=", False, 180),
    ("1987", "1NTXX+6", True, 3110),
    ("1987", "5CXX+1", True, 1350),
    ("1987", "7SX-9", False, -2300),
    ("1987", "4SX-4", False, -800),
    ("1935", "7SX-9", False, -1700),
    ("1935", "7SX-11", False, -2100),
    ("1935", "4SX-4", False, -700),
    ("1935", "4SX-3", True, -800),
    ("1935", "7NTXX-13", True, -7600),
    ("1935", "7NTXX-13", False, -5000),
    ("1935", "3NT=", False, 400),
    ("1935", "1NTXX+6", True, 3110),
    ("1932", "1NT+2", False, 150),  # 30 + 40 + 30 + 50 partscore
    ("1932", "1NT+6", False, 290),  # 30 + (40+30+40+30+40+30) + 50
    ("1932", "2NT=", False, 120),  # 30 + 40 = 70, a partscore
    ("1932", "3NT=", False, 400),  # 30 + 40 + 30 = 100, a game
    ("1932", "2NTX=", False, 490),  # 140 + 50 + 300
    ("1932", "7NT=", False, 1540),  # 240 + 1000 + 300
    ("1932", "4S-3", True, -450),  # 100 + 150 + 200
    ("1932", "4SX-3", False, -450),  # 100 + 150 + 200
    ("1932", "7NT-13", False, -650),
    ("1932", "7NT-13", True, -5200),
    ("1932", "7NTX-13", True, -10400),
    ("1932", "7NTXX-13", False, -10400),
    ("1932", "7NTXX-13", True, -20800),
]


@pytest.mark.parametrize(("law", "result", "vulnerable", "total"), PINNED)
def test_well_known_figure(law: str, result: str, vulnerable: bool, total: int) -> None:
    assert score(result, vulnerable=vulnerable, laws=law).total == total


def test_1932_notrump_tricks_run_30_40_30() -> None:
    made_9 = score("1NT", 9, vulnerable=False, laws="1932")
    assert (made_9.contract_points, made_9.overtrick_points) == (30, 40 + 30)
    assert score("3NT", 9, vulnerable=False, laws="1932").contract_points == 30 + 40 + 30
    two_nt_plus_5 = score("2NT", 13, vulnerable=False, laws="1932")
    assert two_nt_plus_5.overtrick_points == 30 + 40 + 30 + 40 + 30
    assert score("7NT", 13, vulnerable=False, laws="1932").contract_points == 240
    # doubled overtricks are not trick values: 100 each not vulnerable
    assert score("1NTX", 9, vulnerable=False, laws="1932").overtrick_points == 200
