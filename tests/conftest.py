"""Shared test setup: one hypothesis profile for the whole suite.

No deadline (a cold import or a loaded CI machine must not turn a correct
property into a flaky failure); the example count stays at hypothesis's default
so that the suite remains fast.
"""

from __future__ import annotations

import atexit
import os
import shutil
import tempfile
from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import settings

# The web app's home (secret key, default database) in a folder of the test run's own,
# never the user's ~/.bridgescore, taken away when the run (each worker process) ends.
if "BRIDGESCORE_HOME" not in os.environ:
    _home = tempfile.mkdtemp(prefix="bridgescore-test-home-")
    os.environ["BRIDGESCORE_HOME"] = _home
    atexit.register(shutil.rmtree, _home, ignore_errors=True)
os.environ.setdefault("BRIDGESCORE_SECRET_KEY", "test-only-secret-key-" + "x" * 40)

settings.register_profile("bridgescore", deadline=None)
settings.load_profile("bridgescore")


@pytest.fixture(autouse=True, scope="session")
def _each_deal_solved_once() -> Iterator[None]:
    """DDS takes about 0.2 s a deal on these machines, and many tests analyse the same
    real files: within a test run a deal's double-dummy table comes from DDS the first time
    and is reused after (what DDS answered, unchanged; par is worked out every time). The
    tests of the solver itself (chunks, threads, a refused deal) still reach DDS for every
    deal they are the first to ask."""
    try:
        from bridgescore.analysis import solver
    except ImportError:  # pragma: no cover - the package always imports
        yield
        return
    original = solver._tables
    kept: dict[str, Any] = {}

    def tables(dds: Any, chunk: Any, problems: list[Any]) -> list[Any]:
        keys = [deal.to_pbn() for _board, deal in chunk]
        missing = [item for item, key in zip(chunk, keys, strict=True) if key not in kept]
        if missing:
            for (_board, deal), table in zip(
                missing, original(dds, missing, problems), strict=True
            ):
                if table is not None:
                    kept[deal.to_pbn()] = table
        return [kept.get(key) for key in keys]

    solver._tables = tables
    try:
        yield
    finally:
        solver._tables = original


# Where the run is split over processes (pytest-xdist: ``scripts/test`` runs ``-n auto``),
# each test file goes to one process whole, as its module-scoped fixtures expect; the
# browser tests share one server, one browser and one numbered screenshot folder, and the
# load tests each start servers that take both cores: each of the two folders runs in one
# process, one test after another.
WHOLE_FOLDERS = ("tests/browser/", "tests/load/")


@pytest.hookimpl(trylast=True)
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The whole folders first: they take longest, so split over processes they start
    while another process runs the files one by one (the order is otherwise the
    collection's)."""
    items.sort(key=lambda item: not item.nodeid.startswith(WHOLE_FOLDERS))


class _WholeFiles:
    """The scheduler of a run split over processes (registered only where pytest-xdist is
    loaded: ``-p no:xdist`` runs without it)."""

    @staticmethod
    def pytest_xdist_make_scheduler(config: pytest.Config, log: Any) -> Any:
        from xdist.scheduler import LoadScopeScheduling  # type: ignore[import-untyped]

        config.option.loadscopereorder = False  # scheduled in the order just given

        class WholeFiles(LoadScopeScheduling):  # type: ignore[misc]
            """Tests scheduled a file at a time, a folder of :data:`WHOLE_FOLDERS` whole."""

            def _split_scope(self, nodeid: str) -> str:
                folder = next((f for f in WHOLE_FOLDERS if nodeid.startswith(f)), None)
                return folder or nodeid.split("::", 1)[0]

        return WholeFiles(config, log)


def pytest_configure(config: pytest.Config) -> None:
    if config.pluginmanager.hasplugin("xdist"):
        config.pluginmanager.register(_WholeFiles(), "bridgescore-whole-files")
