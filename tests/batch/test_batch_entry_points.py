"""The entry points the issue names, at ``bridgescore.batch``, agree with the scalar API."""

from __future__ import annotations

import numpy as np

import bridgescore
from bridgescore import batch


def test_entry_points_exist_and_match_the_scalar_functions() -> None:
    board = np.array([7, 7, 7, 7, 7, 3, 3, 3])
    ns = np.array([620, -100, -100, -300, 650, 110, 140, 110])
    first, second = ns[:5].tolist(), ns[5:].tolist()
    assert batch.matchpoints(board, ns).tolist() == bridgescore.matchpoints(
        first
    ) + bridgescore.matchpoints(second)
    assert batch.matchpoints(board, ns, scale="acbl").tolist() == bridgescore.matchpoints(
        first, "acbl"
    ) + bridgescore.matchpoints(second, "acbl")
    assert batch.cross_imps(board, ns).tolist() == bridgescore.cross_imps(
        first
    ) + bridgescore.cross_imps(second)
    assert batch.cross_imps(board, ns).tolist()[0] == 9.25  # the Spanish seed's example
    levels, strains, doublings = [4, 3], [3, 4], [1, 0]
    scores = batch.score(levels, strains, doublings, [True, False], [10, 8], laws="2017")
    assert scores.tolist() == [
        bridgescore.score("4SX", 10, vulnerable=True).total,
        bridgescore.score("3NT", 8, vulnerable=False).total,
    ]
