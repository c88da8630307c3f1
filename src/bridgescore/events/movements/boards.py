"""Board numbers as text: the one way movements, cards and messages write them."""

from __future__ import annotations

from collections.abc import Iterable


def board_text(boards: Iterable[int]) -> str:
    """Boards as players read them: runs as ranges, ``(1, 2, 3, 7)`` is ``"1-3, 7"``."""
    parts: list[str] = []
    ordered = sorted(set(boards))
    start = 0
    for i in range(1, len(ordered) + 1):
        if i == len(ordered) or ordered[i] != ordered[i - 1] + 1:
            first, last = ordered[start], ordered[i - 1]
            parts.append(str(first) if first == last else f"{first}-{last}")
            start = i
    return ", ".join(parts)


def boards_phrase(boards: Iterable[int]) -> str:
    """``"board 5"``, ``"boards 1-3"``, ``"boards 1, 4"``: for messages."""
    shown = board_text(boards)
    return ("boards " if "," in shown or "-" in shown else "board ") + shown
