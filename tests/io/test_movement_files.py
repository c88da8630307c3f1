"""Movement files of other programs: BridgeScorer's own movements and a Bridgemate RoundData table.

Every real file is read, spot-checked against cells of its own text and proved with
``problems()``; bad files give errors naming the file, the line and the field.
"""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bridgescore.errors import BridgeInputError, LocatedError
from bridgescore.events.movements import Movement, MovementError, Round, Table, howell, mitchell
from bridgescore.io.movement_files import (
    FORMATS,
    MovementFileError,
    dumps_movement,
    load_movement,
    load_movements,
    loads_movement,
    loads_movements,
    sniff_format,
)

DATA = Path(__file__).resolve().parent / "data" / "movements"
YAML_FILES = sorted(DATA.glob("Movement.*.yaml"))
CSV_FILE = DATA / "rounddata-two-sections.csv"
MITCHELL3 = DATA / "Movement.Mitchell3Table.yaml"


def table(m: Movement, round_no: int, number: int) -> Table:
    """Table ``number`` in 1-based round ``round_no``."""
    return next(t for t in m.rounds[round_no - 1].tables if t.table == number)


def yaml_text(name: str) -> str:
    return (DATA / name).read_text(encoding="utf-8")


# --- the real files ------------------------------------------------------------------


def test_every_real_file_is_listed_in_sources() -> None:
    sources = (DATA / "SOURCES.md").read_text(encoding="utf-8")
    files = [*YAML_FILES, CSV_FILE]
    assert len(YAML_FILES) == 6
    for path in files:
        assert f"`{path.name}`" in sources


@pytest.mark.parametrize("path", YAML_FILES, ids=lambda p: p.name)
def test_real_bridgescorer_file_is_read_and_sniffed(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    assert sniff_format(text) == "bridgescorer"
    m = load_movement(path)
    assert m == load_movement(str(path), format="bridgescorer")
    assert load_movements(path) == {"1": m}
    # the file's own count: one hand per "- table:" line, every team in numberTeams
    assert sum(len(r.tables) for r in m.rounds) == text.count("- table:")
    teams = int(text.split("numberTeams: ")[1].split("\n")[0])
    assert len(m.pairs) == teams


def test_mitchell_3_table_is_our_mitchell() -> None:
    m = load_movement(MITCHELL3)
    # "- table: 2 / round: 2 / ns: 2 / ew: 4 / boards: 13..18": EW team 4 is the first EW pair
    assert table(m, 2, 2) == Table(table=2, ns="2NS", ew="1EW", boards=tuple(range(13, 19)))
    assert table(m, 3, 1) == Table(table=1, ns="1NS", ew="2EW", boards=tuple(range(13, 19)))
    assert m == mitchell(3, 6)
    assert m.kind == "mitchell"
    assert m.problems() == []


def test_howell_2_tables_5_teams_sits_one_pair_out() -> None:
    m = load_movement(DATA / "Movement.Howell2Table5Teams.yaml")
    assert table(m, 1, 2) == Table(table=2, ns="5", ew="2", boards=(11, 12, 13, 14))
    assert table(m, 1, 1) == Table(table=1, ns="4", ew="3", boards=(5, 6, 17, 18))
    assert table(m, 4, 1) == Table(table=1, ns="2", ew="1", boards=(9, 10, 17, 18))
    assert [r.sit_outs for r in m.rounds] == [("1",), ("2",), ("3",), ("4",), ("5",)]
    assert m.kind == "howell"
    assert m.shared == frozenset()
    assert m.problems() == []
    met = {frozenset((t.ns, t.ew)) for r in m.rounds for t in r.tables}
    assert len(met) == 10  # every two of the five pairs meet once


def test_howell_3_tables_no_relay() -> None:
    m = load_movement(DATA / "Movement.Howell3TableNoRelay.yaml")
    assert table(m, 3, 3) == Table(table=3, ns="6", ew="3", boards=(9, 10, 11, 12))
    assert table(m, 5, 2) == Table(table=2, ns="4", ew="1", boards=(7, 8, 11, 12))
    assert m.boards == tuple(range(1, 21))
    assert all(r.sit_outs == () and r.relay == () for r in m.rounds)
    assert m.shared == frozenset()
    assert m.problems() == []


def test_howell_6_pairs_15_boards_shares_the_last_set() -> None:
    m = load_movement(DATA / "Movement.Howell06T3B15Relay.yaml")
    # BridgeScorer's "relay": boards 13-15 at all three tables in round 5
    assert [t.boards for t in m.rounds[4].tables] == [(13, 14, 15)] * 3
    assert m.shared == frozenset({13, 14, 15})
    assert table(m, 2, 3) == Table(table=3, ns="3", ew="1", boards=(10, 11, 12))
    assert m.problems() == []
    undeclared = dataclasses.replace(m, shared=frozenset())
    assert [p.code for p in undeclared.problems()] == ["board-at-two-tables"]


def test_howell_9_pairs_skips_table_3() -> None:
    m = load_movement(DATA / "Movement.Howell09T4B18.yaml")
    assert {tuple(t.table for t in r.tables) for r in m.rounds} == {(1, 2, 4, 5)}
    assert table(m, 1, 1) == Table(table=1, ns="7", ew="3", boards=(1, 2))
    assert table(m, 9, 5) == Table(table=5, ns="3", ew="5", boards=(7, 8))
    assert [r.sit_outs for r in m.rounds] == [(str(n),) for n in range(1, 10)]
    assert m.problems() == []


def test_armonk_2_tables_meets_each_pair_twice() -> None:
    m = load_movement(DATA / "Movement.2TablesArmonk.yaml")  # creationTime is not read
    assert table(m, 6, 2) == Table(table=2, ns="4", ew="1", boards=(13, 14, 15))
    assert len(m.rounds) == 6
    problems = m.problems()
    assert {p.code for p in problems} == {"meet-twice"}
    assert [(p.round, p.table) for p in problems] == [(r, t) for r in (2, 4, 6) for t in (1, 2)]
    assert (
        str(problems[0])
        == "round 2, table 1: pairs 1 and 2 meet again (first in round 1 at table 1)"
    )


def test_bridgemate_round_data_two_sections() -> None:
    text = CSV_FILE.read_text(encoding="utf-8")
    assert sniff_format(text) == "bridgemate"
    sections = load_movements(CSV_FILE)
    assert list(sections) == ["1", "2"]
    first, second = sections["1"], sections["2"]
    assert first == load_movement(MITCHELL3)
    # row "2,4,4,4,1,3,4": section 2, table 4, round 4, NS 4 v EW 1, boards 3-4
    assert table(second, 4, 4) == Table(table=4, ns="4NS", ew="1EW", boards=(3, 4))
    # row "2,3,4,3,0,1,2": NS pair 3 sits out in round 4
    assert second.rounds[3].sit_outs == ("3NS",)
    assert [len(r.tables) for r in second.rounds] == [4] * 5
    assert second.problems() == []
    full = mitchell(5, 2)
    assert [[(t.ns, t.boards) for t in r.tables if t.ew != "5EW"] for r in full.rounds] == [
        [(t.ns, t.boards) for t in r.tables] for r in second.rounds
    ]


def test_one_movement_from_a_file_of_two_sections_is_an_error() -> None:
    with pytest.raises(MovementFileError) as caught:
        load_movement(CSV_FILE)
    assert str(caught.value) == (f"{CSV_FILE}: 2 sections (1, 2): read them with loads_movements")


def test_encodings_are_read_by_the_shared_decoder(tmp_path: Path) -> None:
    wide = tmp_path / "mitchell.yaml"
    wide.write_bytes(MITCHELL3.read_text(encoding="utf-8").encode("utf-16"))  # with a BOM
    assert load_movement(wide) == load_movement(MITCHELL3)
    bom = tmp_path / "rounds.csv"
    bom.write_bytes(b"\xef\xbb\xbf" + CSV_FILE.read_bytes().replace(b"\n", b"\r\n"))
    assert load_movements(bom) == load_movements(CSV_FILE)


def test_our_json_form_is_read_too() -> None:
    h = howell(3, 2)
    assert sniff_format(h.to_json()) == "json"
    assert loads_movement(h.to_json()) == h
    with pytest.raises(MovementFileError) as caught:
        loads_movement('{"kind": "howell", "rounds": [[{"table": 0}]]}', source="h.json")
    assert str(caught.value).startswith("h.json: round 1, field 'table': expected a table number")


# --- writing back ------------------------------------------------------------------


@pytest.mark.parametrize("path", YAML_FILES, ids=lambda p: p.name)
def test_bridgescorer_round_trip(path: Path) -> None:
    m = load_movement(path)
    text = dumps_movement(m, name=path.stem)
    assert text.startswith(f'---\nname: "{path.stem}"\n')
    assert loads_movement(text, source="written") == m


def test_bridgemate_round_trip_where_boards_are_consecutive() -> None:
    for m in load_movements(CSV_FILE).values():
        assert loads_movement(dumps_movement(m, format="bridgemate")) == m
    for name in ("Movement.Howell09T4B18.yaml", "Movement.Howell06T3B15Relay.yaml"):
        m = load_movement(DATA / name)
        assert loads_movement(dumps_movement(m, format="bridgemate")) == m


def test_bridgemate_cannot_hold_scattered_boards() -> None:
    m = load_movement(DATA / "Movement.Howell3TableNoRelay.yaml")
    with pytest.raises(MovementError, match=r"round 1, table 1, field 'boards': \[5, 6, 17, 18\]"):
        dumps_movement(m, format="bridgemate")


def test_writing_drops_the_relay_and_declarations() -> None:
    h = howell(4, 2)
    assert any(r.relay for r in h.rounds)
    bare = dataclasses.replace(
        h, rounds=tuple(Round(tables=r.tables, sit_outs=r.sit_outs) for r in h.rounds)
    )
    for format in ("bridgescorer", "bridgemate"):
        assert loads_movement(dumps_movement(h, format=format)) == bare
    even = mitchell(4, 2, rounds=4)
    back = loads_movement(dumps_movement(even))
    assert back == dataclasses.replace(even, revenge_rounds=frozenset())
    assert dumps_movement(h, format="json") == h.to_json()


def test_pair_ids_that_are_not_numbers_cannot_be_written() -> None:
    m = Movement(
        kind=mitchell(2, 1).kind,
        rounds=(Round(tables=(Table(table=1, ns="Smith", ew="Jones", boards=(1,)),)),),
    )
    with pytest.raises(MovementError, match="pair id 'Smith' cannot be written as a number"):
        dumps_movement(m)
    with pytest.raises(MovementError, match="unknown movement format 'mov'"):
        dumps_movement(m, format="mov")


# --- bad files: what is wrong and where -------------------------------------------------


def error_of(text: str, source: str = "bad.yaml", format: str | None = None) -> str:
    with pytest.raises(MovementFileError) as caught:
        loads_movements(text, source=source, format=format)
    error = caught.value
    assert isinstance(error, LocatedError)
    assert isinstance(error, MovementError)
    assert isinstance(error, BridgeInputError)
    assert error.source == source
    return str(error)


MITCHELL_TEXT = MITCHELL3.read_text(encoding="utf-8")
# hand k (0-based) of Movement.Mitchell3Table.yaml starts at line 7 + 11 k


def test_truncated_bridgescorer_file() -> None:
    cut = MITCHELL_TEXT[: MITCHELL_TEXT.index("  ew: 6\n")]  # third hand stops after 'ns: 3'
    assert (
        error_of(cut) == "bad.yaml, line 29, field 'ew': missing from the hand starting at line 29"
    )


def test_misspelt_field_in_a_hand() -> None:
    text = MITCHELL_TEXT.replace("  boards:", "  bords:", 2)
    assert error_of(text) == (
        "bad.yaml, line 11, field 'bords': unknown field in a hand:"
        " use table, round, ns, ew, boards"
    )


def test_non_numeric_team() -> None:
    text = MITCHELL_TEXT.replace("  ew: 5\n", "  ew: x\n", 1)
    assert error_of(text) == (
        "bad.yaml, line 21, field 'ew': expected a team number (a whole number from 1), got 'x'"
    )


def test_team_above_number_of_teams() -> None:
    text = MITCHELL_TEXT.replace("numberTeams: 6", "numberTeams: 5")
    assert error_of(text) == "bad.yaml, line 32, field 'ew': team 6 is above numberTeams (5)"


def test_pair_in_two_places() -> None:
    # round 1, table 2 seats EW team 4 again: team 4 is already EW at table 1
    text = MITCHELL_TEXT.replace("  ns: 2\n  ew: 5\n", "  ns: 2\n  ew: 4\n", 1)
    assert error_of(text) == (
        "bad.yaml, line 18, field 'ew': pair 4 is in two places in round 1:"
        " at table 1 (line 7) and at table 2"
    )


def test_table_listed_twice_in_a_round() -> None:
    text = MITCHELL_TEXT.replace("- table: 2\n  round: 1\n", "- table: 1\n  round: 1\n", 1)
    assert error_of(text) == (
        "bad.yaml, line 18, field 'table': round 1, table 1 is listed twice (first at line 7)"
    )


def test_missing_round() -> None:
    text = MITCHELL_TEXT.replace("  round: 2\n", "  round: 4\n")
    assert error_of(text) == "bad.yaml: file has no table in round 2 (its rounds go up to 4)"


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "bad.yaml: the file is empty"),
        ("---\n", "bad.yaml: the file is empty"),
        ("hands:\n- table: 1\n\tround: 1\n", "bad.yaml, line 3: a tab in the indentation"),
        ("numberTeams: 2\nhands:\n- table: 1\n    round: 1\n", "bad.yaml, line 4: unexpected"),
        ("numberTeams: 2\nhands: []\n", "bad.yaml, line 2, field 'hands': expected a list"),
        ("hands:\n- table: 1\n", "bad.yaml, line 1, field 'numberTeams': missing"),
        (
            "numberTeams: 2\nnumberTeams: 2\nhands:\n",
            "bad.yaml, line 2, field 'numberTeams': key given",
        ),
        ('numberTeams: 2\nname: "open\nhands:\n', "bad.yaml, line 2, field 'name': a quoted text"),
        ("---\nhands:\n---\nhands:\n", "bad.yaml, line 3: a second YAML document"),
        (
            "numberTeams: 2\nhands:\n- table: 1\n  round: 1\n  ns: 1\n  ew: 1\n  boards: [1]\n",
            "bad.yaml, line 6, field 'ew': team 1 would play itself",
        ),
        (
            "numberTeams: 2\nhands:\n- table: 1\n  round: 1\n  ns: 1\n  ew: 2\n  boards: [1, 1]\n",
            "bad.yaml, line 7, field 'boards': a board listed twice",
        ),
        (
            "numberTeams: 2\nhands:\n- table: 1\n  round: 1\n  ns: 1\n  ew: 2\n  boards: []\n",
            "bad.yaml, line 7, field 'boards': expected a non-empty list",
        ),
    ],
)
def test_bad_bridgescorer_text(text: str, message: str) -> None:
    assert error_of(text, format="bridgescorer").startswith(message)


def yaml_error(text: str) -> MovementFileError:
    with pytest.raises(MovementFileError) as caught:
        loads_movements(text, source="Movement.Mitchell3Table.yaml")
    return caught.value


def test_yaml_that_does_not_parse_names_the_line_and_column() -> None:
    # the real file with a tab before hand 2's 'round: 1' (line 19)
    tabbed = yaml_error(
        MITCHELL_TEXT.replace("- table: 2\n  round: 1\n", "- table: 2\n\tround: 1\n")
    )
    assert (tabbed.line, tabbed.column, tabbed.field) == (19, 1, None)
    assert str(tabbed) == (
        "Movement.Mitchell3Table.yaml, line 19: a tab in the indentation"
        " (YAML indents with spaces) (column 1)"
    )
    # the description's closing quote lost (line 4): placed where the text starts
    unended = yaml_error(MITCHELL_TEXT.replace('winner, local"', "winner, local"))
    assert (unended.line, unended.column, unended.field) == (4, 14, "description")
    assert str(unended).endswith("a quoted text that does not end (column 14)")
    # hand 1's 'round: 1' indented one space too far (line 8)
    shifted = yaml_error(
        MITCHELL_TEXT.replace("- table: 1\n  round: 1\n", "- table: 1\n   round: 1\n")
    )
    assert (shifted.line, shifted.column) == (8, 9)
    assert "check this line's indentation" in str(shifted)


def test_yaml_the_old_subset_refused_is_read_by_pyyaml() -> None:
    # a flow mapping per hand and an anchor for a board list: plain YAML, read as any other
    text = (
        "numberTeams: 2\nboards: &two [1, 2]\nhands:\n"
        "- {table: 1, round: 1, ns: 1, ew: 2, boards: *two}\n"
    )
    m = loads_movement(text)
    assert m.rounds == (Round(tables=(Table(table=1, ns="1NS", ew="1EW", boards=(1, 2)),)),)


def test_a_text_of_no_known_format() -> None:
    assert error_of("---\n") == (
        "bad.yaml: cannot tell the movement format: expected our JSON form, a BridgeScorer"
        " file (with 'hands:') or a Bridgemate RoundData CSV (with an NSPair column);"
        " name it with format= (json, bridgescorer, bridgemate)"
    )


def test_flow_lists_and_comments_are_read() -> None:
    text = (
        "# two pairs, two boards\nnumberTeams: 2  # teams\nhands:\n"
        "  - table: 1\n    round: 1\n    ns: 1\n    ew: 2\n    boards: [1, 2]  # '#' here\n"
    )
    m = loads_movement(text)
    assert m.rounds == (Round(tables=(Table(table=1, ns="1NS", ew="1EW", boards=(1, 2)),)),)


CSV_TEXT = CSV_FILE.read_text(encoding="utf-8")


@pytest.mark.parametrize(
    ("old", "new", "message"),
    [
        ("NSPair", "NS", "rounds.csv, line 1, field 'NSPair': missing column"),
        (
            "1,1,2,1,3,7,12",
            "1,1,2,x,3,7,12",
            "rounds.csv, line 3, field 'NSPair':"
            " expected a pair number (a whole number from 0), got 'x'",
        ),
        (
            '1,1,3,1,2,13,18,""',
            "1,1,3,1,2",
            "rounds.csv, line 4: expected 8 fields as in the header, got 5",
        ),
        (
            "1,2,1,2,2,7,12",
            "1,2,1,2,2,12,7",
            "rounds.csv, line 5, field 'HighBoard': HighBoard 7 is below LowBoard 12",
        ),
        (
            "1,2,1,2,2,7,12",
            "1,2,1,2,1,7,12",
            "rounds.csv, line 5, field 'EWPair':"
            " pair 1EW is in two places in round 1: at table 1 (line 2) and at table 2",
        ),
        (
            '1,3,3,3,1,7,12,""',
            '1,3,3,3,1,7,12,"7,9"',
            "rounds.csv, line 10, field 'CustomBoards': custom board lists are not read",
        ),
        (
            "1,2,3,2,3,1,6",
            "1,2,3,2,3,0,6",
            "rounds.csv, line 7, field 'LowBoard':"
            " expected a board number (a whole number from 1), got '0'",
        ),
    ],
)
def test_bad_bridgemate_rows(old: str, new: str, message: str) -> None:
    assert old in CSV_TEXT
    assert error_of(CSV_TEXT.replace(old, new, 1), "rounds.csv", "bridgemate").startswith(message)


def test_individual_round_data_is_refused() -> None:
    text = "Section,Table,Round,NSPair,EWPair,South,West,LowBoard,HighBoard\n1,1,1,1,2,3,4,1,2\n"
    assert error_of(text, "ind.csv") == (
        "ind.csv, line 2, field 'South': an individual movement (players, not pairs): not read"
    )


def test_format_named_or_unknown() -> None:
    assert FORMATS == ("json", "bridgescorer", "bridgemate")
    with pytest.raises(MovementError, match="unknown movement format 'mov': use one of json"):
        loads_movement(CSV_TEXT, format="mov")
    assert error_of(CSV_TEXT, "r.csv", format="json").startswith("r.csv, line 1: not JSON")
    assert error_of(MITCHELL_TEXT, "m.yaml", format="bridgemate").startswith(
        "m.yaml, line 1, field 'Section': missing column"
    )


def test_a_file_that_cannot_be_opened_is_an_os_error(tmp_path: Path) -> None:
    with pytest.raises(FileNotFoundError):
        load_movement(tmp_path / "missing.yaml")


@settings(max_examples=150, deadline=None)
@given(data=st.data())
def test_a_cut_or_damaged_file_never_gives_a_traceback(data: st.DataObject) -> None:
    text = data.draw(
        st.sampled_from([MITCHELL_TEXT, CSV_TEXT, yaml_text("Movement.Howell09T4B18.yaml")])
    )
    cut = data.draw(st.integers(0, len(text)))
    junk = data.draw(st.text(alphabet="0x-: ,\n#[]'\"", max_size=4))
    damaged = text[:cut] + junk + text[cut + data.draw(st.integers(0, 3)) :]
    failure: MovementError | None = None
    try:
        loads_movements(damaged, source="cut")
    except MovementError as error:  # every failure is a located movement error
        failure = error
    assert failure is None or str(failure).startswith("cut")
