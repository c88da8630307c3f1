"""Replay every input that once broke the bad-input rule (``tests/fuzz/corpus/README.md``).

The rule: a malformed argument, row, tag, file or encoding is one short line naming the
file, the place and what is wrong; from the library a :class:`BridgeError`, from the CLI
exit status 2 and a last stderr line ``bridgescore: ...``; never a traceback, never
another exception. Cases still failing in files this suite's authors may not change are
``xfail(strict=True)``: the reason says what fails and where, and a fix turns them into
an unexpected pass, so the mark comes off.
"""

from __future__ import annotations

import gzip
import json
from pathlib import Path

import pytest
from click.testing import CliRunner
from fuzz_mutations import CORPUS, DEAL_LISTS, EVENT_EXAMPLES, message_ok

from bridgescore import load_event
from bridgescore.cli.main import cli
from bridgescore.duplicate import vp
from bridgescore.errors import BridgeError
from bridgescore.io import deal_list

CASES = sorted(
    p.relative_to(CORPUS).as_posix()
    for p in CORPUS.rglob("*")
    if p.is_file() and p.parent != CORPUS
)

_FIELD = (
    "_csv.Error 'field larger than field limit (131072)' from csv.reader in io/results.py read_csv"
)
_DEEP = "RecursionError from json.loads in io/results.py loads_json (100,000-deep arrays)"
_JSON_INT = "ValueError (int past 4,300 digits) from json.loads in io/results.py loads_json"
_ROWS_INT = "ValueError (int past 4,300 digits) from int(text) in io/rows.py Reader.tricks"
_PBN_SCORE = "ValueError (int past 4,300 digits) from int() in io/pbn/_event.py _score_entry"
_SCALE_INT = "ValueError (int past 4,300 digits) in duplicate/vp.py"
_SCALE = {
    "scale/huge-vp.txt": f"{_SCALE_INT}:118 (_fmt formats the 5,000-digit VP back as text)",
    "scale/huge-imps.txt": f"{_SCALE_INT}:662 (_loads, imps_from)",
    "scale/bom-huge-imps.txt": f"{_SCALE_INT}:663 (_loads, imps_to)",
}
# what still fails, in files the fuzz tests' authors could not change (issue 8's list):
# nothing now; a new failing corpus file is marked here with what fails and where
LIBRARY_XFAIL: dict[str, str] = {}
CLI_XFAIL: dict[str, str] = {}
ARGS_XFAIL: dict[str, str] = {}


def _marked(cases: list[str], xfail: dict[str, str]) -> list[object]:
    return [
        pytest.param(case, marks=pytest.mark.xfail(strict=True, reason=xfail[case]))
        if case in xfail
        else case
        for case in cases
    ]


def materialise(case: str, folder: Path) -> Path:
    """The case as a file in ``folder`` (a ``.gz`` case unpacked, under its own name)."""
    data = (CORPUS / case).read_bytes()
    name = Path(case).name
    if name.endswith(".gz"):
        data, name = gzip.decompress(data), name.removesuffix(".gz")
    path = folder / name
    path.write_bytes(data)
    return path


def _library(kind: str, path: Path, out: Path) -> None:
    if kind == "event":
        load_event(path)
        load_event(path, strict=True)
    elif kind == "deals":
        deal_list.load_lenient(path)  # lenient: problems listed, nothing raised
        deal_list.load(path)
    elif kind == "scale":
        vp.load_scale(path)
    else:
        from bridgescore.batch import frame

        frame.score_file(path, out / "out.csv")
        frame.score_file(path, out / "out.parquet", on_invalid="raise")


def check_cli(args: list[str]) -> None:
    """Exit 0, or exit 2 with one short ``bridgescore:`` line last; never a traceback."""
    result = CliRunner().invoke(cli, args)
    shown = [a if len(a) < 80 else a[:40] + "…" for a in args]
    assert result.exit_code in (0, 2), (shown, result.exit_code, repr(result.exception))
    assert "Traceback" not in result.output
    if result.exit_code == 2:
        last = result.stderr.rstrip("\n").rsplit("\n", 1)[-1]
        assert last.startswith("bridgescore:"), (shown, last[:200])
        assert message_ok(last), (shown, len(last))


def library_message(kind: str, path: Path, out: Path) -> str | None:
    """The message of the :class:`BridgeError` reading ``path`` raises (``None``: read)."""
    try:
        _library(kind, path, out)
    except BridgeError as error:
        return str(error)
    return None


@pytest.mark.parametrize("case", _marked(CASES, LIBRARY_XFAIL))
def test_corpus_library(case: str, tmp_path: Path) -> None:
    message = library_message(case.split("/", 1)[0], materialise(case, tmp_path), tmp_path)
    assert message is None or message_ok(message), (len(message), message[:200])


def _commands(kind: str, path: Path, out: Path) -> list[list[str]]:
    file = str(path)
    if kind == "event":
        return [["event", file], ["convert", file, str(out / "out.json")]]
    if kind == "deals":
        return [["rubber", file], ["chicago", file, "--json"]]
    if kind == "scale":
        return [["vp", "12", "--scale", file], ["teams", str(EVENT_EXAMPLES[1]), "--vp", file]]
    return [["batch", file, str(out / "out.csv"), "--no-progress"]]


@pytest.mark.parametrize("case", _marked(CASES, CLI_XFAIL))
def test_corpus_cli(case: str, tmp_path: Path) -> None:
    path = materialise(case, tmp_path)
    for args in _commands(case.split("/", 1)[0], path, tmp_path):
        check_cli(args)


_PLACEHOLDERS = {
    "{HUGE}": "9" * 5000,
    "{LONG}": "x" * 100_000,
    "{EVENT}": str(EVENT_EXAMPLES[0]),
    "{TEAMS}": str(EVENT_EXAMPLES[1]),
    "{CHICAGO}": str(DEAL_LISTS[1]),
}
ARGS = [
    line
    for line in (CORPUS / "args.txt").read_text(encoding="utf-8").splitlines()
    if line.startswith("[")
]


@pytest.mark.parametrize("line", _marked(ARGS, ARGS_XFAIL))
def test_corpus_arguments(line: str) -> None:
    args: list[str] = json.loads(line)
    for key, value in _PLACEHOLDERS.items():
        args = [a.replace(key, value) for a in args]
    check_cli(args)
