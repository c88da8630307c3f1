"""The load and fault tests run the real server (``bridgescore serve``) as a subprocess,
on SQLite and on the PostgreSQL server that ``scripts/setup-postgres`` starts (its URL in
``BRIDGESCORE_TEST_POSTGRES``; without it the PostgreSQL variants skip, saying so)."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest

from load.load_harness import POSTGRES_ENV, database_for

BACKENDS = [
    pytest.param("sqlite", id="sqlite"),
    pytest.param("postgres", id="postgres", marks=pytest.mark.postgres),
]


@pytest.fixture(params=BACKENDS)
def database(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    """A fresh, empty database URL: a SQLite file, or a new database on PostgreSQL."""
    kind: str = request.param
    if kind == "postgres" and not os.environ.get(POSTGRES_ENV):
        why = f'{POSTGRES_ENV} is not set (eval "$(scripts/setup-postgres)" sets it)'
        if os.environ.get("BRIDGESCORE_REQUIRE_POSTGRES"):
            pytest.fail(f"PostgreSQL is required here: {why}")
        pytest.skip(why)
    with database_for(kind, tmp_path) as url:
        yield url
