"""Messages kept in a session's log and flags before the library changed its words are
still read in each reader's language (a session running across an upgrade)."""

from __future__ import annotations

import pytest
from django.utils import translation

from bridgescore.web import said

KEPT = [
    (
        said.said("NS {score} is far from the other tables (median {median})", score="+1430",
                  median="+50"),
        {
            "fi": "PE +1430 on kaukana muiden pöytien tuloksista (mediaani +50)",
            "es": "NS +1430 está lejos de las demás mesas (mediana +50)",
        },
    ),
    (
        said.said("give the declarer: N, E, S or W"),
        {"fi": "anna pelinviejä: N, E, S tai W", "es": "indique el declarante: N, E, S o W"},
    ),
    (
        said.said("{text}: a card is a suit and a rank, like SA or H10", text="'Z9'"),
        {
            "fi": "'Z9': kortti on maa ja arvo, kuten SA tai H10",
            "es": "'Z9': una carta es un palo y un valor, como SA o H10",
        },
    ),
]  # fmt: skip


@pytest.mark.parametrize("language", ["fi", "es"])
@pytest.mark.parametrize(("kept", "read"), KEPT)
def test_a_message_kept_before_is_read_in_the_readers_language(
    kept: str, read: dict[str, str], language: str
) -> None:
    with translation.override(language):
        assert said.shown(kept) == read[language]
