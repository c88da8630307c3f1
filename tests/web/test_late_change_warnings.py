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
from django.utils import translation

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
    assert "Aces, Jacks, Kings, Queens run out of opponents" in line.text


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


LOGGED = {
    "en": "team withdrawn: Tens leaves from round 2: 4 teams are drawn from then on (no bye);"
    " its matches played stand, in the standings; warning: from round 2 an even number of"
    " teams is drawn: no more byes; warning: the rounds left (from round 2) can no longer all"
    " be drawn without a rematch the rules forbid: Aces, Jacks, Kings, Queens run out of"
    " opponents; a draw that cannot avoid one is refused unless the rules allow rematches",
    "fi": "joukkue vetäytyi: Tens lähtee kierroksesta 2: siitä lähtien arvotaan 4 joukkuetta"
    " (ei vapaakierrosta); sen pelatut ottelut jäävät voimaan tulostaulukossa; huomio:"
    " kierroksesta 2 alkaen arvotaan parillinen määrä joukkueita: ei enää vapaakierroksia;"
    " huomio: jäljellä olevia kierroksia (kierroksesta 2 alkaen) ei voi enää kaikkia arpoa"
    " ilman sääntöjen kieltämää uusintakohtaamista: joukkueilta Aces, Jacks, Kings, Queens"
    " loppuvat vastustajat; arvonta, joka ei voi välttää uusintakohtaamista, hylätään, ellei"
    " sääntöjä muuteta sallimaan niitä",
    "es": "equipo retirado: Tens se retira desde la ronda 2: desde entonces se sortean 4"
    " equipos (sin descanso); sus encuentros jugados se mantienen en la clasificación;"
    " atención: desde la ronda 2 se sortea un número par de equipos: ya no hay descansos;"
    " atención: las rondas que quedan (desde la ronda 2) ya no pueden sortearse todas sin una"
    " repetición de encuentro que las reglas prohíben: a Aces, Jacks, Kings, Queens se les"
    " acaban los rivales; un sorteo que no puede evitarla se rechaza salvo que las reglas"
    " permitan repeticiones de encuentro",
}
"""Tens leaving the Swiss of five from round 2, as the log reads in each language."""


def test_a_late_change_is_logged_in_the_readers_language(club: Club, td: Client) -> None:
    """A director reading the pages in Finnish withdraws a team: the log line keeps the
    change's effect and warnings as messages, and reads in the language of whoever reads
    the log (the reason as the director typed it)."""
    session = matches.create_teams_session(
        club, "Swiss of five", FIVE, 2, schedule=Session.Schedule.SWISS, rounds=5
    )
    page = f"/director/s/{session.pk}/change/"
    asked = {"kind": "withdraw", "team": "Tens", "round": "2"}
    with translation.override("fi"):
        change = matches.team_change(session, "withdraw", "Tens", 2)
    applied = td.post(page, {**asked, "key": change.key, "reason": "ill", "apply": "1"},
                      HTTP_ACCEPT_LANGUAGE="fi")  # fmt: skip
    assert applied.status_code == 302
    line = LogLine.objects.get(session=session, what="team withdrawn")
    assert line.reason == "ill"  # under Why, as the director typed it
    for language, said in LOGGED.items():
        with translation.override(language):
            assert line.text == said
