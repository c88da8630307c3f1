"""A Howell section read back from a file is one ranking from its first round (issue 28).

The event: section A a Mitchell of two tables, section B a Howell of four pairs at two
tables, each stopped after round 1, board 1 played at every table (nobody vulnerable).
Section A: A1NS v A1EW 4S by North making 10 (+420), A2NS v A2EW making 11 (+450).
Section B: B4 (North-South) v B1 3NT by South making 9 (+400), B2 v B3 3NT one down
(-50). Worked by hand (two matchpoints a result beaten, top 2): A2NS and A1EW 2 (100 %),
A1NS and A2EW 0 (0 %); in section B, B4 (+400 beats -50) and B3 (+50 for East-West beats
-400) 2 (100 %), B2 and B1 0 (0 %). No pair of section B has sat both ways yet: ranked
from the rows alone it was North-South and East-West (B4 and B3 each first of a field of
two); as the file says it is a Howell, it is one field of four, B3 and B4 tied first,
B1 and B2 tied third.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from bridgescore.core.contract import TableResult
from bridgescore.core.vulnerability import Vulnerability
from bridgescore.events.model import Event, EventResults, Participant, Problem, ResultRow
from bridgescore.events.pairs import PairsResult, Standing
from bridgescore.events.scoring import score_event
from bridgescore.events.vocabulary import Field
from bridgescore.i18n import words
from bridgescore.io.events import load_event, write_event
from bridgescore.io.played_sections import load_played
from bridgescore.io.results import ResultsFileError

FI = words("fi").gettext
ES = words("es").gettext

EXPECTED = {
    "A2NS": ("A NS", "1", 100.0),
    "A1NS": ("A NS", "2", 0.0),
    "A1EW": ("A EW", "1", 100.0),
    "A2EW": ("A EW", "2", 0.0),
    "B3": ("B", "1=", 100.0),
    "B4": ("B", "1=", 100.0),
    "B1": ("B", "3=", 0.0),
    "B2": ("B", "3=", 0.0),
}


def _row(section: str, table: int, ns: str, ew: str, result: str, score: int) -> ResultRow:
    return ResultRow(
        1, ns, ew, Vulnerability.NONE, TableResult.parse(result), score, round=1,
        table=f"{section}{table}", section=section,
    )  # fmt: skip


def _event() -> Event:
    rows = (
        _row("A", 1, "A1NS", "A1EW", "4S N 10", 420),
        _row("A", 2, "A2NS", "A2EW", "4S N 11", 450),
        _row("B", 1, "B4", "B1", "3NT S 9", 400),
        _row("B", 2, "B2", "B3", "3NT S 8", -50),
    )
    pairs = [("A", p) for p in ("A1NS", "A1EW", "A2NS", "A2EW")]
    pairs += [("B", p) for p in ("B1", "B2", "B3", "B4")]
    return Event(
        EventResults(rows, source="howell.txt"),
        name="Howell beside a Mitchell",
        participants=tuple(Participant(p, section=s) for s, p in pairs),
        field_kinds={"A": Field.DIRECTIONS, "B": Field.ONE},
    )


def _standings(event: Event) -> tuple[Standing, ...]:
    scored = score_event(event)
    assert isinstance(scored, PairsResult)
    return scored.standings


def _ranked(event: Event) -> dict[str, tuple[str, str, float]]:
    return {s.pair: (s.field, s.place, round(s.percent or 0, 2)) for s in _standings(event)}


def test_the_event_ranks_the_howell_section_as_one_field() -> None:
    assert _ranked(_event()) == EXPECTED


@pytest.mark.parametrize("suffix", ["pbn", "xml", "csv", "json"])
def test_each_format_says_how_each_section_is_ranked(tmp_path: Path, suffix: str) -> None:
    """Written and read back, the Howell section is still one ranking: it was read as
    North-South (B4 first, B2 second) and East-West (B3 first, B1 second)."""
    path = write_event(_event(), tmp_path / f"session.{suffix}")
    back = load_event(path, strict=True)  # bridgescore's own tag is no stranger to it
    assert not back.results.problems
    assert back.field_kinds == {"A": Field.DIRECTIONS, "B": Field.ONE}
    assert _ranked(back) == EXPECTED


def test_what_each_format_writes(tmp_path: Path) -> None:
    pbn = write_event(_event(), tmp_path / "s.pbn").read_text(encoding="utf-8")
    assert pbn.count('[Movement "Howell"]') == 1  # board 1's game of section B
    assert pbn.count('[Movement "Mitchell"]') == 1
    xml = write_event(_event(), tmp_path / "s.xml").read_text(encoding="iso-8859-1")
    assert '<SECTION SECTION_ID="B">\n        <WINNER_TYPE>1</WINNER_TYPE>' in xml
    assert '<SECTION SECTION_ID="A">\n        <WINNER_TYPE>2</WINNER_TYPE>' in xml
    assert xml.count("<DIRECTION>") == 4  # section A's four pairs; a Howell pair has none
    csv = write_event(_event(), tmp_path / "s.csv").read_text(encoding="utf-8")
    assert "# movement: A Mitchell, B Howell\n" in csv


def _one_howell() -> Event:
    """Section B alone, a file of one field: a Howell of pairs 1 to 4, after round 1."""
    rows = tuple(
        ResultRow(r.board, r.ns[1:], r.ew[1:], r.vulnerability, r.result, r.ns_score,
                  round=1, table=r.table and r.table[1:])
        for r in _event().results.rows if r.section == "B"
    )  # fmt: skip
    return Event(EventResults(rows), field_kinds={"": Field.ONE})


def test_a_file_of_one_howell_says_it_for_the_whole_field(tmp_path: Path) -> None:
    """A file of one field: a PBN game's [Movement] and USEBIO's WINNER_TYPE say it of
    the event, and a Howell's first round is one ranking (B4 and B3 tied first)."""
    event = _one_howell()
    for suffix in ("pbn", "xml", "csv", "json"):
        back = load_event(write_event(event, tmp_path / f"one.{suffix}"))
        assert back.field_kinds == {"": Field.ONE}, suffix
        assert {s.pair: (s.field, s.place) for s in _standings(back)} == {
            "3": ("all", "1="), "4": ("all", "1="), "1": ("all", "3="), "2": ("all", "3="),
        }, suffix  # fmt: skip


def test_a_file_that_says_nothing_is_ranked_as_its_results_show(tmp_path: Path) -> None:
    """Another program's file saying nothing of its movement: the rows show it, as before."""
    text = write_event(_event(), tmp_path / "s.pbn").read_text(encoding="utf-8")
    plain = tmp_path / "plain.pbn"
    plain.write_text(
        "\n".join(line for line in text.splitlines() if not line.startswith("[Movement")),
        encoding="utf-8",
    )
    back = load_event(plain)
    assert back.field_kinds == {}
    assert {s.field for s in _standings(back)} == {
        "A NS", "A EW", "B NS", "B EW"
    }  # fmt: skip


def test_a_session_started_from_the_file_plays_the_howell_section_as_one(
    tmp_path: Path,
) -> None:
    """The web app's start from a results file: section B's movement, its first round only,
    is a Howell ranked as one field (its rounds so far keep every pair on its line)."""
    data = write_event(_event(), tmp_path / "s.pbn").read_bytes()
    _fmt, played = load_played(data, source="s.pbn")
    kinds = {s.letter: s.movement.field_kind for s in played.sections}
    assert kinds == {"A": Field.DIRECTIONS, "B": Field.ONE}


def _edited(tmp_path: Path, suffix: str, old: str, new: str) -> tuple[Path, int]:
    """The event written as ``suffix``, with ``old`` (once) changed to ``new``, and the
    line the change starts on."""
    path = write_event(_event(), tmp_path / f"edited.{suffix}")
    encoding = "iso-8859-1" if suffix == "xml" else "utf-8"
    text = path.read_text(encoding=encoding)
    assert text.count(old) == 1, text
    path.write_text(text.replace(old, new), encoding=encoding)
    return path, text[: text.index(old)].count("\n") + 1


PLAYING_ITSELF = (
    "B1NS against B1EW is pair B1 playing itself: a Howell's pairs are numbered without a"
    " direction (B1), each sitting North-South and East-West in turn"
)


@pytest.mark.parametrize(
    ("suffix", "old", "new"),
    [
        ("pbn", "B 1 1 4 1 3NT", "B 1 1 1NS 1EW 3NT"),
        ("csv", "B,1,1,B1,B4,B1,", "B,1,1,B1,B1NS,B1EW,"),
        (
            "xml",
            "<NS_PAIR_NUMBER>4</NS_PAIR_NUMBER>\n" + " " * 12 + "<EW_PAIR_NUMBER>1</",
            "<NS_PAIR_NUMBER>1NS</NS_PAIR_NUMBER>\n" + " " * 12 + "<EW_PAIR_NUMBER>1EW</",
        ),
    ],
)
def test_a_howell_pair_named_north_south_and_east_west_is_refused_at_its_line(
    tmp_path: Path, suffix: str, old: str, new: str
) -> None:
    """Section B's table 1 given as 1NS against 1EW: in a Howell, whose pairs are 1 to 4
    without a direction, that is pair 1 playing itself. It was taken as two more pairs,
    B1NS and B1EW, ranked beside B1."""
    path, line = _edited(tmp_path, suffix, old, new)
    with pytest.raises(ResultsFileError) as refused:
        load_event(path)
    line -= 1 if suffix == "xml" else 0  # USEBIO: its TRAVELLER_LINE's line
    assert [str(p) for p in refused.value.problems] == [
        f"{path}, line {line}, board 1: error: {PLAYING_ITSELF}"
    ]


def test_a_howell_pair_named_with_one_direction_is_refused(tmp_path: Path) -> None:
    """B2 against B3 given as 2NS against 3: pair B2 named as its movement never names it."""
    path, line = _edited(tmp_path, "pbn", "B 2 1 2 3 3NT", "B 2 1 2NS 3 3NT")
    with pytest.raises(ResultsFileError) as refused:
        load_event(path)
    assert [str(p) for p in refused.value.problems] == [
        f"{path}, line {line}, board 1: error: B2NS names pair B2 with"
        " a direction, as a Howell's movement never does: its pairs are numbered without one"
        " (B2), each sitting North-South and East-West in turn"
    ]


def test_a_howell_pair_meeting_itself_in_a_file_of_a_mitchell_beside_is_said(
    tmp_path: Path,
) -> None:
    """PBN: section B's table 1 given as 1 against 1. A row of one id on both sides is how
    a Mitchell numbering both lines alike shows (1NS against 1EW), and so every pair of the
    file was once renamed with its direction, the Howell's too (B4NS, B1EW...), and the
    row taken; in the Howell it is pair B1 meeting itself."""
    path, line = _edited(tmp_path, "pbn", "B 1 1 4 1 3NT", "B 1 1 1 1 3NT")
    with pytest.raises(ResultsFileError) as refused:
        load_event(path)
    assert [str(p) for p in refused.value.problems] == [
        f"{path}, line {line}, board 1: error: 'B1' meets itself"
    ]


NO_HOWELL = (
    "is said to be a Howell, but its pairs are named with a direction ({pair} first), as a"
    " Howell's never are (they are numbered without one, each pair sitting North-South and"
    " East-West in turn); if it is an arrow-switched Mitchell (one winner), say Arrow-switched"
    " Mitchell"
)


@pytest.mark.parametrize(
    ("suffix", "old", "new", "place"),
    [
        ("pbn", '[Movement "Mitchell"]', '[Movement "Howell"]', "line {line}, board 1, [Movement]"),
        (
            "csv",
            "# movement: A Mitchell, B Howell",
            "# movement: A Howell, B Howell",
            "line {line}",
        ),
        (
            "json",
            '"movement": "A Mitchell, B Howell"',
            '"movement": "A Howell, B Howell"',
            "field event.movement",
        ),
    ],
)
def test_a_howell_whose_pairs_all_carry_a_direction_is_refused_at_its_movement(
    tmp_path: Path, suffix: str, old: str, new: str, place: str
) -> None:
    """Section A, a Mitchell of pairs A1NS, A1EW, A2NS and A2EW, said to be a Howell: no
    Howell numbers its pairs by direction, so the file contradicts itself. Refused at the
    line saying it, naming its first pair with a direction and the word of an
    arrow-switched Mitchell, which it may be (it was told only that a Mitchell's pairs
    carry one, as if no word said a Mitchell of one winner)."""
    path, line = _edited(tmp_path, suffix, old, new)
    where = place.format(line=line)
    problems = _refused(path)
    assert [str(p) for p in problems] == [
        f"{path}, {where}: error: section A {NO_HOWELL.format(pair='A1NS')}"
    ]
    if suffix == "csv":
        assert [p.translated(FI) for p in problems] == [
            f"{path}, rivi {line}: virhe: ryhmä A on ilmoitettu Howelliksi, mutta sen parit on"
            " nimetty suunnan kanssa (ensimmäisenä A1NS), kuten Howellin pareja ei koskaan (ne"
            " numeroidaan ilman suuntaa, ja kukin pari istuu vuorotellen pohjoinen-etelä- ja"
            " itä-länsi-suunnassa); jos se on Mitchell suuntavaihdolla (yksi voittaja), ilmoita"
            " Arrow-switched Mitchell"
        ]
        assert [p.translated(ES) for p in problems] == [
            f"{path}, línea {line}: error: la sección A se declara Howell, pero sus parejas se"
            " nombran con una dirección (A1NS la primera), como nunca las de un Howell (se"
            " numeran sin dirección y cada pareja se sienta en Norte-Sur y en Este-Oeste por"
            " turnos); si es un Mitchell con cambio de flecha (un ganador), escriba"
            " Arrow-switched Mitchell"
        ]


def test_a_usebio_section_of_one_winner_whose_pairs_carry_a_direction_is_one_field(
    tmp_path: Path,
) -> None:
    """Section A's WINNER_TYPE given as 1: one winner, not a Howell. Its pairs are a
    Mitchell's (A1NS, A2EW), so it is an arrow-switched Mitchell, ranked as one field of
    four: A2NS and A1EW tied first (100 %), A1NS and A2EW tied third. It was refused as a
    Howell whose pairs carry a direction."""
    old = '<SECTION SECTION_ID="A">\n        <WINNER_TYPE>2<'
    path, _line = _edited(tmp_path, "xml", old, old.replace(">2<", ">1<"))
    back = load_event(path, strict=True)
    assert back.field_kinds == {"A": Field.ONE, "B": Field.ONE}
    assert _ranked(back) == EXPECTED | {
        "A2NS": ("A", "1=", 100.0), "A1EW": ("A", "1=", 100.0),
        "A1NS": ("A", "3=", 0.0), "A2EW": ("A", "3=", 0.0),
    }  # fmt: skip


ONE_WINNER_MITCHELL = """<?xml version="1.0" encoding="iso-8859-1"?>
<USEBIO Version="1.2">
  <EVENT EVENT_TYPE="PAIRS">
    <PROGRAM_NAME>EBUScore Pairs</PROGRAM_NAME>
    <BOARD_SCORING_METHOD>MATCH_POINTS</BOARD_SCORING_METHOD>
    <WINNER_TYPE>1</WINNER_TYPE>
    <PARTICIPANTS>
      <PAIR><PAIR_NUMBER>1</PAIR_NUMBER><DIRECTION>NS</DIRECTION></PAIR>
      <PAIR><PAIR_NUMBER>2</PAIR_NUMBER><DIRECTION>NS</DIRECTION></PAIR>
      <PAIR><PAIR_NUMBER>1</PAIR_NUMBER><DIRECTION>EW</DIRECTION></PAIR>
      <PAIR><PAIR_NUMBER>2</PAIR_NUMBER><DIRECTION>EW</DIRECTION></PAIR>
    </PARTICIPANTS>
    <BOARD>
      <BOARD_NUMBER>1</BOARD_NUMBER>
      <TRAVELLER_LINE>
        <NS_PAIR_NUMBER>1</NS_PAIR_NUMBER><EW_PAIR_NUMBER>1</EW_PAIR_NUMBER>
        <CONTRACT>4S</CONTRACT><PLAYED_BY>N</PLAYED_BY><TRICKS>10</TRICKS>
        <SCORE>420</SCORE>
      </TRAVELLER_LINE>
      <TRAVELLER_LINE>
        <NS_PAIR_NUMBER>2</NS_PAIR_NUMBER><EW_PAIR_NUMBER>2</EW_PAIR_NUMBER>
        <CONTRACT>4S</CONTRACT><PLAYED_BY>N</PLAYED_BY><TRICKS>11</TRICKS>
        <SCORE>450</SCORE>
      </TRAVELLER_LINE>
    </BOARD>
  </EVENT>
</USEBIO>
"""
"""A one-winner Mitchell as EBUScore writes one (hand-made: none of the real files is
one): the EVENT's WINNER_TYPE 1, pairs numbered 1 and 2 each way with their DIRECTION,
board 1 of its first round, before any switched round."""


def test_a_usebio_one_winner_mitchell_as_other_programs_write_it_is_one_field(
    tmp_path: Path,
) -> None:
    """WINNER_TYPE 1, pairs numbered by direction (1NS, 1EW, ...): a Mitchell of one
    winner, read as one field of four (2NS and 1EW tied first, 1NS and 2EW third, board 1
    worked by hand), never refused: it was refused as a Howell whose pairs carry a
    direction."""
    path = tmp_path / "one-winner.xml"
    path.write_text(ONE_WINNER_MITCHELL, encoding="iso-8859-1")
    back = load_event(path, strict=True)
    assert back.field_kinds == {"": Field.ONE}
    assert _ranked(back) == {
        "2NS": ("all", "1=", 100.0), "1EW": ("all", "1=", 100.0),
        "1NS": ("all", "3=", 0.0), "2EW": ("all", "3=", 0.0),
    }  # fmt: skip


def _one_winner_sections() -> str:
    """Two sections of the one-winner Mitchell above, no SECTION_SCORING: each places its
    four pairs 1 to 4 across both directions (its ties broken, as a program may), the
    EVENT's WINNER_TYPE 1."""
    pairs = "".join(
        f"<PAIR><PAIR_NUMBER>{n}</PAIR_NUMBER><DIRECTION>{d}</DIRECTION>"
        f"<PLACE>{place}</PLACE></PAIR>"
        for n, d, place in ((2, "NS", 1), (1, "EW", 2), (1, "NS", 3), (2, "EW", 4))
    )
    board = ONE_WINNER_MITCHELL[ONE_WINNER_MITCHELL.index("<BOARD>") :]
    board = board[: board.index("</BOARD>") + len("</BOARD>")]
    sections = "".join(
        f'<SECTION SECTION_ID="{letter}"><PARTICIPANTS>{pairs}</PARTICIPANTS>{board}</SECTION>'
        for letter in "AB"
    )
    head = ONE_WINNER_MITCHELL[: ONE_WINNER_MITCHELL.index("<PARTICIPANTS>")]
    return f"{head}<SESSION>{sections}</SESSION></EVENT></USEBIO>"


def test_usebio_sections_of_one_winner_placed_across_their_directions_are_apart(
    tmp_path: Path,
) -> None:
    """Each section places its pairs 1 to 4 across North-South and East-West, as a
    section of one winner does: so each starts again at 1, and the sections were scored
    apart (each one field: A2NS and A1EW tied first in A). Its East-West pairs, placed 2
    and 4 with no first, were taken for a field placed across the sections."""
    path = tmp_path / "sections.xml"
    path.write_text(_one_winner_sections(), encoding="iso-8859-1")
    back = load_event(path)
    ranked = _ranked(back)
    assert {pair: ranked[pair] for pair in ("A2NS", "A1EW", "A1NS", "A2EW")} == {
        "A2NS": ("A", "1=", 100.0), "A1EW": ("A", "1=", 100.0),
        "A1NS": ("A", "3=", 0.0), "A2EW": ("A", "3=", 0.0),
    }  # fmt: skip
    assert {s.field for s in _standings(back)} == {"A", "B"}


@pytest.mark.parametrize("suffix", ["pbn", "csv", "json"])
def test_a_field_said_to_be_a_howell_whose_pairs_carry_a_direction_is_refused(
    tmp_path: Path, suffix: str
) -> None:
    """A file of one field, a Mitchell of 1NS, 1EW, 2NS and 2EW, that says it is a
    Howell: refused at what says it (PBN: board 1's [Movement]; CSV: the movement line;
    JSON: event.movement). USEBIO says no movement, only its number of winners."""
    path = write_event(_one_mitchell(), tmp_path / f"field.{suffix}")
    text = path.read_text(encoding="utf-8")
    old, new = {
        "pbn": ('[Movement "Mitchell"]', '[Movement "Howell"]'),
        "csv": ("# movement: Mitchell", "# movement: Howell"),
        "json": ('"movement": "Mitchell"', '"movement": "Howell"'),
    }[suffix]
    line = _line_of(text, old)
    path.write_text(text.replace(old, new), encoding="utf-8")
    where = {
        "pbn": f"line {line}, board 1, [Movement]",
        "csv": f"line {line}",
        "json": "field event.movement",
    }[suffix]
    assert [str(p) for p in _refused(path)] == [
        f"{path}, {where}: error: the field {NO_HOWELL.format(pair='1NS')}"
    ]


@pytest.mark.parametrize(
    ("suffix", "old", "new", "place"),
    [
        ("pbn", '[Movement "Howell"]', '[Movement "Arrow-switched Mitchell"]',
         "line {line}, board 1, [Movement]"),
        ("csv", "# movement: A Mitchell, B Howell",
         "# movement: A Mitchell, B Arrow-switched Mitchell", "line {line}"),
        ("json", '"movement": "A Mitchell, B Howell"',
         '"movement": "A Mitchell, B Arrow-switched Mitchell"', "field event.movement"),
    ],
)  # fmt: skip
def test_an_arrow_switched_mitchell_whose_pairs_carry_no_direction_is_refused(
    tmp_path: Path, suffix: str, old: str, new: str, place: str
) -> None:
    """Section B, a Howell of pairs B1 to B4, said to be an arrow-switched Mitchell, whose
    pairs are a Mitchell's, numbered by direction: refused at the line saying it, naming
    its first pair (B4, North-South at table 1) and the Howell's word."""
    path, line = _edited(tmp_path, suffix, old, new)
    problems = _refused(path)
    assert [str(p) for p in problems] == [
        f"{path}, {place.format(line=line)}: error: section B is said to be an arrow-switched"
        " Mitchell, but pair B4 is numbered without a direction, as a Mitchell's pairs never"
        " are; if it is a Howell, say Howell"
    ]
    if suffix == "csv":
        assert [p.translated(FI) for p in problems] == [
            f"{path}, rivi {line}: virhe: ryhmä B on ilmoitettu Mitchelliksi suuntavaihdolla,"
            " mutta pari B4 on numeroitu ilman suuntaa, kuten Mitchellin pareja ei koskaan; jos"
            " se on Howell, ilmoita Howell"
        ]
        assert [p.translated(ES) for p in problems] == [
            f"{path}, línea {line}: error: la sección B se declara Mitchell con cambio de"
            " flecha, pero la pareja B4 se numera sin dirección, como nunca las de un Mitchell;"
            " si es un Howell, escriba Howell"
        ]


def _one_mitchell() -> Event:
    """Section A alone, a file of one field: a Mitchell of two tables, after round 1."""
    rows = tuple(
        replace(r, ns=r.ns[1:], ew=r.ew[1:], table=r.table and r.table[1:], section=None)
        for r in _event().results.rows
        if r.section == "A"
    )
    return Event(EventResults(rows), field_kinds={"": Field.DIRECTIONS})


def _arrow_switched(rounds: int = 2) -> Event:
    """A Mitchell of two tables, arrow-switched in round 2 (nobody vulnerable), ranked
    as one field, as the web app's session of it is, its first ``rounds`` played. Round 1,
    board 1: 1NS v 1EW 4S by North making 10 (+420), 2NS v 2EW making 11 (+450). Round 2,
    board 2, every pair turned round: 2EW (North-South) v 1NS 3NT by South making 9
    (+400), 1EW v 2NS 3NT one down (-50)."""

    def row(
        board: int, rnd: int, table: int, ns: str, ew: str, result: str, score: int
    ) -> ResultRow:
        return ResultRow(board, ns, ew, Vulnerability.NONE, TableResult.parse(result), score,
                         round=rnd, table=str(table))  # fmt: skip

    rows = (
        row(1, 1, 1, "1NS", "1EW", "4S N 10", 420),
        row(1, 1, 2, "2NS", "2EW", "4S N 11", 450),
        row(2, 2, 1, "2EW", "1NS", "3NT S 9", 400),
        row(2, 2, 2, "1EW", "2NS", "3NT S 8", -50),
    )
    pairs = tuple(Participant(p) for p in ("1NS", "1EW", "2NS", "2EW"))
    played = tuple(r for r in rows if r.round is not None and r.round <= rounds)
    return Event(EventResults(played), participants=pairs, field_kinds={"": Field.ONE})


ROUND_TRIPS = {
    "Howell": (
        _one_howell,
        {"": Field.ONE},
        {"3": ("all", "1=", 100.0), "4": ("all", "1=", 100.0),
         "1": ("all", "3=", 0.0), "2": ("all", "3=", 0.0)},
    ),
    "Mitchell": (
        _one_mitchell,
        {"": Field.DIRECTIONS},
        {"2NS": ("NS", "1", 100.0), "1NS": ("NS", "2", 0.0),
         "1EW": ("EW", "1", 100.0), "2EW": ("EW", "2", 0.0)},
    ),
    # board 1 alone (two matchpoints a result beaten): 2NS beats 1NS, 1EW beats 2EW
    "arrow-switched, before its switched round": (
        lambda: _arrow_switched(rounds=1),
        {"": Field.ONE},
        {"2NS": ("all", "1=", 100.0), "1EW": ("all", "1=", 100.0),
         "1NS": ("all", "3=", 0.0), "2EW": ("all", "3=", 0.0)},
    ),
    # and board 2: 2EW (+400) beats 1EW (-50) sitting North-South, 2NS (+50) beats 1NS
    # (-400) sitting East-West: 2NS 4 of 4, 1EW and 2EW 2, 1NS 0
    "arrow-switched, whole": (
        _arrow_switched,
        {"": Field.ONE},
        {"2NS": ("all", "1", 100.0), "1EW": ("all", "2=", 50.0),
         "2EW": ("all", "2=", 50.0), "1NS": ("all", "4", 0.0)},
    ),
}  # fmt: skip


@pytest.mark.parametrize("suffix", ["pbn", "xml", "csv", "json"])
@pytest.mark.parametrize("movement", list(ROUND_TRIPS))
def test_each_movement_reads_back_as_it_was_ranked(
    tmp_path: Path, movement: str, suffix: str
) -> None:
    """A Howell, a Mitchell and an arrow-switched Mitchell, written and read back, are
    ranked as they were. The arrow-switched Mitchell stopped before its switched round
    (no pair has sat both ways yet) was written saying no movement and read back as two
    fields, North-South and East-West: a session's export scored otherwise than the
    session."""
    make, kinds, expected = ROUND_TRIPS[movement]
    event = make()
    assert _ranked(event) == expected
    back = load_event(write_event(event, tmp_path / f"session.{suffix}"), strict=True)
    assert _ranked(back) == expected
    assert back.field_kinds == kinds


@pytest.mark.parametrize(
    ("suffix", "said"),
    [
        ("pbn", '[Movement "Arrow-switched Mitchell"]'),
        ("csv", "# movement: Arrow-switched Mitchell\n"),
        ("json", '"movement": "Arrow-switched Mitchell"'),
        ("xml", "<WINNER_TYPE>1</WINNER_TYPE>"),
    ],
)
def test_an_arrow_switched_mitchell_is_written_in_its_own_word(
    tmp_path: Path, suffix: str, said: str
) -> None:
    """PBN, the CSV and JSON name it; USEBIO says its one winner, each pair with the
    DIRECTION of its number, as EBUScore writes one. It was written saying nothing."""
    path = write_event(_arrow_switched(rounds=1), tmp_path / f"arrow.{suffix}")
    text = path.read_text(encoding="iso-8859-1" if suffix == "xml" else "utf-8")
    assert "Howell" not in text
    assert text.count(said) == 1  # PBN: in the game of board 1, the one board played
    if suffix == "xml":
        assert text.count("<DIRECTION>NS</DIRECTION>") == 2
        assert text.count("<DIRECTION>EW</DIRECTION>") == 2


def test_a_pbn_arrow_switched_mitchell_numbering_both_lines_alike_is_one_field(
    tmp_path: Path,
) -> None:
    """A PBN file whose pairs are numbered 1 and 2 on each line (1 against 1, as another
    program writes a Mitchell) and say [Movement "Arrow-switched Mitchell"]: its pairs
    are a Mitchell's, 1NS and 1EW, ranked as one field; not pair 1 meeting itself, as
    in a Howell."""
    path = write_event(_arrow_switched(rounds=1), tmp_path / "numbers.pbn")
    text = path.read_text(encoding="utf-8")
    for n in (1, 2):
        assert text.count(f" {n}NS {n}EW ") == 1
        text = text.replace(f" {n}NS {n}EW ", f" {n} {n} ")
    path.write_text(text, encoding="utf-8")
    back = load_event(path, strict=True)
    assert _ranked(back) == ROUND_TRIPS["arrow-switched, before its switched round"][2]


@pytest.mark.parametrize("suffix", ["pbn", "xml", "csv", "json"])
def test_an_arrow_switched_section_beside_a_howell_reads_back_as_one_field(
    tmp_path: Path, suffix: str
) -> None:
    """Section A an arrow-switched Mitchell stopped after round 1 (its pairs each on
    their line so far), section B a Howell: each one field, A2NS and A1EW tied first in
    A; the CSV writes A Arrow-switched Mitchell, B Howell and reads the word back whole.
    A was read back North-South and East-West."""
    event = replace(_event(), field_kinds={"A": Field.ONE, "B": Field.ONE})
    expected = EXPECTED | {
        "A2NS": ("A", "1=", 100.0), "A1EW": ("A", "1=", 100.0),
        "A1NS": ("A", "3=", 0.0), "A2EW": ("A", "3=", 0.0),
    }  # fmt: skip
    assert _ranked(event) == expected
    path = write_event(event, tmp_path / f"sections.{suffix}")
    if suffix == "csv":
        assert "# movement: A Arrow-switched Mitchell, B Howell\n" in path.read_text("utf-8")
    back = load_event(path, strict=True)
    kinds = back.field_kinds  # USEBIO: the EVENT's WINNER_TYPE besides, as the two agree
    assert {s: kinds.get(s, kinds.get("")) for s in "AB"} == {"A": Field.ONE, "B": Field.ONE}
    assert _ranked(back) == expected


def test_a_bridgemate_file_says_each_section_s_kind_by_its_round_data() -> None:
    """The real two-section .bws: its RoundData seats every pair one way in both sections
    (two Mitchells, 9 and 8 tables), so each is ranked North-South and East-West."""
    bws = Path(__file__).parent / "data" / "bridgemate" / "bridgemate_2025-12-23.bws"
    event = load_event(bws)
    assert event.field_kinds == {"A": Field.DIRECTIONS, "B": Field.DIRECTIONS}
    assert {s.field for s in _standings(event)} == {"A NS", "A EW", "B NS", "B EW"}


# -- what a file says of a section's movement: Howell or Mitchell, and nothing else ------


MOVEMENTS = "Howell, Mitchell, Arrow-switched Mitchell"
"""The words a file says a movement in."""


def _refused(path: Path) -> list[Problem]:
    with pytest.raises(ResultsFileError) as refused:
        load_event(path)
    return list(refused.value.problems)


@pytest.mark.parametrize(
    ("new", "english", "finnish"),
    [
        (
            "A Mitchel, B Howell",
            f"section A: 'Mitchel': not a movement; use {MOVEMENTS}",
            f"ryhmä A: 'Mitchel': tuntematon kierto; käytä: {MOVEMENTS}",
        ),
        (  # the --field option's word, not a file's
            "auto",
            f"'auto': not a movement; use {MOVEMENTS}",
            f"'auto': tuntematon kierto; käytä: {MOVEMENTS}",
        ),
        (
            "A Mitchell, C Howell",
            "there is no section C in the file (its sections: A, B)",
            "tiedostossa ei ole ryhmää C (sen ryhmät: A, B)",
        ),
        (
            "A Mitchell, B Howell, B Mitchell",
            "section B's movement is said to be both Howell and Mitchell: a section has one"
            " movement",
            "ryhmän B kierroksi sanotaan sekä Howell että Mitchell: ryhmällä on yksi kierto",
        ),
        (
            "Howell, Mitchell",
            "the field's movement is said to be both Howell and Mitchell: a field has one movement",
            "kentän kierroksi sanotaan sekä Howell että Mitchell: kentällä on yksi kierto",
        ),
    ],
)
def test_a_csv_movement_line_is_read_in_the_movement_s_words_at_its_line(
    tmp_path: Path, new: str, english: str, finnish: str
) -> None:
    """The movement line says Howell or Mitchell of a section the file has, once. It was
    told of the --field option's words (auto, one, directions) for a misspelt Mitchell,
    took auto, and let C Howell (B's Howell lost) and B Howell, B Mitchell (the last
    winning) pass."""
    path, line = _edited(tmp_path, "csv", "# movement: A Mitchell, B Howell", f"# movement: {new}")
    problems = _refused(path)
    assert [str(p) for p in problems] == [f"{path}, line {line}: error: {english}"]
    assert [p.translated(FI) for p in problems] == [f"{path}, rivi {line}: virhe: {finnish}"]


def test_a_csv_of_one_field_naming_a_section_is_refused(tmp_path: Path) -> None:
    rows = tuple(r for r in _event().results.rows if r.section == "A")
    plain = Event(EventResults(tuple(replace(r, section=None) for r in rows)))
    path = write_event(plain, tmp_path / "plain.csv")
    text = path.read_text(encoding="utf-8")
    path.write_text("# movement: A Howell\n" + text, encoding="utf-8")
    problems = _refused(path)
    assert [str(p) for p in problems] == [
        f"{path}, line 1: error: there is no section A: the file is not in sections"
    ]
    assert [p.translated(ES) for p in problems] == [
        f"{path}, línea 1: error: no hay sección A: el fichero no está dividido en secciones"
    ]


@pytest.mark.parametrize(
    ("new", "english", "spanish"),
    [
        (  # was "['Howell']", a Python repr, of its "'movement' line"
            '["Howell"]',
            f'["Howell"]: a movement is written as text ({MOVEMENTS})',
            f'["Howell"]: movimiento se escribe como texto ({MOVEMENTS})',
        ),
        (
            "3",
            f"3: a movement is written as text ({MOVEMENTS})",
            f"3: movimiento se escribe como texto ({MOVEMENTS})",
        ),
        (
            '"A Mitchell, C Howell"',
            "there is no section C in the file (its sections: A, B)",
            "el fichero no tiene sección C (sus secciones: A, B)",
        ),
        (
            '"B Rover"',
            f"section B: 'Rover': not a movement; use {MOVEMENTS}",
            f"sección B: 'Rover': no se reconoce como movimiento; use {MOVEMENTS}",
        ),
    ],
)
def test_a_json_movement_is_said_at_its_field(
    tmp_path: Path, new: str, english: str, spanish: str
) -> None:
    path, _line = _edited(
        tmp_path, "json", '"movement": "A Mitchell, B Howell"', f'"movement": {new}'
    )
    problems = _refused(path)
    assert [str(p) for p in problems] == [f"{path}, field event.movement: error: {english}"]
    assert [p.translated(ES) for p in problems] == [
        f"{path}, campo event.movement: error: {spanish}"
    ]


@pytest.mark.parametrize(
    ("second", "english", "finnish", "spanish"),
    [
        (
            "B Mitchell",
            "section B's movement is said twice (line {line}: Howell): say it once",
            "ryhmän B kierto ilmoitetaan kahdesti (rivillä {line}: Howell): ilmoita se kerran",
            "el movimiento de la sección B se declara dos veces (línea {line}: Howell):"
            " declárelo una sola vez",
        ),
        (  # the same word again is still said twice
            "A Mitchell",
            "section A's movement is said twice (line {line}: Mitchell): say it once",
            "ryhmän A kierto ilmoitetaan kahdesti (rivillä {line}: Mitchell): ilmoita se kerran",
            "el movimiento de la sección A se declara dos veces (línea {line}: Mitchell):"
            " declárelo una sola vez",
        ),
    ],
)
def test_a_second_csv_movement_line_for_a_section_is_refused_at_its_line(
    tmp_path: Path, second: str, english: str, finnish: str, spanish: str
) -> None:
    """A second '# movement' line saying section B again: it was never read (the first
    line alone was), so B Mitchell after A Mitchell, B Howell passed without a word."""
    first = "# movement: A Mitchell, B Howell"
    path, line = _edited(tmp_path, "csv", first, f"{first}\n# movement: {second}")
    problems = _refused(path)
    assert [str(p) for p in problems] == [
        f"{path}, line {line + 1}: error: {english.format(line=line)}"
    ]
    assert [p.translated(FI) for p in problems] == [
        f"{path}, rivi {line + 1}: virhe: {finnish.format(line=line)}"
    ]
    assert [p.translated(ES) for p in problems] == [
        f"{path}, línea {line + 1}: error: {spanish.format(line=line)}"
    ]


def test_a_second_csv_movement_line_for_the_field_is_refused(tmp_path: Path) -> None:
    path = write_event(_one_howell(), tmp_path / "f.csv")
    text = path.read_text(encoding="utf-8")
    line = _line_of(text, "# movement: Howell")
    path.write_text(text.replace("# movement: Howell", "# movement: Howell\n# movement: Mitchell"))
    assert [str(p) for p in _refused(path)] == [
        f"{path}, line {line + 1}: error: the field's movement is said twice (line {line}:"
        " Howell): say it once"
    ]


def test_csv_movement_lines_of_different_sections_are_read_together(tmp_path: Path) -> None:
    """A Mitchell on one line, B Howell on the next: both are read (the second was
    passed over, and section B ranked as its first round shows, North-South and
    East-West)."""
    old = "# movement: A Mitchell, B Howell"
    path, _line = _edited(tmp_path, "csv", old, "# movement: A Mitchell\n# movement: B Howell")
    back = load_event(path, strict=True)
    assert back.field_kinds == {"A": Field.DIRECTIONS, "B": Field.ONE}
    assert _ranked(back) == EXPECTED


def test_a_json_movement_given_twice_is_refused(tmp_path: Path) -> None:
    """JSON keeps an object's last value of a key given twice: event.movement given as
    A Mitchell, B Howell and then B Mitchell was read as B Mitchell alone."""
    path, _line = _edited(
        tmp_path,
        "json",
        '"movement": "A Mitchell, B Howell"',
        '"movement": "A Mitchell, B Howell", "movement": "B Mitchell"',
    )
    problems = _refused(path)
    assert [str(p) for p in problems] == [
        f'{path}, field event.movement: error: the movement is said more than once ("A'
        ' Mitchell, B Howell"; "B Mitchell"): say it once, every section\'s in one (A Mitchell,'
        " B Howell)"
    ]
    assert [p.translated(ES) for p in problems] == [
        f'{path}, campo event.movement: error: el movimiento se declara más de una vez ("A'
        ' Mitchell, B Howell"; "B Mitchell"): declárelo una sola vez, el de todas las'
        " secciones en uno (A Mitchell, B Howell)"
    ]


def _xml_edited(tmp_path: Path, *changes: tuple[str, str]) -> tuple[Path, str]:
    """The event written as USEBIO with each ``(old, new)`` made once, and its text before."""
    path = write_event(_event(), tmp_path / "winners.xml")
    text = edited = path.read_text(encoding="iso-8859-1")
    for old, new in changes:
        assert edited.count(old) == 1, old
        edited = edited.replace(old, new)
    path.write_text(edited, encoding="iso-8859-1")
    return path, text


_SCORED = "<BOARD_SCORING_METHOD>MATCH_POINTS</BOARD_SCORING_METHOD>\n"
EVENT_SAYS = (_SCORED, _SCORED + "    <WINNER_TYPE>{}</WINNER_TYPE>\n")
"""The EVENT's WINNER_TYPE, put after its BOARD_SCORING_METHOD."""


def test_a_usebio_section_s_winner_type_against_the_event_s_is_refused(tmp_path: Path) -> None:
    """The EVENT says one winner (a Howell); section A's own WINNER_TYPE says two (its
    Mitchell), section B's one. USEBIO gives the EVENT the number of winners, so A
    contradicts its event: refused at A's WINNER_TYPE naming the EVENT's line. It was
    passed over, each section taking its own and the EVENT's 1 read for nothing; B,
    agreeing, is no error."""
    path, text = _xml_edited(tmp_path, (EVENT_SAYS[0], EVENT_SAYS[1].format(1)))
    event_line = _line_of(text, "<BOARD_SCORING_METHOD>") + 1
    section_line = _line_of(text, "<WINNER_TYPE>2<") + 1  # one line more: the EVENT's
    problems = _refused(path)
    assert [str(p) for p in problems] == [
        f"{path}, line {section_line}, WINNER_TYPE: error: section A's WINNER_TYPE 2"
        f" (two winners) contradicts the event's 1 (one winner) at line {event_line}: a"
        " section says what its event says, or the event says none and each section its own"
    ]
    assert [p.translated(FI) for p in problems] == [
        f"{path}, rivi {section_line}, WINNER_TYPE: virhe: ryhmän A WINNER_TYPE 2 (kaksi"
        f" voittajaa) on ristiriidassa kilpailun rivillä {event_line} ilmoittaman arvon 1"
        " (yksi voittaja) kanssa: ryhmä ilmoittaa saman kuin kilpailunsa, tai kilpailu ei"
        " ilmoita mitään ja kukin ryhmä omansa"
    ]
    assert [p.translated(ES) for p in problems] == [
        f"{path}, línea {section_line}, WINNER_TYPE: error: el WINNER_TYPE 2 (dos ganadores)"
        f" de la sección A contradice el 1 (un ganador) del torneo en la línea {event_line}:"
        " una sección dice lo mismo que su torneo, o el torneo no dice nada y cada sección"
        " dice el suyo"
    ]


def test_a_usebio_section_that_says_no_winner_type_takes_the_event_s(tmp_path: Path) -> None:
    """The EVENT says two winners (a Mitchell), section A the same and section B nothing:
    B is ranked as the EVENT says, North-South and East-West (B4 and B3 each first of
    two, B2 and B1 second), its rows no longer its Howell's word."""
    path, _text = _xml_edited(
        tmp_path,
        (EVENT_SAYS[0], EVENT_SAYS[1].format(2)),
        ('<SECTION SECTION_ID="B">\n        <WINNER_TYPE>1</WINNER_TYPE>\n',
         '<SECTION SECTION_ID="B">\n'),
    )  # fmt: skip
    back = load_event(path, strict=True)
    assert back.field_kinds == {"": Field.DIRECTIONS, "A": Field.DIRECTIONS}
    ranked = _ranked(back)
    assert {pair: ranked[pair][:2] for pair in ("B4", "B2", "B3", "B1")} == {
        "B4": ("B NS", "1"), "B2": ("B NS", "2"), "B3": ("B EW", "1"), "B1": ("B EW", "2"),
    }  # fmt: skip


def _two_boards_pbn(tmp_path: Path) -> tuple[Path, str]:
    """The event with board 2 played in section B too, as its two tables played board 1,
    written as PBN: section B's games of boards 1 and 2 each say [Movement "Howell"]."""
    event = _event()
    more = tuple(replace(r, board=2) for r in event.results.rows if r.section == "B")
    event = replace(event, results=replace(event.results, rows=event.results.rows + more))
    path = write_event(event, tmp_path / "two.pbn")
    text = path.read_text(encoding="utf-8")
    assert text.count('[Movement "Howell"]') == 2
    return path, text


def _line_of(text: str, needle: str, nth: int = 1) -> int:
    at = -1
    for _ in range(nth):
        at = text.index(needle, at + 1)
    return text[:at].count("\n") + 1


@pytest.mark.parametrize("word", ["Rover", "auto"])
def test_a_pbn_movement_that_is_no_movement_is_said_once_at_its_first_line(
    tmp_path: Path, word: str
) -> None:
    """Section B's two games say [Movement "Rover"] (or the --field option's auto): one
    warning, at board 1's tag, in the movement's words; it was said at every board, and
    told of auto, one and directions."""
    path, text = _two_boards_pbn(tmp_path)
    line = _line_of(text, '[Movement "Howell"]')
    path.write_text(text.replace('"Howell"', f'"{word}"'), encoding="utf-8")
    event = load_event(path)
    said = f"section B: '{word}': not a movement; use {MOVEMENTS}; ranked as its results show"
    assert [str(p) for p in event.results.problems] == [
        f"{path}, line {line}, board 1, [Movement]: warning: {said}"
    ]
    assert [p.translated(ES) for p in event.results.problems] == [
        f"{path}, línea {line}, estuche 1, [Movement]: aviso: sección B: '{word}': no se"
        f" reconoce como movimiento; use {MOVEMENTS}; se clasifica según muestran sus"
        " resultados"
    ]
    assert "B" not in event.field_kinds


def test_pbn_games_of_one_section_saying_two_movements_are_refused(tmp_path: Path) -> None:
    """Board 2's game of section B says Mitchell where board 1's says Howell: refused at
    board 2's tag, naming board 1's line; the first was taken, silently."""
    path, text = _two_boards_pbn(tmp_path)
    first, second = (_line_of(text, '[Movement "Howell"]', n) for n in (1, 2))
    at = text.rindex('[Movement "Howell"]')
    text = text[:at] + '[Movement "Mitchell"]' + text[at + len('[Movement "Howell"]') :]
    path.write_text(text, encoding="utf-8")
    problems = _refused(path)
    assert [str(p) for p in problems] == [
        f"{path}, line {second}, board 2, [Movement]: error: section B's movement is Mitchell"
        f" here and Howell at line {first}: a section has one movement"
    ]
    assert [p.translated(FI) for p in problems] == [
        f"{path}, rivi {second}, brikka 2, [Movement]: virhe: ryhmän B kierto on tässä Mitchell"
        f" mutta rivillä {first} Howell: ryhmällä on yksi kierto"
    ]


WINNERS = "1 (one winner), 2 (two winners)"
WINNERS_FI = "1 (yksi voittaja), 2 (kaksi voittajaa)"
"""USEBIO's WINNER_TYPE words: its number of winners, not a movement."""


@pytest.mark.parametrize(
    ("old", "new", "english", "finnish"),
    [
        (
            '<SECTION SECTION_ID="B">\n        <WINNER_TYPE>1<',
            '<SECTION SECTION_ID="B">\n        <WINNER_TYPE>3<',
            f"section B: '3': not a number of winners; use {WINNERS}",
            f"ryhmä B: '3': tuntematon voittajien määrä; käytä: {WINNERS_FI}",
        ),
        (
            '<SECTION SECTION_ID="A">\n        <WINNER_TYPE>2<',
            '<SECTION SECTION_ID="A">\n        <WINNER_TYPE>Mitchell<',
            f"section A: 'Mitchell': not a number of winners; use {WINNERS}",
            f"ryhmä A: 'Mitchell': tuntematon voittajien määrä; käytä: {WINNERS_FI}",
        ),
    ],
)
def test_a_usebio_winner_type_that_is_neither_1_nor_2_is_refused_at_its_line(
    tmp_path: Path, old: str, new: str, english: str, finnish: str
) -> None:
    """A SECTION's WINNER_TYPE of 3 (or a word): an error at its element, as an unknown
    BOARD_SCORING_METHOD is, naming USEBIO's words; it was passed over, the section
    ranked as its results show."""
    path, line = _edited(tmp_path, "xml", old, new)
    problems = _refused(path)
    assert [str(p) for p in problems] == [f"{path}, line {line + 1}, WINNER_TYPE: error: {english}"]
    assert [p.translated(FI) for p in problems] == [
        f"{path}, rivi {line + 1}, WINNER_TYPE: virhe: {finnish}"
    ]


def test_a_usebio_event_s_winner_type_that_is_neither_is_refused(tmp_path: Path) -> None:
    """One Howell field: the EVENT's own WINNER_TYPE, given as x."""
    path = write_event(_one_howell(), tmp_path / "one.xml")
    text = path.read_text(encoding="iso-8859-1")
    assert text.count("<WINNER_TYPE>1</WINNER_TYPE>") == 1
    path.write_text(text.replace("<WINNER_TYPE>1<", "<WINNER_TYPE>x<"), encoding="iso-8859-1")
    line = _line_of(text, "<WINNER_TYPE>")
    problems = _refused(path)
    assert [str(p) for p in problems] == [
        f"{path}, line {line}, WINNER_TYPE: error: 'x': not a number of winners; use {WINNERS}"
    ]
    assert [p.translated(ES) for p in problems] == [
        f"{path}, línea {line}, WINNER_TYPE: error: 'x': no se reconoce como número de"
        " ganadores; use 1 (un ganador), 2 (dos ganadores)"
    ]
