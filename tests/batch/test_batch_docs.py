"""The batch modules' examples run, and every public name is documented."""

from __future__ import annotations

import doctest
import importlib
import inspect
import os
from pathlib import Path

import pytest

MODULES = (
    "bridgescore.batch",
    "bridgescore.batch.tables",
    "bridgescore.batch.scoring",
    "bridgescore.batch.compare",
    "bridgescore.batch.columns",
    "bridgescore.batch.files",
    "bridgescore.batch.frame",
    "bridgescore.batch.events",
    "bridgescore.batch.cluster",
)


@pytest.mark.parametrize("name", MODULES)
def test_module_doctests(name: str) -> None:
    module = importlib.import_module(name)
    assert doctest.testmod(module).failed == 0


@pytest.mark.parametrize("name", MODULES)
def test_public_functions_have_docstrings(name: str) -> None:
    module = importlib.import_module(name)
    assert module.__doc__
    for attribute, value in vars(module).items():
        if attribute.startswith("_") or getattr(value, "__module__", None) != name:
            continue
        if inspect.isfunction(value) or inspect.isclass(value):
            assert value.__doc__, f"{name}.{attribute} has no docstring"


def test_the_docs_examples_run() -> None:
    # docs/batch.md's examples, run from the repository's root (their paths are relative)
    root = Path(__file__).resolve().parents[2]
    here = Path.cwd()
    os.chdir(root)
    try:
        found = doctest.testfile(
            str(root / "docs" / "batch.md"),
            module_relative=False,
            optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE,
        )
    finally:
        os.chdir(here)
    assert found.attempted >= 70
    assert found.failed == 0
