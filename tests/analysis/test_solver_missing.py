"""Without the dd extra (endplay), the solver says in one line what to install."""

from __future__ import annotations

import sys

import pytest

from bridgescore.analysis import solver
from bridgescore.core.hands import Hands
from bridgescore.core.vulnerability import BoardInfo
from bridgescore.errors import MissingExtraError
from bridgescore.events.deals import analysed
from bridgescore.events.model import Event, EventResults

HANDS = Hands.from_pbn("N:AKQJT98..432.AKQ .AKQJT98.AKQ.432 765432..JT98765. .765432..JT98765")


@pytest.mark.parametrize("module", ["endplay", "endplay._dds", "endplay.dds", "endplay.types"])
def test_without_the_dd_extra_one_line_says_what_to_install(
    monkeypatch: pytest.MonkeyPatch, module: str
) -> None:
    monkeypatch.setitem(sys.modules, module, None)  # importing it fails, as where not installed
    with pytest.raises(MissingExtraError) as raised:
        solver.solve([(BoardInfo.of(1), HANDS)])
    assert str(raised.value) == (
        "Double-dummy analysis needs the dd extra (endplay is missing):"  # what pip installs
        " pip install 'bridgescore[dd]'"
    )
    assert raised.value.extra == "dd"
    assert isinstance(raised.value, ImportError)
    assert solver.available() is False
    event = Event(EventResults(()), hands={1: HANDS})
    with pytest.raises(MissingExtraError, match=r"pip install 'bridgescore\[dd\]'"):
        analysed(event)
