"""``--strict`` means strict: what lenient reading lets pass without a word is an error with its
file and line when reading strictly.

The files are tiny ones made from real ones (``tests/io/data/strict/SOURCES.md``): a PBN with a
line of text after ``[Site]``, a tag with no section data (lenient reading keeps it as that tag's
section, so that the file is written back as it was), and a USEBIO file with ``&nbsp;`` in a
player's name (lenient reading leaves the entity out, as XML parsers do).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from bridgescore import load_event
from bridgescore.errors import LocatedError
from bridgescore.io import pbn, usebio

DATA = Path(__file__).resolve().parent / "data" / "strict"
STRAY = DATA / "stray_line.pbn"
NBSP = DATA / "nbsp_in_name.xml"

STRAY_MESSAGE = (
    f"{STRAY}, line 42: board 1: [Site] text outside any tag:"
    " 'Arja Niskanen - Tuula Kukkonen' (this tag has no section data)"
)
NBSP_MESSAGE = (
    f"{NBSP}, line 39: the entity &nbsp; (column 25 in <PLAYER_NAME>) is not defined: XML"
    " defines only &amp; &lt; &gt; &quot; &apos;; write a character reference instead (&#160;"
    " for a no-break space); read leniently, it is left out of the text"
)


def test_every_file_is_listed_in_sources() -> None:
    sources = (DATA / "SOURCES.md").read_text(encoding="utf-8")
    for path in DATA.iterdir():
        if path.name != "SOURCES.md":
            assert f"`{path.name}`" in sources


# --- PBN: text outside any tag ---------------------------------------------------------------


def test_pbn_lenient_keeps_the_stray_line_as_before() -> None:
    document = pbn.load(STRAY)
    assert not document.problems
    site = document.games[0].tag("Site")
    assert site is not None
    assert site.section == ("Arja Niskanen - Tuula Kukkonen",)
    assert pbn.dumps(document).encode("latin-1") == STRAY.read_bytes()


def test_pbn_strict_names_the_file_and_the_line() -> None:
    with pytest.raises(pbn.PBNError) as caught:
        pbn.load(STRAY, strict=True)
    assert str(caught.value) == STRAY_MESSAGE
    assert (caught.value.source, caught.value.line) == (str(STRAY), 42)


def test_pbn_strict_streaming_and_to_event_say_the_same() -> None:
    with pytest.raises(pbn.PBNError) as streamed:
        list(pbn.iter_games(STRAY, strict=True))
    assert str(streamed.value) == STRAY_MESSAGE
    with pytest.raises(pbn.PBNError) as caught:
        pbn.to_event(pbn.load(STRAY), strict=True)
    assert str(caught.value) == STRAY_MESSAGE


def test_pbn_load_event_strict_is_what_the_cli_reads() -> None:
    with pytest.raises(LocatedError) as caught:
        load_event(STRAY, strict=True)
    assert str(caught.value) == STRAY_MESSAGE


def test_pbn_without_the_stray_line_reads_strictly() -> None:
    # the rest of the file is clean: the error is the stray line's alone
    text = STRAY.read_bytes().decode("latin-1").replace("Arja Niskanen - Tuula Kukkonen\r\n", "")
    assert not pbn.loads(text, strict=True).problems


# --- USEBIO: an entity XML does not define ---------------------------------------------------


def test_usebio_lenient_drops_the_entity_as_before() -> None:
    document = usebio.load(NBSP)
    assert not document.problems
    assert document.root is not None
    names = [e.text for e in document.root.iter("PLAYER_NAME")]
    assert names == ["IRENMAJEDI", "MAUREEN DUTHIE"]


def test_usebio_strict_names_the_file_and_the_line() -> None:
    with pytest.raises(usebio.USEBIOError) as caught:
        usebio.load(NBSP, strict=True)
    assert str(caught.value) == NBSP_MESSAGE
    assert (caught.value.source, caught.value.line) == (str(NBSP), 39)


def test_usebio_load_event_strict_is_what_the_cli_reads() -> None:
    with pytest.raises(LocatedError) as caught:
        load_event(NBSP, strict=True)
    assert str(caught.value) == NBSP_MESSAGE
