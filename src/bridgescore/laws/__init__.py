"""The law sets as data, and their registry."""

from bridgescore.laws.lawsets import (
    DEFAULT_LAW_SET,
    DEFAULT_LAWS,
    LAW_SET_REGISTRY,
    LAW_SETS,
    LawSet,
    get_laws,
    law_set_names,
)

__all__ = [
    "DEFAULT_LAWS",
    "DEFAULT_LAW_SET",
    "LAW_SETS",
    "LAW_SET_REGISTRY",
    "LawSet",
    "get_laws",
    "law_set_names",
]
