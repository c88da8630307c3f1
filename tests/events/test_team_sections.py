"""Teams in sections: the field dealt into sections, each section's round robin or Swiss
among its own teams on its own tables, and each section ranked apart."""

from __future__ import annotations

from dataclasses import replace

import pytest

from bridgescore.events.movements.limits import MovementTooLargeError
from bridgescore.events.movements.model import MovementError
from bridgescore.events.movements.swiss import Draw, Rematches, Standing, SwissRules
from bridgescore.events.movements.teams import Match
from bridgescore.events.team_sections import (
    MOST_TEAMS_IN_A_FIELD,
    SectionSchedule,
    TeamField,
    TeamSection,
    TeamsInSections,
    check_teams,
    match_numbers,
    section_draws,
    section_robins,
    section_sizes,
    section_standings,
    sectioned_robins,
    teams_in_sections,
    with_section_draws,
)
from bridgescore.events.teams import ByeAward, ByeScore, TeamsResult, TeamStanding, with_byes
from bridgescore.events.vocabulary import Scoring


@pytest.mark.parametrize(
    ("teams", "sections", "sizes"),
    [
        (23, 3, (8, 8, 7)),
        (16, 2, (8, 8)),
        (5, 2, (3, 2)),
        (7, 1, (7,)),
        (300, 26, (12,) * 14 + (11,) * 12),
    ],
)
def test_teams_are_dealt_into_sections_as_evenly_as_possible(
    teams: int, sections: int, sizes: tuple[int, ...]
) -> None:
    assert section_sizes(teams, sections) == sizes


@pytest.mark.parametrize(
    ("teams", "sections", "message"),
    [
        (3, 2, "3 teams cannot make 2 sections: each needs at least 2 teams"),
        (60, 0, "a field has 1 to 26 sections, not 0"),
        (60, 27, "a field has 1 to 26 sections, not 27"),
    ],
)
def test_a_field_that_cannot_be_split_says_why(teams: int, sections: int, message: str) -> None:
    with pytest.raises(MovementError, match=message):
        section_sizes(teams, sections)


def test_teams_are_named_by_section_and_number() -> None:
    field = TeamField.of_sizes((3, 2))
    assert field.teams == ("A1", "A2", "A3", "B1", "B2")
    assert field.section_of("B2") == "B"
    assert field.section("A").number("A3") == "3"
    assert TeamField.from_json(field.to_json()) == field
    with pytest.raises(MovementError, match="team C1 is in no section"):
        field.section_of("C1")
    with pytest.raises(MovementError, match="section B: team 'A9' is not named by its section"):
        TeamSection("B", ("B1", "A9"))
    with pytest.raises(MovementError, match="section 1: field 'teams' must be a list"):
        TeamField.from_json('{"sections": [{"letter": "A", "teams": "A1"}]}')


def test_each_section_plays_its_own_round_robin_on_its_own_tables() -> None:
    field = TeamField.of_sizes((4, 3))
    movement = sectioned_robins(field, 2).flattened()
    # A: 4 teams, 3 rounds of 2 matches (tables 1-4); B: 3 teams, 3 rounds of one match
    # and a bye (tables 5-6, after A's last).
    assert len(movement.rounds) == 3
    assert [t.table for t in movement.rounds[0].tables] == [1, 2, 3, 4, 5, 6]
    # B's round 1: team 1 has the bye; 3 (one place ahead of 2 round the circle) is at
    # home, North-South in the open room (table 5), East-West in the closed (table 6).
    first = movement.rounds[0]
    assert first.sit_outs == ("B1",)
    assert [(t.table, t.ns, t.ew, t.boards) for t in first.tables[4:]] == [
        (5, "B3", "B2", (1, 2)),
        (6, "B2", "B3", (2, 1)),  # the closed room plays the other half first
    ]
    assert [r.sit_outs for r in movement.rounds] == [("B1",), ("B2",), ("B3",)]
    met: dict[str, set[str]] = {}
    for rnd in movement.rounds:
        for t in rnd.tables:
            met.setdefault(t.ns, set()).add(t.ew)
    for section in field.sections:
        for team in section.teams:  # every other team of its section, none of another
            assert met[team] == set(section.teams) - {team}
    robins = section_robins(field, 2)
    assert [r.teams for r in robins] == [("A1", "A2", "A3", "A4"), ("B1", "B2", "B3")]
    assert [r.problems() for r in robins] == [[], []]


def standings(*rows: tuple[str, float]) -> list[Standing]:
    return [Standing(team, vp) for team, vp in rows]


def test_each_section_draws_its_own_swiss() -> None:
    field = TeamField.of_sizes((4, 3))
    draws = section_draws(
        field,
        {
            "A": standings(("A1", 0), ("A2", 0), ("A3", 0), ("A4", 0)),
            "B": standings(("B1", 0), ("B2", 0), ("B3", 0)),
        },
    )
    assert [(p.higher, p.lower) for p in draws["A"].pairings] == [("A1", "A2"), ("A3", "A4")]
    assert [(p.higher, p.lower) for p in draws["B"].pairings] == [("B1", "B2")]
    assert draws["B"].bye == "B3"
    movement = with_section_draws(None, field, draws, (1, 2, 3, 4)).flattened()
    assert [(t.table, t.ns, t.ew) for t in movement.rounds[0].tables] == [
        (1, "A1", "A2"),
        (2, "A2", "A1"),
        (3, "A3", "A4"),
        (4, "A4", "A3"),
        (5, "B1", "B2"),
        (6, "B2", "B1"),
    ]
    assert movement.rounds[0].sit_outs == ("B3",)
    # Round 2: A1 and A3 won, B2 won; B3 had the bye, so B1 (the lowest without one) sits out.
    second = section_draws(
        field,
        {
            "A": [
                Standing("A1", 15, opponents=("A2",)),
                Standing("A3", 14, opponents=("A4",)),
                Standing("A4", 6, opponents=("A3",)),
                Standing("A2", 5, opponents=("A1",)),
            ],
            "B": [
                Standing("B2", 16, opponents=("B1",)),
                Standing("B3", 12, opponents=(None,), had_bye=True),
                Standing("B1", 4, opponents=("B2",)),
            ],
        },
    )
    assert [(p.higher, p.lower) for p in second["A"].pairings] == [("A1", "A3"), ("A4", "A2")]
    assert [(p.higher, p.lower) for p in second["B"].pairings] == [("B2", "B3")]
    assert second["B"].bye == "B1"
    both = with_section_draws(
        with_section_draws(None, field, draws, (1, 2, 3, 4)), field, second, (5, 6, 7, 8)
    ).flattened()
    assert [(t.table, t.ns, t.ew, t.boards[0]) for t in both.rounds[1].tables] == [
        (1, "A1", "A3", 5),
        (2, "A3", "A1", 7),
        (3, "A4", "A2", 5),
        (4, "A2", "A4", 7),
        (5, "B2", "B3", 5),
        (6, "B3", "B2", 7),
    ]


def test_a_section_draws_only_among_its_own_teams() -> None:
    field = TeamField.of_sizes((2, 2))
    with pytest.raises(MovementError, match="section A: B1 is not one of its teams"):
        section_draws(
            field,
            {"A": standings(("A1", 0), ("B1", 0)), "B": standings(("B1", 0), ("B2", 0))},
        )
    with pytest.raises(MovementError, match="section B has no standings to draw from"):
        section_draws(field, {"A": standings(("A1", 0), ("A2", 0))})


def test_each_section_is_ranked_on_its_own() -> None:
    field = TeamField.of_sizes((3, 3))
    rows = (
        TeamStanding("1", "A1", 30.0, 50, 20, 2),
        TeamStanding("2", "B1", 28.0, 40, 30, 2),
        TeamStanding("3=", "A2", 20.0, 45, 40, 2),
        TeamStanding("3=", "B2", 20.0, 30, 40, 2),
        TeamStanding("5", "A3", 10.0, 20, 45, 2),
    )
    result = TeamsResult(Scoring.IMPS, "WBF", (), rows)
    ranked = section_standings(result, field)
    assert [(s.place, s.team, s.vp) for s in ranked["A"]] == [
        ("1", "A1", 30.0),
        ("2", "A2", 20.0),
        ("3", "A3", 10.0),
    ]
    # B3 has no match yet: last, with none.
    assert [(s.place, s.team, s.vp, s.matches) for s in ranked["B"]] == [
        ("1", "B1", 28.0, 2),
        ("2", "B2", 20.0, 2),
        ("3", "B3", 0.0, 0),
    ]


def test_a_round_robin_in_sections_has_a_bye_for_each_odd_section() -> None:
    plan = teams_in_sections(10, 2, SectionSchedule.ROBIN, 2)
    assert [len(s.teams) for s in plan.field.sections] == [5, 5]
    assert plan.rounds == 5
    # With an odd count, team r has the bye in round r: one in each section.
    assert plan.byes() == {r: (f"A{r}", f"B{r}") for r in range(1, 6)}
    uneven = teams_in_sections(9, 2, SectionSchedule.ROBIN, 2)
    assert [len(s.teams) for s in uneven.field.sections] == [5, 4]
    assert uneven.rounds == 5  # A's 5 rounds; B's 4 teams play 3
    assert uneven.byes() == {r: (f"A{r}",) for r in range(1, 6)}
    movement = uneven.movement()
    assert movement == sectioned_robins(uneven.field, 2)
    assert [s.rounds for s in movement.spans()] == [5, 3]
    assert TeamsInSections.from_json(uneven.to_json()) == uneven
    with pytest.raises(MovementError, match="the sections' round robins take 5 rounds, not 4"):
        TeamsInSections(uneven.field, SectionSchedule.ROBIN, 2, 4)


def test_a_swiss_in_sections_is_the_rounds_drawn_so_far() -> None:
    plan = teams_in_sections(7, 2, SectionSchedule.SWISS, 4, rounds=3)
    assert TeamsInSections.from_json(plan.to_json()) == plan
    first = section_draws(
        plan.field,
        {
            "A": standings(("A1", 0), ("A2", 0), ("A3", 0), ("A4", 0)),
            "B": standings(("B1", 0), ("B2", 0), ("B3", 0)),
        },
    )
    movement = plan.movement([first]).flattened()
    assert [(t.table, t.ns, t.ew, t.boards) for t in movement.rounds[0].tables[:2]] == [
        (1, "A1", "A2", (1, 2, 3, 4)),
        (2, "A2", "A1", (3, 4, 1, 2)),  # the closed room starts on the second half
    ]
    assert plan.byes([first]) == {1: ("B3",)}
    with pytest.raises(MovementError, match="no movement before its first draw"):
        plan.movement()
    # Section B has 3 teams: 3 rounds without a rematch, not 4.
    with pytest.raises(
        MovementError,
        match="the smallest section, of 3 teams, plays 1 to 3 Swiss rounds without meeting"
        " twice, not 4",
    ):
        teams_in_sections(7, 2, SectionSchedule.SWISS, 4, rounds=4)
    twice = SwissRules(Rematches.TWICE)
    assert teams_in_sections(7, 2, SectionSchedule.SWISS, 4, 6, twice).rounds == 6
    with pytest.raises(MovementError, match="the sections play 1 to 40 Swiss rounds, not 41"):
        teams_in_sections(7, 2, SectionSchedule.SWISS, 4, 41, twice)
    with pytest.raises(MovementError, match="say how many Swiss rounds"):
        teams_in_sections(7, 2, SectionSchedule.SWISS, 4)


def test_several_byes_in_a_round_are_each_scored() -> None:
    empty = TeamsResult(Scoring.IMPS, "WBF", (), ())
    scored = with_byes(empty, {1: ("A1", "B1"), 2: "A2"}, ByeAward(10))
    assert scored.byes == (
        ByeScore(1, "A1", 10.0),
        ByeScore(1, "B1", 10.0),
        ByeScore(2, "A2", 10.0),
    )
    assert [(s.place, s.team, s.vp, s.byes) for s in scored.standings] == [
        ("1=", "A1", 10.0, 1),
        ("1=", "A2", 10.0, 1),
        ("1=", "B1", 10.0, 1),
    ]


def test_a_sections_matches_are_numbered_within_it() -> None:
    # Section A's two matches, then section B's one: A1, A2 and B1 (rooms A1a ... B1b);
    # in one field the same round's matches are 1, 2 and 3.
    played = [Match("A1", "A2", (1, 2)), Match("A3", "A4", (1, 2)), Match("B2", "B1", (1, 2))]
    assert match_numbers(played, TeamField.of_sizes((4, 3))) == ["A1", "A2", "B1"]
    assert match_numbers(played) == ["1", "2", "3"]


def _first_round(plan: TeamsInSections) -> dict[str, Draw]:
    """Round 1 of a Swiss in sections: every team on 0, drawn in the order given."""
    return plan.next_draws({s.letter: standings(*((t, 0) for t in s.teams)) for s in
                            plan.field.sections}, 1)  # fmt: skip


def test_a_team_leaves_one_section_and_a_late_team_joins_another() -> None:
    plan = teams_in_sections(8, 2, SectionSchedule.SWISS, 2, rounds=3)
    first = _first_round(plan)
    assert [(p.higher, p.lower) for p in first["A"].pairings] == [("A1", "A2"), ("A3", "A4")]
    assert [(p.higher, p.lower) for p in first["B"].pairings] == [("B1", "B2"), ("B3", "B4")]
    # Round 1 is drawn: A4 leaves from round 2, and a late team joins section B as B5.
    after = plan.withdraw("A4", 2, drawn=1).join("B", 2, drawn=1)
    assert after.withdrawn == (("A4", 2),)
    assert after.joined == (("B5", 2),)
    assert after.field.section("B").teams == ("B1", "B2", "B3", "B4", "B5")
    assert after.field.section("A").teams == ("A1", "A2", "A3", "A4")  # A4's row stays
    assert after.playing("A", 1) == ("A1", "A2", "A3", "A4")
    assert after.playing("A", 2) == ("A1", "A2", "A3")
    assert after.playing("B", 1) == ("B1", "B2", "B3", "B4")
    assert after.playing("B", 2) == ("B1", "B2", "B3", "B4", "B5")
    assert TeamsInSections.from_json(after.to_json()) == after
    # Round 2: A1 and A3 won, B1 and B3 won. A4's standing is given but it is not drawn:
    # A's 3 teams have a bye, the lowest (A2, 5 VP) has it, and A1 meets A3. In B, B5
    # (0 VP, no match yet) is the lowest of 5 without a bye; B1 v B3 and B4 v B2.
    second = after.next_draws(
        {
            "A": [
                Standing("A1", 15, opponents=("A2",)),
                Standing("A3", 14, opponents=("A4",)),
                Standing("A4", 6, opponents=("A3",)),
                Standing("A2", 5, opponents=("A1",)),
            ],
            "B": [
                Standing("B1", 16, opponents=("B2",)),
                Standing("B3", 12, opponents=("B4",)),
                Standing("B4", 8, opponents=("B3",)),
                Standing("B2", 4, opponents=("B1",)),
                Standing("B5", 0, opponents=(None,)),
            ],
        },
        2,
    )
    assert [(p.higher, p.lower) for p in second["A"].pairings] == [("A1", "A3")]
    assert second["A"].bye == "A2"
    assert [(p.higher, p.lower) for p in second["B"].pairings] == [("B1", "B3"), ("B4", "B2")]
    assert second["B"].bye == "B5"
    assert after.byes([first, second]) == {2: ("A2", "B5")}
    # Round 1 as it was played (A4 in it); round 2 without A4, B5 on the bye. A's second
    # match's tables (3, 4) stand empty; B keeps its tables 5-8.
    movement = after.movement([first, second]).flattened()
    assert [(t.table, t.ns, t.ew) for t in movement.rounds[0].tables] == [
        (1, "A1", "A2"), (2, "A2", "A1"), (3, "A3", "A4"), (4, "A4", "A3"),
        (5, "B1", "B2"), (6, "B2", "B1"), (7, "B3", "B4"), (8, "B4", "B3"),
    ]  # fmt: skip
    assert [(t.table, t.ns, t.ew) for t in movement.rounds[1].tables] == [
        (1, "A1", "A3"), (2, "A3", "A1"),
        (5, "B1", "B3"), (6, "B3", "B1"), (7, "B4", "B2"), (8, "B2", "B4"),
    ]  # fmt: skip
    assert movement.rounds[1].sit_outs == ("A2", "B5")


def test_a_late_team_that_makes_a_section_a_match_more_gets_new_tables() -> None:
    # 3 and 3: round 1 is A1 v A2 (tables 1-2), B1 v B2 (tables 3-4), A3 and B3 on the bye.
    plan = teams_in_sections(6, 2, SectionSchedule.SWISS, 2, rounds=3)
    first = _first_round(plan)
    assert plan.next_team("A") == "A4"
    after = plan.join("A", 2, drawn=1)
    assert after.next_team("A") == "A5"
    second = after.next_draws(
        {
            "A": [
                Standing("A1", 15, opponents=("A2",)),
                Standing("A3", 12, opponents=(None,), had_bye=True),
                Standing("A2", 5, opponents=("A1",)),
                Standing("A4", 0, opponents=(None,)),
            ],
            "B": [
                Standing("B1", 16, opponents=("B2",)),
                Standing("B3", 12, opponents=(None,), had_bye=True),
                Standing("B2", 4, opponents=("B1",)),
            ],
        },
        2,
    )
    # A has 4 teams now: 1st v 2nd, 3rd v 4th, no bye; B as before.
    assert [(p.higher, p.lower) for p in second["A"].pairings] == [("A1", "A3"), ("A2", "A4")]
    assert second["A"].bye is None
    assert second["B"].bye == "B2"
    sectioned = after.movement([first, second])
    # A's tables 3 and 4 are numbered after the field's (5, 6): B keeps 3 and 4, and
    # with them its links.
    assert [(t.table, t.ns, t.ew) for t in sectioned.flattened().rounds[1].tables] == [
        (1, "A1", "A3"), (2, "A3", "A1"), (3, "B1", "B3"), (4, "B3", "B1"),
        (5, "A2", "A4"), (6, "A4", "A2"),
    ]  # fmt: skip
    assert [sectioned.table_label(n) for n in range(1, 7)] == ["A1", "A2", "B1", "B2", "A3", "A4"]


def test_a_late_change_is_refused_where_it_cannot_be() -> None:
    plan = teams_in_sections(7, 2, SectionSchedule.SWISS, 2, rounds=3)  # A: 4, B: 3
    with pytest.raises(
        MovementError,
        match="round 1 is drawn: a team can leave or join from round 2 to 3, not 1",
    ):
        plan.withdraw("A1", 1, drawn=1)
    with pytest.raises(MovementError, match="all 3 rounds are drawn"):
        plan.join("A", 3, drawn=3)
    with pytest.raises(MovementError, match=r"there is no section 'C' \(the sections are A, B\)"):
        plan.join("C", 2, drawn=1)
    with pytest.raises(MovementError, match="'C1' is not a team drawn in round 2"):
        plan.withdraw("C1", 2, drawn=1)
    gone = plan.withdraw("B3", 2, drawn=1)
    with pytest.raises(MovementError, match="'B3' is not a team drawn in round 3"):
        gone.withdraw("B3", 3, drawn=1)
    with pytest.raises(
        MovementError, match="section B would have 1 team in round 3: a Swiss needs two"
    ):
        gone.withdraw("B2", 3, drawn=1)
    late = plan.join("B", 3, drawn=1)
    with pytest.raises(MovementError, match="'B4' is not a team drawn in round 2"):
        late.withdraw("B4", 2, drawn=1)  # it comes in round 3
    robin = teams_in_sections(7, 2, SectionSchedule.ROBIN, 2)
    with pytest.raises(MovementError, match="a round robin's schedule is fixed"):
        robin.withdraw("A1", 2, drawn=0)
    with pytest.raises(
        MovementError, match="field 'withdrawn': team 'A9' from round 2 is not a team of the field"
    ):
        TeamsInSections.from_json(plan.to_json()[:-1] + ', "withdrawn": [["A9", 2]]}')


def test_a_draw_of_a_team_that_has_left_is_refused() -> None:
    plan = teams_in_sections(8, 2, SectionSchedule.SWISS, 2, rounds=3)
    first = _first_round(plan)
    # A draw made before A4 left (A's round 2 as if it were still there) is not round 2.
    stale = _first_round(plan)
    stale = {letter: replace(d, round=2) for letter, d in stale.items()}
    after = plan.withdraw("A4", 2, drawn=1)
    with pytest.raises(
        MovementError,
        match=r"round 2, section A: A4 is not drawn in it \(it has left, or comes later\)",
    ):
        after.movement([first, stale])
    late = plan.join("B", 2, drawn=1)
    with pytest.raises(MovementError, match="round 2, section B: B5 is playing but not drawn"):
        late.movement([first, stale])
    with pytest.raises(MovementError, match="section B: B5 has no standing to be drawn from"):
        late.next_draws({s.letter: standings(*((t, 0) for t in s.teams[:4])) for s in
                         late.field.sections}, 2)  # fmt: skip


def test_a_teams_field_is_held_to_300_teams_and_a_round_robin_to_40() -> None:
    # 300 teams are 150 matches, two tables each: the 300 tables of a field
    assert MOST_TEAMS_IN_A_FIELD == 300
    check_teams(300, 1, SectionSchedule.SWISS)
    check_teams(300, 8, SectionSchedule.ROBIN)  # sections of 38 and 37
    with pytest.raises(MovementTooLargeError, match="at most 300 teams in a teams event: 301"):
        check_teams(301, 1, SectionSchedule.SWISS)
    check_teams(40, 1, SectionSchedule.ROBIN)  # 39 rounds
    with pytest.raises(MovementTooLargeError, match="at most 40 teams: 41 asked"):
        check_teams(41, 1, SectionSchedule.ROBIN)
    with pytest.raises(MovementTooLargeError, match="81 teams in 2 sections make sections of 41"):
        teams_in_sections(81, 2, SectionSchedule.ROBIN, 2)
    assert teams_in_sections(300, 1, SectionSchedule.SWISS, 2, 9).field.teams[-1] == "A300"
