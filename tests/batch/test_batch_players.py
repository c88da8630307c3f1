"""Each player's season in one call, and pairs written as one string split into players.

The files are real (``tests/io/data/pbn``, SOURCES.md there): BridgeComposer's two club
sessions of December 2025 write each pair as one string (``Hemsley-Dudman``) and carry
each deal's double-dummy table (``DoubleDummyTricks``); the expected figures are worked
out here from the library's reading of the files, never from the batch engine.
"""

from __future__ import annotations

import warnings
from pathlib import Path
from statistics import mean

import polars as pl
import pytest

from bridgescore.batch.events import (
    PLAYERS_SCHEMA,
    SeasonWarning,
    player_statistics,
    read_results,
    read_season,
    split_pair,
)
from bridgescore.core.contract import Contract
from bridgescore.core.seats import Seat
from bridgescore.errors import BridgeError
from bridgescore.io.events import load_event

PBN = Path(__file__).resolve().parents[1] / "io" / "data" / "pbn"
DECEMBER = [PBN / "bridgecomposer_2025-12-23.pbn", PBN / "bridgecomposer_2025-12-30.pbn"]
INDIVIDUAL = PBN / "ruter_indi.pbn"


def test_a_pair_written_as_one_string_is_two_players() -> None:
    assert split_pair(["Hemsley-Dudman"]) == ("Hemsley", "Dudman")
    assert split_pair(["A Smith & B Jones"]) == ("A Smith", "B Jones")
    assert split_pair(["X / Y"]) == ("X", "Y")
    assert split_pair(["Ann Smith and Bob Jones"]) == ("Ann Smith", "Bob Jones")
    # two names stay two (a double-barrelled one whole); a name with no separator, or
    # hyphens that may be a double-barrelled name, stays whole
    assert split_pair(["Arni Anidjar-Romain", "Jeff Green"]) == (
        "Arni Anidjar-Romain",
        "Jeff Green",
    )
    assert split_pair(["Baker-Hall-Smith"]) == ("Baker-Hall-Smith",)
    assert split_pair(["Lars-Göran Niklasson"]) == ("Lars-Göran Niklasson",)
    # the real file: pair A1NS is "Hemsley-Dudman", its rows name two players
    event = load_event(DECEMBER[0])
    assert next(p.names for p in event.participants if p.id == "A1NS") == ("Hemsley-Dudman",)
    results = read_results([DECEMBER[0]])
    named = results.filter(pl.col("ns") == "A1NS")["ns_players"].to_list()
    assert len(named) == 21
    assert all(players == ["Hemsley", "Dudman"] for players in named)


def _declared_by(path: Path, surname: str) -> list[tuple[int, int]]:
    """(tricks, double-dummy tricks) of every board the player's side declared."""
    event = load_event(path)
    pair = next(p.id for p in event.participants if surname in p.names[0].split("-"))
    found = []
    for row in event.results.rows:
        if row.result is None or row.adjusted is not None or row.result.declarer is None:
            continue
        contract = row.result.contract
        assert isinstance(contract, Contract)
        side = row.ns if row.result.declarer.letter in "NS" else row.ew
        if side == pair:
            tricks = event.analyses[row.board].tricks
            assert tricks is not None
            assert row.result.tricks is not None
            found.append((row.result.tricks, tricks.of(row.result.declarer, contract.strain)))
    return found


def test_player_statistics_in_one_call() -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("error", SeasonWarning)  # two sessions, none read twice
        season = read_season(DECEMBER)
    players = season.players()
    assert players.schema == PLAYERS_SCHEMA
    hemsley = players.filter(pl.col("player") == "Hemsley").row(0, named=True)
    declared = [d for path in DECEMBER for d in _declared_by(path, "Hemsley")]
    assert hemsley["events"] == 2
    assert hemsley["boards"] == 45
    assert hemsley["declared"] == len(declared) == 20
    assert hemsley["analysed"] == 20
    assert hemsley["tricks"] == pytest.approx(mean(t for t, _dd in declared))
    assert hemsley["against_dd"] == pytest.approx(mean(t - dd for t, dd in declared))
    assert hemsley["against_dd"] == pytest.approx(0.15)
    # the average of the boards' percentages, as the library's travellers give them
    rows = season.results.filter(
        pl.col("ns_players").list.contains("Hemsley")
        | pl.col("ew_players").list.contains("Hemsley")
    )
    percents = [
        r["ns_percent"] if "Hemsley" in r["ns_players"] else r["ew_percent"]
        for r in rows.iter_rows(named=True)
    ]
    assert hemsley["percent"] == pytest.approx(mean(percents))


def test_an_individual_counts_the_declarer_alone() -> None:
    results = read_results([INDIVIDUAL])
    players = player_statistics(results)
    # each board is declared by one player of the four: the declared boards add up to
    # the played contracts, once each
    contracts = results.filter(pl.col("declarer").is_not_null()).height
    assert int(players["declared"].sum()) == contracts == 725
    assert players.filter(pl.col("player") == "Lars-Göran Niklasson")["boards"].to_list() == [62]


def test_player_statistics_say_what_they_need() -> None:
    with pytest.raises(BridgeError, match="player_statistics needs a read_results frame"):
        player_statistics(pl.DataFrame({"player": ["x"]}))


def test_deals_without_analysis_are_analysed_when_asked() -> None:
    pytest.importorskip("endplay")
    from bridgescore.events.deals import analysed

    path = (
        Path(__file__).resolve().parents[1] / "io" / "data" / "usebio" / "mp_pairs_mitchell_03.xml"
    )
    plain = read_results([path])
    assert plain["dd_tricks"].null_count() == plain.height  # the file has deals, no analysis
    found = read_results([path], analyse=True)
    contracts = found.filter(pl.col("declarer").is_not_null())
    assert contracts.height == 126
    assert contracts["dd_tricks"].null_count() == 0
    # each row's figure is the solver's for that deal, declarer and strain
    solved = analysed(load_event(path)).event.analyses
    first = contracts.row(0, named=True)
    table = solved[first["board"]].tricks
    assert table is not None
    strain = Contract.parse(first["contract"]).strain
    assert first["dd_tricks"] == table.of(Seat.parse(first["declarer"]), strain)
