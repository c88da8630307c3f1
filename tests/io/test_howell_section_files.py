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
    " Howell's never are: they are numbered without one, each pair sitting North-South and"
    " East-West in turn; a Mitchell's carry one"
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
            "xml",
            '<SECTION SECTION_ID="A">\n        <WINNER_TYPE>2<',
            '<SECTION SECTION_ID="A">\n        <WINNER_TYPE>1<',
            "line {line}, WINNER_TYPE",
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
    Howell numbers its pairs by direction, so the file contradicts itself. It was read as
    an arrow-switched Mitchell, the four ranked as one field (A2NS and A1EW tied first).
    Refused at the line saying it (USEBIO: the SECTION's WINNER_TYPE, a line below the
    SECTION), naming its first pair with a direction."""
    path, line = _edited(tmp_path, suffix, old, new)
    line += 1 if suffix == "xml" else 0
    where = place.format(line=line)
    problems = _refused(path)
    assert [str(p) for p in problems] == [
        f"{path}, {where}: error: section A {NO_HOWELL.format(pair='A1NS')}"
    ]
    if suffix == "csv":
        assert [p.translated(FI) for p in problems] == [
            f"{path}, rivi {line}: virhe: ryhmä A on ilmoitettu Howelliksi, mutta sen parit on"
            " nimetty suunnan kanssa (ensimmäisenä A1NS), kuten Howellin pareja ei koskaan:"
            " ne numeroidaan ilman suuntaa, ja kukin pari istuu vuorotellen pohjoinen-etelä-"
            " ja itä-länsi-suunnassa; Mitchellin pareilla suunta on"
        ]
        assert [p.translated(ES) for p in problems] == [
            f"{path}, línea {line}: error: la sección A se declara Howell, pero sus parejas se"
            " nombran con una dirección (A1NS la primera), como nunca las de un Howell: se"
            " numeran sin dirección y cada pareja se sienta en Norte-Sur y en Este-Oeste por"
            " turnos; las de un Mitchell la llevan"
        ]


@pytest.mark.parametrize("suffix", ["pbn", "xml", "csv", "json"])
def test_a_field_said_to_be_a_howell_whose_pairs_carry_a_direction_is_refused(
    tmp_path: Path, suffix: str
) -> None:
    """A file of one field, a Mitchell of 1NS, 1EW, 2NS and 2EW, that says it is a
    Howell: refused at what says it (PBN: board 1's [Movement]; USEBIO: the EVENT's
    WINNER_TYPE; CSV: the movement line; JSON: event.movement)."""
    rows = tuple(
        replace(r, ns=r.ns[1:], ew=r.ew[1:], table=r.table and r.table[1:], section=None)
        for r in _event().results.rows
        if r.section == "A"
    )
    path = write_event(Event(EventResults(rows), field_kinds={"": Field.DIRECTIONS}),
                       tmp_path / f"field.{suffix}")  # fmt: skip
    encoding = "iso-8859-1" if suffix == "xml" else "utf-8"
    text = path.read_text(encoding=encoding)
    old, new = {
        "pbn": ('[Movement "Mitchell"]', '[Movement "Howell"]'),
        "xml": ("<WINNER_TYPE>2<", "<WINNER_TYPE>1<"),
        "csv": ("# movement: Mitchell", "# movement: Howell"),
        "json": ('"movement": "Mitchell"', '"movement": "Howell"'),
    }[suffix]
    line = _line_of(text, old)
    path.write_text(text.replace(old, new), encoding=encoding)
    where = {
        "pbn": f"line {line}, board 1, [Movement]",
        "xml": f"line {line}, WINNER_TYPE",
        "csv": f"line {line}",
        "json": "field event.movement",
    }[suffix]
    assert [str(p) for p in _refused(path)] == [
        f"{path}, {where}: error: the field {NO_HOWELL.format(pair='1NS')}"
    ]


def _arrow_switched() -> Event:
    """A Mitchell of two tables, arrow-switched in round 2 (nobody vulnerable), ranked
    as one field. Round 1, board 1: 1NS v 1EW 4S by North making 10 (+420), 2NS v 2EW
    making 11 (+450). Round 2, board 2, every pair turned round: 2EW (North-South) v 1NS
    3NT by South making 9 (+400), 1EW v 2NS 3NT one down (-50). Worked by hand (two
    matchpoints a result beaten): board 1, 2NS 2 and 1NS 0, 1EW 2 and 2EW 0; board 2,
    2EW 2 and 1EW 0, 2NS (+50) 2 and 1NS 0. One field: 2NS 4 of 4 (100 %), 1EW and 2EW
    2 (50 %), 1NS 0."""

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
    return Event(EventResults(rows), field_kinds={"": Field.ONE})


@pytest.mark.parametrize("suffix", ["pbn", "xml", "csv", "json"])
def test_an_arrow_switched_mitchell_is_written_without_a_movement(
    tmp_path: Path, suffix: str
) -> None:
    """An arrow-switched Mitchell is one ranking, its pairs numbered by direction: neither
    a Howell (whose pairs have none) nor a Mitchell ranked North-South and East-West. It
    was written as a Howell, which its file now contradicts; it is written saying neither,
    and read back as its rows show, one field (1NS and 2NS have sat both ways)."""
    path = write_event(_arrow_switched(), tmp_path / f"arrow.{suffix}")
    text = path.read_text(encoding="iso-8859-1" if suffix == "xml" else "utf-8")
    assert "Howell" not in text
    assert not [word for word in ("Movement", "movement", "WINNER_TYPE") if word in text]
    back = load_event(path, strict=True)
    assert back.field_kinds == {}
    assert {s.pair: (s.field, s.place, s.percent) for s in _standings(back)} == {
        "2NS": ("all", "1", 100.0), "1EW": ("all", "2=", 50.0), "2EW": ("all", "2=", 50.0),
        "1NS": ("all", "4", 0.0),
    }, suffix  # fmt: skip


def test_a_bridgemate_file_says_each_section_s_kind_by_its_round_data() -> None:
    """The real two-section .bws: its RoundData seats every pair one way in both sections
    (two Mitchells, 9 and 8 tables), so each is ranked North-South and East-West."""
    bws = Path(__file__).parent / "data" / "bridgemate" / "bridgemate_2025-12-23.bws"
    event = load_event(bws)
    assert event.field_kinds == {"A": Field.DIRECTIONS, "B": Field.DIRECTIONS}
    assert {s.field for s in _standings(event)} == {"A NS", "A EW", "B NS", "B EW"}


# -- what a file says of a section's movement: Howell or Mitchell, and nothing else ------


def _refused(path: Path) -> list[Problem]:
    with pytest.raises(ResultsFileError) as refused:
        load_event(path)
    return list(refused.value.problems)


@pytest.mark.parametrize(
    ("new", "english", "finnish"),
    [
        (
            "A Mitchel, B Howell",
            "section A: 'Mitchel': not a movement; use Howell, Mitchell",
            "ryhmä A: 'Mitchel': tuntematon kierto; käytä: Howell, Mitchell",
        ),
        (  # the --field option's word, not a file's
            "auto",
            "'auto': not a movement; use Howell, Mitchell",
            "'auto': tuntematon kierto; käytä: Howell, Mitchell",
        ),
        (
            "A Mitchell, C Howell",
            "there is no section C in the file (its sections: A, B)",
            "tiedostossa ei ole ryhmää C (sen ryhmät: A, B)",
        ),
        (
            "A Mitchell, B Howell, B Mitchell",
            "section B is said to be a Howell and a Mitchell: a section has one movement",
            "ryhmän B kierroksi sanotaan sekä Howell että Mitchell: ryhmällä on yksi kierto",
        ),
        (
            "Howell, Mitchell",
            "the field is said to be a Howell and a Mitchell: a field has one movement",
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
            '["Howell"]: a movement is written as text (Howell, Mitchell)',
            '["Howell"]: movimiento se escribe como texto (Howell, Mitchell)',
        ),
        (
            "3",
            "3: a movement is written as text (Howell, Mitchell)",
            "3: movimiento se escribe como texto (Howell, Mitchell)",
        ),
        (
            '"A Mitchell, C Howell"',
            "there is no section C in the file (its sections: A, B)",
            "el fichero no tiene sección C (sus secciones: A, B)",
        ),
        (
            '"B Rover"',
            "section B: 'Rover': not a movement; use Howell, Mitchell",
            "sección B: 'Rover': no se reconoce como movimiento; use Howell, Mitchell",
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
        f" (Mitchell) contradicts the event's 1 (Howell) at line {event_line}: a section says"
        " what its event says, or the event says none and each section its own"
    ]
    assert [p.translated(FI) for p in problems] == [
        f"{path}, rivi {section_line}, WINNER_TYPE: virhe: ryhmän A WINNER_TYPE 2 (Mitchell)"
        f" on ristiriidassa kilpailun rivillä {event_line} ilmoittaman arvon 1 (Howell)"
        " kanssa: ryhmä ilmoittaa saman kuin kilpailunsa, tai kilpailu ei ilmoita mitään ja"
        " kukin ryhmä omansa"
    ]
    assert [p.translated(ES) for p in problems] == [
        f"{path}, línea {section_line}, WINNER_TYPE: error: el WINNER_TYPE 2 (Mitchell) de la"
        f" sección A contradice el 1 (Howell) del torneo en la línea {event_line}: una sección"
        " dice lo mismo que su torneo, o el torneo no dice nada y cada sección dice el suyo"
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
    said = f"section B: '{word}': not a movement; use Howell, Mitchell; ranked as its results show"
    assert [str(p) for p in event.results.problems] == [
        f"{path}, line {line}, board 1, [Movement]: warning: {said}"
    ]
    assert [p.translated(ES) for p in event.results.problems] == [
        f"{path}, línea {line}, estuche 1, [Movement]: aviso: sección B: '{word}': no se"
        " reconoce como movimiento; use Howell, Mitchell; se clasifica según muestran sus"
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
        f"{path}, line {second}, board 2, [Movement]: error: section B is a Mitchell here and"
        f" a Howell at line {first}: a section has one movement"
    ]
    assert [p.translated(FI) for p in problems] == [
        f"{path}, rivi {second}, brikka 2, [Movement]: virhe: ryhmä B on tässä Mitchell mutta"
        f" rivillä {first} Howell: ryhmällä on yksi kierto"
    ]


@pytest.mark.parametrize(
    ("old", "new", "english", "finnish"),
    [
        (
            '<SECTION SECTION_ID="B">\n        <WINNER_TYPE>1<',
            '<SECTION SECTION_ID="B">\n        <WINNER_TYPE>3<',
            "section B: '3': not a movement; use 1 (Howell), 2 (Mitchell)",
            "ryhmä B: '3': tuntematon kierto; käytä: 1 (Howell), 2 (Mitchell)",
        ),
        (
            '<SECTION SECTION_ID="A">\n        <WINNER_TYPE>2<',
            '<SECTION SECTION_ID="A">\n        <WINNER_TYPE>Mitchell<',
            "section A: 'Mitchell': not a movement; use 1 (Howell), 2 (Mitchell)",
            "ryhmä A: 'Mitchell': tuntematon kierto; käytä: 1 (Howell), 2 (Mitchell)",
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
        f"{path}, line {line}, WINNER_TYPE: error: 'x': not a movement; use 1 (Howell),"
        " 2 (Mitchell)"
    ]
    assert [p.translated(ES) for p in problems] == [
        f"{path}, línea {line}, WINNER_TYPE: error: 'x': no se reconoce como movimiento;"
        " use 1 (Howell), 2 (Mitchell)"
    ]
