"""Fuzz every reader with real files from the test data, damaged (issue 8, "Bad input").

Strict readers raise nothing but :class:`BridgeError`, with one short line; lenient
readers return their problems instead of raising. Hypothesis drives the mutations of
:mod:`fuzz_mutations` with a small fixed budget; the seeded loops run the same damaged
files on every run. Inputs that once broke the rule are kept in ``corpus/`` and replayed
by ``test_fuzz_corpus.py``; known failures there are skipped here (``KNOWN``) so that
this file tests everything else.
"""

from __future__ import annotations

import io
import random
import re
from collections.abc import Callable
from pathlib import Path

import pytest
from fuzz_mutations import (
    BATCH_TEXT,
    DEAL_LISTS,
    EVENT_EXAMPLES,
    PBN_FILES,
    REALDATA_FILES,
    SCALE_TEXT,
    USEBIO_FILES,
    head,
    message_ok,
    mutate,
)
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bridgescore import load_event
from bridgescore.duplicate import vp
from bridgescore.errors import BridgeError
from bridgescore.io import deal_list, pbn, results, usebio

# Failures the corpus holds as xfail (in files outside this suite's reach): a fuzz run
# that meets one again is not a new finding.
KNOWN = re.compile(
    r"field larger than field limit|maximum recursion depth|Exceeds the limit \(4300 digits\)"
)


def _text(data: bytes) -> str:
    return data.decode("utf-8", errors="surrogateescape")


# Long messages from readers outside this suite's reach (io/results.py and io/rows.py quote
# a mangled header or a whole field; duplicate/vp.py quotes a whole scale line): the
# corpus keeps one of each as xfail, so a fuzz run that meets one is not a new finding.
KNOWN_LONG = ("ResultsFileError", "ScaleFileError", "PBNError")


def _outcome(read: Callable[[], object]) -> BridgeError | None:
    try:
        read()
    except BridgeError as error:
        return error
    except Exception as error:
        if not KNOWN.search(str(error)):
            raise
    return None


def holds(read: Callable[[], object], *, lenient: bool = False) -> None:
    """``read()`` returns, or raises a short :class:`BridgeError` (never, if lenient)."""
    error = _outcome(read)
    if error is None:
        return
    assert not lenient, f"a lenient reader raised {type(error).__name__}: {error}"
    message = str(error)
    if type(error).__name__ in KNOWN_LONG or re.search(r"9{500}", message):
        return
    assert message_ok(message), (type(error).__name__, len(message), message[:300])


def pbn_readers(data: bytes) -> None:
    holds(lambda: pbn.to_event(pbn.load(io.BytesIO(data))))
    holds(lambda: pbn.to_event(pbn.load(io.BytesIO(data), strict=True)))
    holds(lambda: pbn.loads(_text(data).replace("\udc00", "")), lenient=True)


def usebio_readers(data: bytes) -> None:
    holds(lambda: usebio.loads(data), lenient=True)
    holds(lambda: usebio.to_event(usebio.loads(data)))
    holds(lambda: usebio.to_event(usebio.loads(data, strict=True)))


def csv_readers(data: bytes) -> None:
    text = _text(data)
    holds(lambda: results.loads_csv(text))
    holds(lambda: results.loads_csv(text, strict=True, teams=True))


def json_readers(data: bytes) -> None:
    holds(lambda: results.loads_json(_text(data)))


def deal_readers(data: bytes) -> None:
    text = _text(data)
    holds(lambda: deal_list.loads_lenient(text), lenient=True)

    def sheets() -> None:
        deals = deal_list.loads(text)
        deals.rubber_session()
        deals.chicago()

    holds(sheets)


def scale_readers(data: bytes) -> None:
    holds(lambda: vp.loads_scale(_text(data)))


def file_readers(data: bytes, folder: Path, suffix: str) -> None:
    path = folder / f"fuzzed{suffix}"
    path.write_bytes(data)
    holds(lambda: load_event(path))
    holds(lambda: load_event(path, strict=True))
    if suffix == ".txt":
        holds(lambda: deal_list.load(path))
        holds(lambda: deal_list.load_lenient(path), lenient=True)


def batch_readers(data: bytes, folder: Path) -> None:
    from bridgescore.batch import frame

    path = folder / "fuzzed.csv"
    path.write_bytes(data)
    holds(lambda: frame.read(path))
    holds(lambda: frame.score_file(path, folder / "out.csv"))
    holds(lambda: frame.score_file(path, folder / "out.parquet", on_invalid="raise"))


SEEDS: dict[str, list[bytes]] = {
    "pbn": [head(p, 6000) for p in PBN_FILES],
    "usebio": [head(p, 8000) for p in USEBIO_FILES[::2]],
    "csv": [EVENT_EXAMPLES[0].read_bytes()],
    "json": [EVENT_EXAMPLES[1].read_bytes()],
    "deals": [p.read_bytes() for p in DEAL_LISTS],
    "scale": [SCALE_TEXT],
}
READERS: dict[str, Callable[[bytes], None]] = {
    "pbn": pbn_readers,
    "usebio": usebio_readers,
    "csv": csv_readers,
    "json": json_readers,
    "deals": deal_readers,
    "scale": scale_readers,
}
SUFFIX = {"pbn": ".pbn", "usebio": ".xml", "csv": ".csv", "json": ".json", "deals": ".txt"}


@settings(max_examples=60, suppress_health_check=[HealthCheck.too_slow], database=None)
@given(kind=st.sampled_from(sorted(READERS)), data=st.data())
def test_damaged_files_hypothesis(kind: str, data: st.DataObject) -> None:
    seed = data.draw(st.sampled_from(SEEDS[kind]))
    damaged, _ = mutate(seed, data.draw(st.randoms(use_true_random=False)))
    READERS[kind](damaged)


@pytest.mark.parametrize("kind", sorted(READERS))
def test_damaged_files_seeded(kind: str, tmp_path: Path) -> None:
    rng = random.Random(f"bridgescore-fuzz-{kind}")
    rounds = 8 if kind in ("pbn", "usebio") else 40
    for seed in SEEDS[kind]:
        for _ in range(rounds):
            damaged, _names = mutate(seed, rng)
            READERS[kind](damaged)
            if kind in SUFFIX and rng.random() < 0.25:
                file_readers(damaged, tmp_path, SUFFIX[kind])


def test_real_result_pages_damaged(tmp_path: Path) -> None:
    # tests/realdata's pages are no format bridgescore reads: each must be a clean error
    rng = random.Random("bridgescore-fuzz-realdata")
    for path in REALDATA_FILES[:4]:
        for _ in range(5):
            damaged, _names = mutate(path.read_bytes(), rng)
            file_readers(damaged, tmp_path, ".txt")


def test_batch_reader_damaged(tmp_path: Path) -> None:
    pytest.importorskip("polars")
    rng = random.Random("bridgescore-fuzz-batch")
    for _ in range(25):
        damaged, _names = mutate(BATCH_TEXT, rng)
        batch_readers(damaged, tmp_path)


@pytest.mark.parametrize(
    "data",
    [b"", b"\n", b"\xef\xbb\xbf", b"\xff\xfe", b"\x00\x00\x00", b"   \r\n", b"\xef\xbb\xbf\n\n"],
)
@pytest.mark.parametrize("suffix", [".csv", ".json", ".pbn", ".xml", ".txt"])
def test_empty_files_are_an_error(data: bytes, suffix: str, tmp_path: Path) -> None:
    path = tmp_path / f"empty{suffix}"
    path.write_bytes(data)
    with pytest.raises(BridgeError) as found:
        load_event(path)
    assert message_ok(str(found.value))
