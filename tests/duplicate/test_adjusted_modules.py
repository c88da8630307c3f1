"""The old ``duplicate.adjusted`` path re-exports the public names of its three job
modules, defines nothing itself, and each module's own examples run."""

from __future__ import annotations

import ast
import doctest
import inspect
from types import ModuleType

import pytest

import bridgescore.duplicate.adjusted as adjusted
import bridgescore.duplicate.board_scoring as board_scoring
import bridgescore.duplicate.entries as entries
import bridgescore.duplicate.matchpoint_policies as matchpoint_policies

JOBS = (entries, matchpoint_policies, board_scoring)


def _defined(module: ModuleType) -> set[str]:
    """The names a module's own top-level statements bind (imports left out)."""
    names: set[str] = set()
    for node in ast.parse(inspect.getsource(module)).body:
        if isinstance(node, ast.FunctionDef | ast.ClassDef):
            names.add(node.name)
        elif isinstance(node, ast.Assign):
            names.update(t.id for t in node.targets if isinstance(t, ast.Name))
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            names.add(node.target.id)
    return names


def test_each_name_has_one_home() -> None:
    seen: dict[str, str] = {}
    for module in JOBS:
        for name in _defined(module):
            assert name not in seen, (name, seen.get(name), module.__name__)
            seen[name] = module.__name__


def test_old_path_reexports_every_public_name_and_defines_none() -> None:
    public = {name for module in JOBS for name in _defined(module) if not name.startswith("_")}
    assert set(adjusted.__all__) == public
    assert _defined(adjusted) == {"__all__"}


@pytest.mark.parametrize("module", JOBS, ids=lambda m: m.__name__)
def test_old_path_gives_the_same_objects(module: ModuleType) -> None:
    for name in _defined(module):
        if not name.startswith("_"):
            assert getattr(adjusted, name) is getattr(module, name), name


@pytest.mark.parametrize("module", JOBS, ids=lambda m: m.__name__)
def test_module_doctests(module: ModuleType) -> None:
    result = doctest.testmod(module)
    assert result.failed == 0
    if module is not matchpoint_policies:  # the policies are data; their figures are tested
        assert result.attempted > 0
