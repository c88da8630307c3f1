"""What a Swiss's rounds still to draw can do once a team leaves (issue 28): whether they
can all be drawn without a rematch the rules forbid, and who runs out of new opponents.
Every case is worked by hand in its docstring."""

from __future__ import annotations

from bridgescore.events.movements.swiss import Draw, Pairing, Rematches, SwissRules, draws_ahead
from bridgescore.events.team_sections import SectionSchedule, TeamField, TeamsInSections


def _draw(round_no: int, *tables: tuple[str, str], bye: str | None = None) -> Draw:
    return Draw(
        round_no,
        tuple(Pairing(n, a, b, "") for n, (a, b) in enumerate(tables, start=1)),
        bye,
    )


def _swiss(sizes: tuple[int, ...], rounds: int) -> TeamsInSections:
    return TeamsInSections(TeamField.of_sizes(sizes), SectionSchedule.SWISS, 2, rounds)


def test_a_five_team_section_losing_a_team_after_round_1_must_rematch() -> None:
    """Two sections of 5, 5 rounds (a 5-team round robin with a bye each round). Round 1:
    A1 v A2, A3 v A4, A5 on the bye (B alike). A5 leaves from round 2: A's 4 teams draw
    rounds 2-5 with no bye, and each has met one of the other three: 2 new opponents for 4
    rounds, all four bound to meet someone again. B is untouched: 5 teams, a bye each
    round, B1 v B2 and B3 v B4 met; rounds 2-5 are the rest of a 5-team round robin (B1 v
    B3, B2 v B5, B4 bye; B1 v B4, B3 v B5, B2 bye; B1 v B5, B2 v B4, B3 bye; B2 v B3, B4 v
    B5, B1 bye)."""
    plan = _swiss((5, 5), 5)
    drawn = [
        {
            "A": _draw(1, ("A1", "A2"), ("A3", "A4"), bye="A5"),
            "B": _draw(1, ("B1", "B2"), ("B3", "B4"), bye="B5"),
        }
    ]
    before = plan.draws_ahead(drawn)
    assert (before["A"].clear, before["A"].byes) == (True, (2, 3, 4, 5))
    after = plan.withdraw("A5", 2, 1).draws_ahead(drawn)
    a, b = after["A"], after["B"]
    assert (a.first, a.last, a.counts, a.byes) == (2, 5, (4, 4, 4, 4), ())
    assert (a.rematch_forced, a.short) == (True, ("A1", "A2", "A3", "A4"))
    assert (b.counts, b.byes, b.clear, b.short) == ((5, 5, 5, 5), (2, 3, 4, 5), True, ())


def test_six_teams_for_five_rounds_losing_one_before_the_start_can_still_be_drawn() -> None:
    """Two sections of 6, 5 rounds. A6 leaves from round 1, nothing drawn: A's 5 teams
    play 5 rounds with a bye each round, a 5-team round robin (each team meets the other
    four and sits out once): no rematch is needed."""
    ahead = _swiss((6, 6), 5).withdraw("A6", 1, 0).draws_ahead([])
    a = ahead["A"]
    assert (a.counts, a.byes, a.clear, a.short) == ((5,) * 5, (1, 2, 3, 4, 5), True, ())
    assert (ahead["B"].counts, ahead["B"].clear) == ((6,) * 5, True)


def test_every_team_with_opponents_left_can_still_be_stuck() -> None:
    """Six teams, 5 rounds: 1, 2 and 3 have met 4, 5 and 6 in rounds 1-3 (1 v 4, 2 v 5,
    3 v 6; 1 v 5, 2 v 6, 3 v 4; 1 v 6, 2 v 4, 3 v 5). Each has two opponents left for the
    two rounds left, but those not met are 1, 2, 3 among themselves and 4, 5, 6 among
    themselves: three teams cannot be paired among themselves, so round 4 has no draw
    without a rematch. Allowing a second meeting, it has."""
    drawn = [
        _draw(1, ("1", "4"), ("2", "5"), ("3", "6")),
        _draw(2, ("1", "5"), ("2", "6"), ("3", "4")),
        _draw(3, ("1", "6"), ("2", "4"), ("3", "5")),
    ]
    teams = ("1", "2", "3", "4", "5", "6")
    stuck = draws_ahead(drawn, [teams, teams])
    assert (stuck.first, stuck.last, stuck.clear, stuck.short) == (4, 5, False, ())
    assert draws_ahead(drawn, [teams, teams], SwissRules(Rematches.TWICE)).clear is True
    assert draws_ahead(drawn, [teams, teams], SwissRules(Rematches.DANISH)).clear is True
    assert draws_ahead(drawn, []).clear is True  # every round drawn


def test_a_field_of_hundreds_is_searched_as_far_as_it_can_tell() -> None:
    """300 teams, round 1 drawn (1 v 300, 2 v 299 ...), one leaving: 299 teams for 8
    rounds, 149 tables and a bye each. Every team has 298 opponents left, so none is
    short; the search draws as many rounds as hold 300 tables (two) and, finding them,
    cannot tell for the rest."""
    teams = [str(n) for n in range(1, 301)]
    drawn = [_draw(1, *((teams[k], teams[299 - k]) for k in range(150)))]
    ahead = draws_ahead(drawn, [teams[:-1]] * 8)
    assert (ahead.counts, ahead.clear, ahead.short) == ((299,) * 8, None, ())
