"""The PBN and USEBIO readers take the same options, and ``strict`` means what it means in
every reader: warnings are errors."""

from __future__ import annotations

import inspect

import pytest

from bridgescore.errors import LocatedError
from bridgescore.io import pbn, usebio


def _options(function: object) -> dict[str, object]:
    signature = inspect.signature(function)  # type: ignore[arg-type]
    return {
        name: p.default
        for name, p in signature.parameters.items()
        if p.kind is inspect.Parameter.KEYWORD_ONLY and name != "source"
    }


@pytest.mark.parametrize("name", ["load", "loads", "to_event"])
def test_the_same_options(name: str) -> None:
    assert _options(getattr(pbn, name)) == _options(getattr(usebio, name))
    assert set(_options(getattr(pbn, name))) == {"strict", "laws"}


PBN_WITH_A_WARNING = (
    '[Board "1"]\n[Dealer "N"]\n[Vulnerable "None"]\n[Declarer "N"]\n[Contract "4S"]\n'
    '[Result "10"]\n[Score "NS 450"]\n[North "A"]\n[South "B"]\n[East "C"]\n[West "D"]\n'
)


def test_strict_makes_a_warning_an_error_in_both() -> None:
    lenient = pbn.to_event(pbn.loads(PBN_WITH_A_WARNING))
    (warning,) = lenient.results.warnings
    assert "contradicts 4SN= (NS +420" in warning.message
    with pytest.raises(LocatedError, match="contradicts 4SN="):
        pbn.to_event(pbn.loads(PBN_WITH_A_WARNING), strict=True)
    with pytest.raises(LocatedError, match="contradicts 4SN="):
        pbn.loads(PBN_WITH_A_WARNING, strict=True)
    text = usebio.dumps(usebio.from_event(lenient))
    with pytest.raises(LocatedError, match="contradicts"):  # the same warning in USEBIO
        usebio.to_event(usebio.loads(text.replace("<SCORE>420", "<SCORE>450")), strict=True)
    assert usebio.to_event(usebio.loads(text), strict=True).results.problems == ()
