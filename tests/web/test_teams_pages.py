"""A teams session's director pages in its own words: a Swiss that can play only one
round says so, in English, Finnish and Spanish (issue 28)."""

from __future__ import annotations

import html
from pathlib import Path

import pytest
from django.test import Client

from bridgescore.io.events import load_event
from bridgescore.web import matches, said
from bridgescore.web.models import Club, LogLine, Penalty, Player, Session, SessionPair
from web.test_teams import Room

LANGUAGES = ("en", "fi", "es")


def _text(client: Client, url: str, language: str, data: dict[str, str] | None = None) -> str:
    """A page's text as its reader reads it (``&amp;`` is ``&``)."""
    page = client.get(url, data or {}, HTTP_ACCEPT_LANGUAGE=language)
    return html.unescape(page.content.decode())


def _new_teams(td: Client, club: Club, teams: int, language: str, **fields: str) -> str:
    """The new teams page refusing a session of ``teams`` teams (its text)."""
    form = {
        "club": str(club.pk), "teams": str(teams), "name": "Short Swiss", "schedule": "swiss",
        "boards": "2", "sections": "1", "rematches": "never", "bye_rule": "fixed",
        "bye_vp": "12", "names": "\n".join(f"Team {n}" for n in range(1, teams + 1)),
    }  # fmt: skip
    form.update(fields)
    answer = td.post("/director/new/teams/", form, HTTP_ACCEPT_LANGUAGE=language)
    assert answer.status_code == 422
    assert not Session.objects.filter(name="Short Swiss").exists()
    return html.unescape(answer.content.decode())


ONE_ROUND = {
    "en": "2 teams can play only 1 Swiss round without meeting twice, not 2",
    "fi": "2 joukkuetta voi pelata vain 1 monrad-kierroksen kohtaamatta kahdesti, ei 2",
    "es": "2 equipos solo pueden jugar 1 ronda de suizo sin enfrentarse dos veces, no 2",
}
THREE_ROUNDS = {
    "en": "4 teams play 1 to 3 Swiss rounds without meeting twice, not 4",
    "fi": "4 joukkuetta pelaa 1–3 monrad-kierrosta kohtaamatta kahdesti, ei 4",
    "es": "4 equipos juegan de 1 a 3 rondas de suizo sin enfrentarse dos veces, no 4",
}
SMALLEST_SECTION = {
    "en": "the smallest section, of 2 teams, can play only 1 Swiss round without meeting"
    " twice, not 3",
    "fi": "pienin ryhmä, 2 joukkuetta, voi pelata vain 1 monrad-kierroksen ilman"
    " uusintakohtaamisia, ei 3",
    "es": "la sección más pequeña, de 2 equipos, solo puede jugar 1 ronda de suizo sin"
    " repetir encuentros, no 3",
}


def test_a_swiss_of_two_teams_can_play_only_one_round(club: Club, td: Client) -> None:
    for language in LANGUAGES:
        assert ONE_ROUND[language] in _new_teams(td, club, 2, language, rounds="2")
        assert THREE_ROUNDS[language] in _new_teams(td, club, 4, language, rounds="4")
        # 5 teams in 2 sections: section B has 2 teams, who can meet once only
        sections = _new_teams(td, club, 5, language, rounds="3", sections="2")
        assert SMALLEST_SECTION[language] in sections
        assert [w for w in ("1 to 1", "1–1", "1 a 1") if w in sections] == []


COLON_IN_NAME = {
    "en": "Team names, line 2: a team's name may not hold ': ' (it comes between a team's name"
    " and its players): Re: Bridge",
    "fi": "Joukkueiden nimet, rivi 2: joukkueen nimessä ei voi olla merkkejä ': ' (ne erottavat"
    " joukkueen nimen sen pelaajista): Re: Bridge",
    "es": "Nombres de los equipos, línea 2: el nombre de un equipo no puede llevar ': ' (separa"
    " el nombre del equipo de sus jugadores): Re: Bridge",
}


def test_a_team_s_name_may_not_hold_what_parts_it_from_its_players(club: Club, td: Client) -> None:
    """In sections a team's row is its name, then its players (``Aces: Ann, Bob``): a name
    holding ``: `` would be cut there, and is refused when the session is made."""
    for language in LANGUAGES:
        names = "Aces\nRe: Bridge\nKings\nQueens"
        text = _new_teams(td, club, 4, language, rounds="1", sections="2", names=names)
        assert COLON_IN_NAME[language] in text


ROUND_ONE_DRAWN = {
    "en": "round 1 is drawn: a team can leave or join from round 2 to 3, not 1",
    "fi": "kierros 1 on arvottu: joukkue voi lähteä tai tulla mukaan kierroksesta 2"
    " kierrokseen 3, ei kierroksesta 1",
    "es": "la ronda 1 está sorteada: un equipo puede retirarse o incorporarse desde la ronda"
    " 2 hasta la 3, no en la 1",
}
ONLY_ROUND_TWO = {
    "en": "round 1 is drawn: a team can leave or join only from round 2, not 1",
    "fi": "kierros 1 on arvottu: joukkue voi lähteä tai tulla mukaan vain kierroksesta 2, ei"
    " kierroksesta 1",
    "es": "la ronda 1 está sorteada: un equipo solo puede retirarse o incorporarse desde la"
    " ronda 2, no en la 1",
}
ONLY_ROUND = {
    "en": "the Swiss's only round is drawn",
    "fi": "monradin ainoa kierros on arvottu",
    "es": "la única ronda del suizo está sorteada",
}


def _swiss(club: Club, rounds: int, sections: int = 1) -> Session:
    teams = ["Aces", "Kings", "Queens", "Jacks"] * sections
    named = [f"{team} {n}" for n, team in enumerate(teams, start=1)]
    return matches.create_teams_session(
        club, f"Swiss of {rounds}", named, 2, schedule=Session.Schedule.SWISS, rounds=rounds,
        sections=sections,
    )  # fmt: skip


def test_a_late_change_says_which_rounds_are_open_in_words(club: Club, td: Client) -> None:
    three, two, one = _swiss(club, 3), _swiss(club, 2), _swiss(club, 1)
    in_sections = _swiss(club, 3, sections=2)
    early = {"kind": "withdraw", "team": "Aces 1", "round": "1"}
    for language in LANGUAGES:
        for session in (three, in_sections):
            team = "A1" if session is in_sections else "Aces 1"
            page = _text(td, f"/director/s/{session.pk}/change/", language, early | {"team": team})
            assert ROUND_ONE_DRAWN[language] in page
        page = _text(td, f"/director/s/{two.pk}/change/", language, early)
        assert ONLY_ROUND_TWO[language] in page
        page = _text(td, f"/director/s/{one.pk}/change/", language, early)
        assert ONLY_ROUND[language] in page
        assert [w for w in ("1-1", "1–1") if w in page] == []
    Room(one).play_round(1)
    for language in LANGUAGES:
        assert ONLY_ROUND[language] in _text(td, f"/director/s/{one.pk}/draw/", language)


PENALTY_NOTE = {
    "en": "A penalty comes off the team's total of victory points (VPs) in the ranking; its"
    " matches' IMPs and VPs stand as played. Name the team by its id or its name.",
    "fi": "Rangaistus vähennetään joukkueen voittopisteistä (VP:t) tuloksissa; sen otteluiden"
    " IMPit ja VP:t pysyvät pelattuina. Anna joukkue tunnuksellaan tai nimellään.",
    "es": "Una penalización se resta del total de puntos de victoria (PV) del equipo en la"
    " clasificación; los IMPs y PV de sus encuentros quedan como se jugaron. Indique el"
    " equipo por su código o por su nombre.",
}
PAIRS_WORDS = {
    "en": ("pair's", "matchpoints", "Pair"),
    "fi": ("parin", "matchpisteinä", "Pari"),
    "es": ("pareja", "puntos de match", "Pareja"),
}


def _penalty(td: Client, session: Session, team: str, language: str = "en") -> tuple[int, str]:
    answer = td.post(
        f"/director/s/{session.pk}/penalties/",
        {"pair": team, "amount": "1,5" if language != "en" else "1.5", "unit": "vp",
         "reason": "slow play"},
        HTTP_ACCEPT_LANGUAGE=language,
    )  # fmt: skip
    return answer.status_code, html.unescape(answer.content.decode())


def test_a_teams_penalty_names_its_team_by_id_or_name_and_speaks_of_teams(
    club: Club, td: Client
) -> None:
    # 7 teams in 2 sections: A1 Aces, A2 B2 (named as section B's second team is
    # numbered), A3 Queens, A4 Jacks; B1 Tens, B2 Nines, B3 Eights
    teams = ["Aces", "B2", "Queens", "Jacks", "Tens", "Nines", "Eights"]
    session = matches.create_teams_session(
        club, "Penalties", teams, 2, schedule=Session.Schedule.SWISS, rounds=3, sections=2
    )
    assert _penalty(td, session, "aces")[0] == 302
    assert _penalty(td, session, "a1")[0] == 302
    assert _penalty(td, session, " EIGHTS ")[0] == 302
    # an id names its team, as on the late change page: b2 is B2 (Nines), the team
    # named B2 is A2 by its id
    assert _penalty(td, session, "b2")[0] == 302
    assert list(Penalty.objects.filter(session=session).values_list("pair", flat=True)) == [
        "A1", "A1", "B3", "B2",
    ]  # fmt: skip
    refused = {
        "en": "there is no team 'Z9' in this session",
        "fi": "tässä kilpailussa ei ole joukkuetta 'Z9'",
        "es": "no hay ningún equipo 'Z9' en esta sesión",
    }
    for language in LANGUAGES:
        status, page = _penalty(td, session, "Z9", language)
        assert (status, refused[language] in page) == (422, True)
    assert Penalty.objects.filter(session=session).count() == 4
    for language in LANGUAGES:
        page = _text(td, f"/director/s/{session.pk}/penalties/", language)
        assert PENALTY_NOTE[language] in page
        assert [w for w in PAIRS_WORDS[language] if w in page] == []
        # the log names each team by its id and its name, its penalty in VPs
        vps = {"en": "1.50 VPs", "fi": "1,50 VP", "es": "1,50 PV"}[language]
        assert f"<td>A1 (Aces)</td><td>{vps}</td>" in page
        assert f"<td>B3 (Eights)</td><td>{vps}</td>" in page
        assert '<option value="A2">B2</option>' in page


def test_a_team_of_one_field_is_penalised_by_its_long_name(club: Club, td: Client) -> None:
    long = "The Riverside Regulars of 1987"  # 30 characters, the team's id in one field
    session = matches.create_teams_session(club, "Robin", [long, "Kings", "Queens"], 2)
    assert _penalty(td, session, long.upper())[0] == 302
    assert _penalty(td, session, "kings")[0] == 302
    assert list(Penalty.objects.filter(session=session).values_list("pair", flat=True)) == [
        long, "Kings",
    ]  # fmt: skip
    Room(session).play_round(1)
    result = matches.teams_result(session)
    assert result is not None
    assert dict(result.penalties) == {long: 1.5, "Kings": 1.5}
    on_bye = next(s for s in result.standings if s.team == matches.round_byes(session)[1][0])
    assert on_bye.vp == 12 - 1.5  # the bye's 12 VPs, less its penalty


TEAMS_PAGE = {
    "en": ("the teams and their players", "Each team keeps the name it was entered with",
           "<th>Team</th><th>Name</th><th>Players</th>", ">Teams</a>"),
    "fi": ("joukkueet ja niiden pelaajat", "Jokainen joukkue pitää nimen, jolla se ilmoitettiin",
           "<th>Joukkue</th><th>Nimi</th><th>Pelaajat</th>", ">Joukkueet</a>"),
    "es": ("los equipos y sus jugadores", "Cada equipo conserva el nombre con el que se inscribió",
           "<th>Equipo</th><th>Nombre</th><th>Jugadores</th>", ">Equipos</a>"),
}  # fmt: skip


def _rows(session: Session) -> dict[str, str]:
    return dict(SessionPair.objects.filter(session=session).values_list("pair", "names"))


def test_a_teams_names_page_keeps_each_teams_name_and_names_its_players(
    club: Club, td: Client
) -> None:
    ann, bob = (Player.objects.create(club=club, name=n) for n in ("Ann Smith", "Bob Jones"))
    teams = ["Aces", "Kings", "Ñandú & Co", "Jacks"]
    session = matches.create_teams_session(
        club, "Named teams", teams, 2, members={"Aces": "Ann, Bob"}, sections=2
    )
    page = f"/director/s/{session.pk}/pairs/"
    entered = {"A1": "Aces: Ann, Bob", "A2": "Kings", "B1": "Ñandú & Co", "B2": "Jacks"}
    assert _rows(session) == entered
    for language in LANGUAGES:
        shown = _text(td, page, language)
        title, note, heads, link = TEAMS_PAGE[language]
        assert title in shown
        assert note in shown
        assert heads in shown
        assert '<td>A1</td><td>Aces</td>\n<td><input name="A1-players" value="Ann, Bob"' in shown
        assert '<td>B1</td><td>Ñandú & Co</td>\n<td><input name="B1-players" value=""' in shown
        assert 'name="A1-a"' not in shown  # no pair's two players
        assert link in _text(td, f"/director/s/{session.pk}/", language)
    # the pairs' form sent to a teams session names no team's players over its name
    pairs_form = {"A1-a": str(ann.pk), "A1-b": str(bob.pk), "B1-a": str(ann.pk)}
    assert td.post(page, pairs_form).status_code == 302
    assert _rows(session) == entered
    named = {"A1-players": "Ann Smith,  Bob Jones", "B1-players": "Cy & Di", "A2-players": ""}
    assert td.post(page, named).status_code == 302
    assert _rows(session) == {
        "A1": "Aces: Ann Smith, Bob Jones", "A2": "Kings", "B1": "Ñandú & Co: Cy & Di",
        "B2": "Jacks",
    }  # fmt: skip
    logged = LogLine.objects.filter(session=session, what="team's players named")
    assert logged.count() == 2
    # a row too long refuses every change
    too_long = {"A1-players": "", "B2-players": "P" * 195}
    refused = td.post(page, too_long, HTTP_ACCEPT_LANGUAGE="en")
    assert refused.status_code == 422
    assert (
        "team B2: its name and its players are at most 200 characters together, not 202"
        in refused.content.decode()
    )
    assert _rows(session)["A1"] == "Aces: Ann Smith, Bob Jones"
    # one field: a team's id is its name, its row its players
    field = matches.create_teams_session(club, "One field", ["Aces", "Ñandú & Co"], 2)
    one = f"/director/s/{field.pk}/pairs/"
    shown = _text(td, one, "en")
    assert "<th>Team</th><th>Players</th>" in shown
    assert '<td>Ñandú & Co</td>\n<td><input name="Ñandú & Co-players" value=""' in shown
    assert td.post(one, {"Ñandú & Co-players": "Cy & Di"}).status_code == 302
    assert _rows(field) == {"Aces": "", "Ñandú & Co": "Cy & Di"}


ODD_NAMES = ["Ässät", "Łódź", "Ñandú & Co", "Jacks <b>", 'Tens, "quoted"', "Nines;semi"]
"""Team names holding what a list of names is cut at (``&``, ``,``, ``;``)."""


@pytest.mark.parametrize("fmt", ["pbn", "xml", "csv", "json"])
def test_a_teams_name_reads_back_from_the_exports_as_one_name(
    club: Club, td: Client, fmt: str, tmp_path: Path
) -> None:
    in_sections = matches.create_teams_session(club, "Odd names", ODD_NAMES, 2, sections=2)
    one_field = matches.create_teams_session(
        club, "Odd field", ["Ñandú & Co", "Smith - Jones", "Nines;semi"], 2,
        members={"Nines;semi": "Ann Ace & Al Ace"},
    )  # fmt: skip
    for session in (in_sections, one_field):
        Room(session).play_round(1)
    read = {}
    for session in (in_sections, one_field):
        answer = td.get(f"/director/s/{session.pk}/export.{fmt}")
        assert answer.status_code == 200
        path = tmp_path / f"{session.pk}.{fmt}"
        path.write_bytes(answer.content)
        back = load_event(path)
        assert not back.results.problems
        read[session.pk] = {p.id: p.names for p in back.participants}
    assert read[in_sections.pk] == {
        "A1": ("Ässät",), "A2": ("Łódź",), "A3": ("Ñandú & Co",), "B1": ("Jacks <b>",),
        "B2": ('Tens, "quoted"',), "B3": ("Nines;semi",),
    }  # fmt: skip
    # one field: a team's id is its name, its row its players (``&`` between them)
    assert read[one_field.pk] == {
        "Ñandú & Co": (), "Smith - Jones": (), "Nines;semi": ("Ann Ace", "Al Ace"),
    }  # fmt: skip
    if fmt == "csv":
        text = td.get(f"/director/s/{in_sections.pk}/export.csv").content.decode()
        assert "\n# names,A3,Ñandú & Co\n" in text
        assert "\n# names,B3,Nines;semi\n" in text


REVIEWED = ["Ñandú & Co", "Kuningattaret ry", "Los Picos", "Jätkät", "Tens", "Sotamiehet",
            "Oros", "Copas"]  # fmt: skip
"""The review's teams: in two sections Jätkät is A4 and Oros B3."""


def test_a_team_is_taken_by_its_name_in_any_case_on_every_page(club: Club, td: Client) -> None:
    """A late change takes a team as the penalties page does: by its id or its name, in
    any case, in one field as in sections."""
    one = matches.create_teams_session(
        club, "One field", REVIEWED[:4], 2, schedule=Session.Schedule.SWISS, rounds=3
    )
    split = matches.create_teams_session(
        club, "Sections", REVIEWED, 2, schedule=Session.Schedule.SWISS, rounds=3, sections=2
    )
    for session in (one, split):
        Room(session).play_round(1)
    leaves = {
        one.pk: "Jätkät leaves from round 2: 3 teams are drawn from then on",
        split.pk: "A4 (Jätkät) leaves section A from round 2: its 3 teams are drawn from then on",
    }
    for session in (one, split):
        for typed in ("jätkät", " JÄTKÄT ", "Jätkät"):
            asked = {"kind": "withdraw", "team": typed, "round": "2"}
            answer = td.get(f"/director/s/{session.pk}/change/", asked)
            assert answer.status_code == 200, (session.name, typed)
            assert leaves[session.pk] in html.unescape(answer.content.decode())
        assert _penalty(td, session, "jätkät")[0] == 302
    assert matches.team_change(split, "withdraw", "oros", 2).team == "B3"
    assert matches.team_change(one, "withdraw", "ñANDÚ & co", 2).team == "Ñandú & Co"
    penalised = Penalty.objects.filter(session__in=(one, split)).order_by("id")
    assert list(penalised.values_list("pair", flat=True)) == ["Jätkät", "A4"]
    unknown = {
        "en": "there is no team 'Jokers' in this session",
        "fi": "tässä kilpailussa ei ole joukkuetta 'Jokers'",
        "es": "no hay ningún equipo 'Jokers' en esta sesión",
    }
    for session in (one, split):
        for language in LANGUAGES:
            asked = {"kind": "withdraw", "team": "Jokers", "round": "2"}
            page = _text(td, f"/director/s/{session.pk}/change/", language, asked)
            assert unknown[language] in page


NAME_TAKEN = {
    "en": "'ñandú & co' is already the name of team {team}",
    "fi": "'ñandú & co' on jo joukkueen {team} nimi",
    "es": "'ñandú & co' ya es el nombre del equipo {team}",
}


def test_a_late_team_whose_name_is_taken_is_refused_naming_the_team_it_clashes_with(
    club: Club, td: Client
) -> None:
    one = matches.create_teams_session(
        club, "One field", REVIEWED[:4], 2, schedule=Session.Schedule.SWISS, rounds=3
    )
    split = matches.create_teams_session(
        club, "Sections", REVIEWED, 2, schedule=Session.Schedule.SWISS, rounds=3, sections=2
    )
    for session in (one, split):
        Room(session).play_round(1)
    for session, team in ((one, "Ñandú & Co"), (split, "A1 (Ñandú & Co)")):
        for language in LANGUAGES:
            asked = {"kind": "join", "team": "ñandú & co", "round": "2", "section": "B"}
            if session is one:
                del asked["section"]
            answer = td.get(
                f"/director/s/{session.pk}/change/", asked, HTTP_ACCEPT_LANGUAGE=language
            )
            assert answer.status_code == 422
            page = html.unescape(answer.content.decode())
            assert NAME_TAKEN[language].format(team=team) in page, (session.name, language)


PENALTY_AMOUNTS = {
    "en": ("1 VP", "3 VPs", "1.50 VPs"),
    "fi": ("1 VP", "3 VP", "1,50 VP"),
    "es": ("1 PV", "3 PV", "1,50 PV"),
}
PAIR_PENALTY_AMOUNTS = {
    "en": ("1 point (MP or IMPs)", "2 points (MP or IMPs)", "0.50 points (MP or IMPs)",
           "1 per cent of a top", "25 per cent of a top"),
    "fi": ("1 piste (MP tai IMPit)", "2 pistettä (MP tai IMPit)", "0,50 pistettä (MP tai IMPit)",
           "1 prosentti topista", "25 prosenttia topista"),
    "es": ("1 punto (PM o IMPs)", "2 puntos (PM o IMPs)", "0,50 puntos (PM o IMPs)",
           "1 por ciento de un top", "25 por ciento de un top"),
}  # fmt: skip


def test_a_penalty_s_amount_takes_its_plural_on_the_penalties_page(
    club: Club, td: Client, session: Session
) -> None:
    teams = matches.create_teams_session(club, "Plurals", ["Aces", "Kings", "Queens"], 2)
    for amount in ("1", "3", "1.5"):
        form = {"pair": "Aces", "amount": amount, "unit": "vp", "reason": "slow"}
        assert td.post(f"/director/s/{teams.pk}/penalties/", form).status_code == 302
    for amount, unit in (("1", "points"), ("2", "points"), ("0.5", "points"), ("1", "top"),
                         ("25", "top")):  # fmt: skip
        form = {"pair": "1NS", "amount": amount, "unit": unit, "reason": "slow"}
        assert td.post(f"/director/s/{session.pk}/penalties/", form).status_code == 302
    for language in LANGUAGES:
        page = _text(td, f"/director/s/{teams.pk}/penalties/", language)
        for shown in PENALTY_AMOUNTS[language]:
            assert f"<td>Aces</td><td>{shown}</td>" in page, (language, shown)
        page = _text(td, f"/director/s/{session.pk}/penalties/", language)
        pair = {"en": "1NS", "fi": "1PE", "es": "1NS"}[language]  # as the director reads it
        for shown in PAIR_PENALTY_AMOUNTS[language]:
            assert f"<td>{pair}</td><td>{shown}</td>" in page, (language, shown)


CONTROL_PENALTIES = {
    "en": ("team B3 (Oros): penalty 1 victory point",
           "team B1 (Tens): penalty 2.50 victory points",
           "team Jätkät: penalty withdrawn 3 victory points",
           "pair 1NS: penalty 1 point (MP or IMPs)"),
    "fi": ("joukkue B3 (Oros): rangaistus 1 voittopiste",
           "joukkue B1 (Tens): rangaistus 2,50 voittopistettä",
           "joukkue Jätkät: rangaistus peruttu 3 voittopistettä",
           "pari 1PE: rangaistus 1 piste (MP tai IMPit)"),
    "es": ("el equipo B3 (Oros): penalización 1 punto de victoria",
           "el equipo B1 (Tens): penalización 2,50 puntos de victoria",
           "el equipo Jätkät: penalización retirada 3 puntos de victoria",
           "la pareja 1NS: penalización 1 punto (PM o IMPs)"),
}  # fmt: skip


def test_the_control_page_logs_a_teams_penalty_as_its_teams_with_its_plural(
    club: Club, td: Client, session: Session
) -> None:
    split = matches.create_teams_session(club, "Sections", REVIEWED, 2, sections=2)
    one = matches.create_teams_session(club, "One field", REVIEWED[:4], 2)
    for team, amount in (("oros", "1"), ("B1", "2.5")):
        form = {"pair": team, "amount": amount, "unit": "vp", "reason": "slow"}
        assert td.post(f"/director/s/{split.pk}/penalties/", form).status_code == 302
    form = {"pair": "jätkät", "amount": "3", "unit": "vp", "reason": "slow"}
    assert td.post(f"/director/s/{one.pk}/penalties/", form).status_code == 302
    given = Penalty.objects.get(session=one)
    withdrawn = {"withdraw": str(given.pk), "reason": "a mistake"}
    assert td.post(f"/director/s/{one.pk}/penalties/", withdrawn).status_code == 302
    form = {"pair": "1NS", "amount": "1", "unit": "points", "reason": "slow"}
    assert td.post(f"/director/s/{session.pk}/penalties/", form).status_code == 302
    for language in LANGUAGES:
        oros, tens, jatkat, pair = CONTROL_PENALTIES[language]
        page = _text(td, f"/director/s/{split.pk}/", language)
        assert f"<td>{oros}</td>" in page
        assert f"<td>{tens}</td>" in page
        assert f"<td>{jatkat}</td>" in _text(td, f"/director/s/{one.pk}/", language)
        assert f"<td>{pair}</td>" in _text(td, f"/director/s/{session.pk}/", language)


def _changed_swiss(club: Club, td: Client) -> Session:
    """The review's Swiss in sections after its changes: Kuningattaret ry (A2) withdrawn
    from round 2 as ill, Jokerit joining section B as B5 as late, Oros's (B3) players
    named."""
    swiss = matches.create_teams_session(
        club, "Sections", REVIEWED, 2, schedule=Session.Schedule.SWISS, rounds=3, sections=2
    )
    Room(swiss).play_round(1)
    page = f"/director/s/{swiss.pk}/change/"
    for asked, reason in (
        ({"kind": "withdraw", "team": "kuningattaret ry", "round": "2"}, "enfermedad"),
        ({"kind": "join", "team": "Jokerit", "section": "B", "round": "2"}, "tarde"),
    ):
        key = td.get(page, asked).context["change"].key
        applied = td.post(page, {**asked, "key": key, "reason": reason, "apply": "1"})
        assert applied.status_code == 302
    assert td.post(f"/director/s/{swiss.pk}/pairs/", {"B3-players": "Ann, Bob"}).status_code == 302
    return swiss


LOGGED_CHANGES = {
    "en": (
        "<td>team withdrawn: A2 (Kuningattaret ry) leaves section A from round 2: its 3 teams"
        " are drawn from then on (one team has the bye each round); the other sections are as"
        " they were; its matches played stand, in its section's ranking; warning: from round 2"
        " an odd number of teams is drawn: a team has the bye each round</td><td>td</td>"
        "<td>enfermedad</td>",
        "<td>team joined: B5 (Jokerit) joins section B from round 2:",
        "<td>team's players named: team B3 (Oros): Ann, Bob</td><td>td</td><td></td>",
        "<td>movement changed: pair 2EW leaves from round 2</td><td>td</td><td>mesa rota</td>",
    ),
    "fi": (
        "<td>joukkue vetäytyi: A2 (Kuningattaret ry) lähtee ryhmästä A kierroksesta 2: sen 3"
        " joukkuetta arvotaan siitä lähtien (yksi joukkue on vapaalla joka kierroksella); muut"
        " ryhmät pysyvät ennallaan; sen pelatut ottelut jäävät voimaan ryhmänsä"
        " tulostaulukossa; huomio: kierroksesta 2 alkaen arvotaan pariton määrä joukkueita:"
        " yksi joukkue on vapaalla joka kierroksella</td><td>td</td><td>enfermedad</td>",
        "<td>joukkue liittyi: B5 (Jokerit) tulee mukaan ryhmään B kierroksesta 2:",
        "<td>joukkueen pelaajat annettu: joukkue B3 (Oros): Ann, Bob</td><td>td</td><td></td>",
        "<td>kierto muutettu: pari 2IL lähtee kierroksesta 2</td><td>td</td><td>mesa rota</td>",
    ),
    "es": (
        "<td>equipo retirado: A2 (Kuningattaret ry) se retira de la sección A desde la ronda"
        " 2: sus 3 equipos se sortean desde entonces (un equipo descansa en cada ronda); las"
        " demás secciones quedan como estaban; sus encuentros jugados se mantienen en la"
        " clasificación de su sección; atención: desde la ronda 2 se sortea un número impar de"
        " equipos: un equipo descansa cada ronda</td><td>td</td><td>enfermedad</td>",
        "<td>equipo incorporado: B5 (Jokerit) se incorpora a la sección B desde la ronda 2:",
        "<td>jugadores del equipo nombrados: equipo B3 (Oros): Ann, Bob</td><td>td</td><td></td>",
        "<td>movimiento cambiado: la pareja 2EO se retira desde la ronda 2</td><td>td</td>"
        "<td>mesa rota</td>",
    ),
}
KEPT_BEFORE = {
    "en": "<td>team withdrawn: Tens leaves from round 2: 4 teams are drawn from then on (no"
    " bye); its matches played stand, in the standings — ill</td><td></td><td></td>",
    "fi": "<td>joukkue vetäytyi: Tens lähtee kierroksesta 2: siitä lähtien arvotaan 4"
    " joukkuetta (ei vapaakierrosta); sen pelatut ottelut jäävät voimaan tulostaulukossa —"
    " ill</td><td></td><td></td>",
    "es": "<td>equipo retirado: Tens se retira desde la ronda 2: desde entonces se sortean 4"
    " equipos (sin descanso); sus encuentros jugados se mantienen en la clasificación —"
    " ill</td><td></td><td></td>",
}
"""A team change logged before the reason had its column, as it reads still."""


def test_a_late_change_s_log_line_names_the_team_and_puts_the_reason_under_why(
    club: Club, td: Client, session: Session
) -> None:
    swiss = _changed_swiss(club, td)
    fields = {"kind": "missing", "pair": "2EW", "round": "2"}
    page = f"/director/s/{session.pk}/change/"
    key = td.get(page, fields).context["change"].key
    applied = td.post(page, {**fields, "key": key, "reason": "mesa rota", "apply": "1"})
    assert applied.status_code == 302
    effect = [
        said.part(
            "{team} leaves from round {round}: {count} teams are drawn from then on ({bye})",
            team="Tens", round=2, count=4, bye=said.part("no bye"),
        ),
        said.part("its matches played stand, in the standings"),
    ]  # fmt: skip
    old = said.said(matches.KEPT_BEFORE, effect=effect, reason="ill")
    LogLine.objects.create(session=swiss, what=matches.TEAM_WITHDRAWN, detail=old)
    for language in LANGUAGES:
        control = _text(td, f"/director/s/{swiss.pk}/", language)
        withdrawn, joined, players, pairs = LOGGED_CHANGES[language]
        assert withdrawn in control
        assert joined in control
        assert players in control
        assert KEPT_BEFORE[language] in control
        assert pairs in _text(td, f"/director/s/{session.pk}/", language)


CHANGES_MADE = {
    "en": (
        " team withdrawn by td — enfermedad<pre>A2 (Kuningattaret ry) leaves section A from"
        " round 2: its 3 teams are drawn from then on (one team has the bye each round); the"
        " other sections are as they were\nits matches played stand, in its section's ranking\n"
        "warning: from round 2 an odd number of teams is drawn: a team has the bye each round"
        "</pre></li>",
        " team joined by td — tarde<pre>B5 (Jokerit) joins section B from round 2: its 5 teams"
        " are drawn from then on (one team has the bye each round); the other sections are as"
        " they were\nit starts with 0 VPs; the rounds before it came count as none played\n",
    ),
    "fi": (
        " joukkue vetäytyi, tekijä td — enfermedad<pre>A2 (Kuningattaret ry) lähtee ryhmästä A"
        " kierroksesta 2: sen 3 joukkuetta arvotaan siitä lähtien (yksi joukkue on vapaalla"
        " joka kierroksella); muut ryhmät pysyvät ennallaan\nsen pelatut ottelut jäävät"
        " voimaan ryhmänsä tulostaulukossa\nhuomio: kierroksesta 2 alkaen arvotaan pariton"
        " määrä joukkueita: yksi joukkue on vapaalla joka kierroksella</pre></li>",
        " joukkue liittyi, tekijä td — tarde<pre>B5 (Jokerit) tulee mukaan ryhmään B"
        " kierroksesta 2: sen 5 joukkuetta arvotaan siitä lähtien (yksi joukkue on vapaalla"
        " joka kierroksella); muut ryhmät pysyvät ennallaan\nse aloittaa 0 VP:llä; sitä"
        " edeltäneet kierrokset lasketaan pelaamattomiksi\n",
    ),
    "es": (
        " equipo retirado por td — enfermedad<pre>A2 (Kuningattaret ry) se retira de la"
        " sección A desde la ronda 2: sus 3 equipos se sortean desde entonces (un equipo"
        " descansa en cada ronda); las demás secciones quedan como estaban\nsus encuentros"
        " jugados se mantienen en la clasificación de su sección\natención: desde la ronda 2"
        " se sortea un número impar de equipos: un equipo descansa cada ronda</pre></li>",
        " equipo incorporado por td — tarde<pre>B5 (Jokerit) se incorpora a la sección B desde"
        " la ronda 2: sus 5 equipos se sortean desde entonces (un equipo descansa en cada"
        " ronda); las demás secciones quedan como estaban\nempieza con 0 PV; las rondas"
        " anteriores a su llegada cuentan como no jugadas\n",
    ),
}
NONE_MADE = ("<li>None.</li>", "<li>Ei yhtään.</li>", "<li>Ninguno.</li>")


def test_a_swiss_late_change_page_lists_the_changes_made(club: Club, td: Client) -> None:
    """A team withdrawn and a team joined are listed under Changes made, each with its
    effect and warnings a line each in the reader's language, who and why."""
    swiss = _changed_swiss(club, td)
    for language in LANGUAGES:
        page = _text(td, f"/director/s/{swiss.pk}/change/", language)
        made = page[page.index("<h2>", page.index("</form>")) :]
        withdrawn, joined = CHANGES_MADE[language]
        assert withdrawn in made
        assert joined in made
        assert made.index(withdrawn) < made.index(joined)
        assert [n for n in NONE_MADE if n in made] == []
    # a change logged before its reason had its column reads as it was kept
    old = said.said(matches.KEPT_BEFORE, effect=[said.part("no bye")], reason="ill")
    LogLine.objects.create(session=swiss, what=matches.TEAM_WITHDRAWN, detail=old)
    page = _text(td, f"/director/s/{swiss.pk}/change/", "fi")
    assert " joukkue vetäytyi<pre>ei vapaakierrosta — ill</pre></li>" in page
