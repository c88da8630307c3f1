"""A team leaving a Swiss (issue 28): the preview warns when the change gives the draws to
come a bye each round (or takes it away) and when the rounds left can no longer all be
drawn without a rematch; confirming still applies it, and a refusal keeps nothing.

Worked by hand: five teams, five rounds (a 5-team round robin, a bye each round). Round 1
is drawn: two matches and a bye. A team leaving from round 2 leaves four teams for rounds
2-5: an even count (no more byes), and each of the four has at most three opponents
left, two if it met one of the others in round 1: fewer than the four rounds left, so
every one of them is bound to meet a team again. The same in a section of five."""

from __future__ import annotations

from django.test import Client

from bridgescore.web import matches
from bridgescore.web.models import Club, LogLine, Session
from web.test_languages import english_left
from web.test_teams_sections import _kept

FIVE = ["Aces", "Kings", "Queens", "Jacks", "Tens"]
TEN = [*FIVE, "Nines", "Eights", "Sevens", "Sixes", "Fives"]


def test_a_team_leaving_a_swiss_of_five_warns_of_rematches(club: Club, td: Client) -> None:
    session = matches.create_teams_session(
        club, "Swiss of five", FIVE, 2, schedule=Session.Schedule.SWISS, rounds=5
    )
    page = f"/director/s/{session.pk}/change/"
    before = _kept(session)
    asked = {"kind": "withdraw", "team": "Tens", "round": "2"}
    shown = td.get(page, asked)
    assert shown.status_code == 200
    text = shown.content.decode()
    assert "warning: from round 2 an even number of teams is drawn: no more byes" in text
    assert (
        "warning: the rounds left (from round 2) can no longer all be drawn without a rematch"
        " the rules forbid: Aces, Jacks, Kings, Queens run out of opponents"
    ) in text
    assert "a draw that cannot avoid one is refused unless the rules allow rematches" in text
    assert _kept(session) == before  # a preview keeps nothing
    # a refusal (a team not in the Swiss) is a 422 and keeps nothing, warnings or not
    wrong = td.post(page, {**asked, "team": "Deuces", "key": "0" * 16, "reason": "x",
                           "apply": "1"})  # fmt: skip
    assert wrong.status_code == 422
    assert _kept(session) == before
    # confirmed, the change is kept, its warnings in the log
    change = matches.team_change(session, "withdraw", "Tens", 2)
    applied = td.post(page, {**asked, "key": change.key, "reason": "ill", "apply": "1"})
    assert applied.status_code == 302
    session.refresh_from_db()
    assert matches.swiss_plan(session).withdrawn == (("Tens", 2),)
    line = LogLine.objects.get(session=session, what="team withdrawn")
    assert "Aces, Jacks, Kings, Queens run out of opponents" in line.detail


def test_a_team_leaving_a_section_of_five_warns_in_three_languages(club: Club, td: Client) -> None:
    session = matches.create_teams_session(
        club, "Late Swiss", TEN, 2, schedule=Session.Schedule.SWISS, rounds=5,
        sections=2,
    )  # fmt: skip
    page = f"/director/s/{session.pk}/change/"
    asked = {"kind": "withdraw", "team": "A5", "round": "2"}
    text = td.get(page, asked).content.decode()
    assert "warning: from round 2 an even number of teams is drawn: no more byes" in text
    assert (
        "warning: the rounds left (from round 2) can no longer all be drawn without a rematch"
        " the rules forbid: A1, A2, A3, A4 run out of opponents"
    ) in text
    for language, said in (
        (
            "fi",
            "ilman sääntöjen kieltämää uusintakohtaamista: joukkueilta A1, A2, A3, A4"
            " loppuvat vastustajat",
        ),
        (
            "es",
            "sin una repetición de encuentro que las reglas prohíben: a A1, A2, A3, A4 se"
            " les acaban los rivales",
        ),
    ):
        shown = td.get(page, asked, HTTP_ACCEPT_LANGUAGE=language).content.decode()
        assert said in shown
        assert "warning:" not in shown
        assert english_left(shown, language) == []
    change = matches.team_change(session, "withdraw", "A5", 2)
    assert len(change.warnings) == 3
    applied = td.post(page, {**asked, "key": change.key, "reason": "ill", "apply": "1"})
    assert applied.status_code == 302
    session.refresh_from_db()
    plan = matches.sections_plan(session)
    assert plan is not None
    assert plan.withdrawn == (("A5", 2),)
