"""The solver (DDS through endplay): hand-checked tables and par, one seat that makes par,
batches against single deals, threads, and a deal that is not whole (without the dd
extra: test_solver_missing.py)."""

from __future__ import annotations

import itertools

import pytest

from analysis.files import needs_dd
from bridgescore.analysis.model import Analysis, DoubleDummy, Par, ParContract
from bridgescore.analysis.solver import CHUNK, solve
from bridgescore.core.hands import Card, Hands, Rank
from bridgescore.core.seats import Seat
from bridgescore.core.strains import Strain
from bridgescore.core.vulnerability import BoardInfo, Vulnerability

N, E, S, W = Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST
NT, SP, HE, DI, CL = Strain.NOTRUMP, Strain.SPADES, Strain.HEARTS, Strain.DIAMONDS, Strain.CLUBS

pytestmark = needs_dd

GOLDEN = Hands.from_pbn("N:AKQJT98..432.AKQ .AKQJT98.AKQ.432 765432..JT98765. .765432..JT98765")
"""North ♠AKQJT98 ♦432 ♣AKQ; East ♥AKQJT98 ♦AKQ ♣432; South ♠765432 ♦JT98765; West
♥765432 ♣JT98765: each side holds all 13 cards of its major, and its long minor is
headed by the other side's three top cards."""

# Checked by hand. In spades North-South hold all 13 trumps; East-West's only winners are
# East's ♦AKQ (hearts are ruffed, North's ♣AKQ are the top clubs): 10 tricks. In
# diamonds North-South lose the three top trumps and nothing else: 10. In notrump the
# defence leads hearts through East's seven top hearts and ♦AKQ (10 tricks), in hearts
# East-West hold every trump: either way North-South keep only ♣AKQ, 3; in clubs only
# ♣AKQ are winners before East-West ruff, 3. East-West's figures are the same, the suits
# exchanged (hearts for spades, clubs for diamonds).
GOLDEN_TABLE = DoubleDummy.of_table(
    {
        N: {CL: 3, DI: 10, HE: 3, SP: 10, NT: 3},
        S: {CL: 3, DI: 10, HE: 3, SP: 10, NT: 3},
        E: {CL: 10, DI: 3, HE: 10, SP: 3, NT: 3},
        W: {CL: 10, DI: 3, HE: 10, SP: 3, NT: 3},
    }
)
# Par: both sides make 4 of their major (420 or 620); spades outrank hearts, so North-South
# buy it in 4♠, and East-West sacrifice at the five level in hearts or clubs, doubled,
# one down (their ten tricks): -100 not vulnerable, -200 vulnerable, always cheaper than
# the game. North-South's 5♠ would be one down. Whoever deals, the par is the same.
SACRIFICES = (
    ParContract(5, HE, True, (E, W), 10),
    ParContract(5, CL, True, (E, W), 10),
)


@pytest.mark.parametrize("board", range(1, 17))
def test_the_golden_deal_on_every_board(board: int) -> None:
    info = BoardInfo.of(board)
    solved = solve([(info, GOLDEN)])
    assert solved.problems == ()
    ew_vulnerable = info.vulnerability in (Vulnerability.EW, Vulnerability.BOTH)
    assert solved.analyses == {
        board: Analysis(GOLDEN_TABLE, Par(200 if ew_vulnerable else 100, SACRIFICES))
    }


def test_the_golden_deal_both_vulnerable_and_not() -> None:
    # board 4: both vulnerable (EW 5♥X-1 costs 200); board 1: nobody (100); board 2: only
    # North-South vulnerable (East-West's sacrifice still costs 100, against 620)
    solved = solve([(BoardInfo.of(n), GOLDEN) for n in (1, 2, 4)])
    assert {n: a.par for n, a in solved.analyses.items()} == {
        1: Par(100, SACRIFICES),
        2: Par(100, SACRIFICES),
        4: Par(200, SACRIFICES),
    }
    assert [c.to_pbn() for c in SACRIFICES] == ["EW 5HX-1", "EW 5CX-1"]


SOLID = Hands.from_pbn("N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432")
"""North holds every spade, East every heart, South every diamond, West every club."""

# Worked out by hand. A side declaring one of its own suits takes all 13 tricks, from
# either seat: the hand with the trumps ruffs the opening lead (the trump suit is never
# led, no one else holds it) and then leads trumps, which no one can follow or beat.
# A side declaring the other side's suit takes nothing: the defender holding it leads it
# or ruffs with it, then runs it. In notrump the opening leader runs his suit: 13 for the
# defence, 0 for every declarer.
SOLID_TABLE = DoubleDummy.of_table(
    {
        N: {CL: 0, DI: 13, HE: 0, SP: 13, NT: 0},
        S: {CL: 0, DI: 13, HE: 0, SP: 13, NT: 0},
        E: {CL: 13, DI: 0, HE: 13, SP: 0, NT: 0},
        W: {CL: 13, DI: 0, HE: 13, SP: 0, NT: 0},
    }
)


@pytest.mark.parametrize(
    ("board", "score"),
    [
        # Both sides make seven of their suits; North-South's 7♠ outranks every contract
        # East-West make, and only 7NT is higher, where East-West take nothing (13 down
        # doubled: thousands). Par is 7♠ by North-South: 210 + 300 + 1000 not vulnerable,
        # 210 + 500 + 1500 vulnerable.
        (1, 1510),  # nobody vulnerable
        (2, 2210),  # North-South vulnerable
        (3, 1510),  # East-West vulnerable
        (4, 2210),  # both
    ],
)
def test_a_grand_slam_in_every_side_suit(board: int, score: int) -> None:
    solved = solve([(BoardInfo.of(board), SOLID)])
    assert solved.analyses[board] == Analysis(
        SOLID_TABLE, Par(score, (ParContract(7, SP, False, (N, S), 13),))
    )


def test_only_one_seat_of_a_side_makes_par() -> None:
    # BridgeComposer 2025-12-23 (tests/io/data/pbn), board 12: West deals, North-South
    # vulnerable. The file: DoubleDummyTricks 55577555778885678756, ParContract E 1N+1,
    # OptimumScore EW 120. East takes 8 tricks in notrump, West only 7: 1NT+1 is East's.
    hands = Hands.from_pbn("W:AKJT.Q53.952.A92 Q43.T9.8764.J643 7652.J864.AQ.K87 98.AK72.KJT3.QT5")
    solved = solve([(BoardInfo.of(12), hands)])
    analysis = solved.analyses[12]
    assert analysis.tricks == DoubleDummy.from_pbn("55577555778885678756")
    assert (analysis.tricks.of(E, NT), analysis.tricks.of(W, NT)) == (8, 7)
    assert analysis.par == Par(-120, (ParContract(1, NT, False, (E,), 8),))
    assert analysis.par.contracts_to_pbn() == "E 1N+1"
    assert analysis.par.score_to_pbn() == "EW 120"


_RANKS = tuple(reversed(Rank))
_SUITS = (SP, HE, DI, CL)


def _varied(index: int) -> Hands:
    """A deal quick to solve, different for every ``index`` below 96: each seat holds one
    whole suit (24 ways), then North and East exchange their ``index // 24`` lowest cards,
    and South and West their ``index * 7 % 5`` lowest."""
    order = list(itertools.permutations(_SUITS))[index % 24]
    hands = {seat: [Card(order[seat], rank) for rank in _RANKS] for seat in Seat}
    for (a, b), count in (((N, E), index // 24), ((S, W), index * 7 % 5)):
        for _ in range(count):
            low_a, low_b = hands[a].pop(), hands[b].pop()
            hands[a].insert(0, low_b)
            hands[b].insert(0, low_a)
    return Hands(*(frozenset(hands[seat]) for seat in Seat))


def test_seventy_deals_in_three_chunks_are_each_deal_solved_alone() -> None:
    boards = [(BoardInfo.of(n), _varied(n - 1)) for n in range(1, 71)]
    assert len(boards) > 2 * CHUNK
    assert len({hands for _board, hands in boards}) == 70
    together = solve(boards)
    assert together.problems == ()
    alone = {}
    for board in boards:
        alone.update(solve([board]).analyses)
    assert together.analyses == alone
    assert sorted(together.analyses) == list(range(1, 71))
    assert len({a.tricks for a in together.analyses.values()}) > 60  # the deals differ


def test_one_thread_finds_what_every_thread_finds() -> None:
    boards = [(BoardInfo.of(n), _varied(n * 3)) for n in range(1, 33)]
    boards.append((BoardInfo.of(33), GOLDEN))
    assert solve(boards, jobs=1) == solve(boards, jobs=None) == solve(boards, jobs=2)


def test_a_deal_that_is_not_whole_is_named_and_the_others_solved() -> None:
    north = GOLDEN.hand(N)
    assert north is not None
    twelve = Hands(
        frozenset(c for c in north if c != Card(SP, Rank.ACE)), GOLDEN.east, GOLDEN.south, None
    )
    solved = solve([(BoardInfo.of(1), GOLDEN), (BoardInfo.of(2), twelve), (BoardInfo.of(3), SOLID)])
    assert sorted(solved.analyses) == [1, 3]
    assert [str(p) for p in solved.problems] == [
        "board 2: the deal is not 52 cards, 13 a hand (N 12, E 13, S 13, W 0); it is not analysed"
    ]


def test_no_deal_no_analysis() -> None:
    assert solve([]).analyses == {}
