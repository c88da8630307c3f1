"""Reading and writing files: the deal-list format for score sheets."""

from bridgescore.io.deal_list import (
    DealList,
    dump,
    dumps,
    iter_deals,
    load,
    load_lenient,
    loads,
    loads_lenient,
)

__all__ = [
    "DealList",
    "dump",
    "dumps",
    "iter_deals",
    "load",
    "load_lenient",
    "loads",
    "loads_lenient",
]
