"""The law sets as data, and their registry."""

from bridgescore.laws.lawsets import (
    DEFAULT_LAWS,
    LAW_SETS,
    LawSet,
    get_laws,
    law_set_names,
)

__all__ = ["DEFAULT_LAWS", "LAW_SETS", "LawSet", "get_laws", "law_set_names"]
