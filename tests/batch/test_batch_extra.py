"""Without the batch extra, importing the engine says in one line what to install."""

from __future__ import annotations

import subprocess
import sys

import pytest

HINT = "pip install 'bridgescore[batch]'"


def import_without(module: str, missing: str) -> str:
    """The ImportError message of ``import module`` when ``missing`` cannot be imported."""
    code = (
        "import sys\n"
        f"sys.modules[{missing!r}] = None\n"
        "try:\n"
        f"    import {module}\n"
        "except ImportError as error:\n"
        "    print(type(error).__name__, error.name, str(error), sep='|')\n"
        "else:\n"
        "    print('imported')\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    return done.stdout.strip()


@pytest.mark.parametrize("missing", ["numpy", "polars"])
@pytest.mark.parametrize(
    "module", ["bridgescore.batch", "bridgescore.batch.frame", "bridgescore.batch.cluster"]
)
def test_without_numpy_or_polars(module: str, missing: str) -> None:
    shown = import_without(module, missing)
    assert shown == (
        f"ImportError|{missing}|bridgescore.batch needs NumPy and Polars ({missing} is missing):"
        f" {HINT}"
    )


def test_without_dask_only_the_cluster_module_needs_it() -> None:
    assert import_without("bridgescore.batch.frame", "dask") == "imported"
    assert import_without("bridgescore.batch.cluster", "dask") == (
        f"ImportError|dask.dataframe|bridgescore.batch.cluster needs Dask (dask is missing): {HINT}"
    )


def test_the_scalar_package_never_needs_the_extra() -> None:
    assert import_without("bridgescore", "numpy") == "imported"
    assert import_without("bridgescore.io.results", "polars") == "imported"
