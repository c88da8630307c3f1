"""The one registry shape: lookup rule, defaults, help, built-in protection, and the five
registries built on it."""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from bridgescore.core.registry import Registry
from bridgescore.duplicate.adjusted import MATCHPOINT_POLICY_REGISTRY, get_policy
from bridgescore.duplicate.butler import BUTLER_PRESET_REGISTRY
from bridgescore.duplicate.imps import IMP_TABLE_REGISTRY, UnknownMethodError
from bridgescore.duplicate.vp import (
    VP_SCALE_REGISTRY,
    TableScale,
    UnknownScaleError,
    VictoryPointError,
    get_scale,
    register_scale,
    unregister_scale,
)
from bridgescore.laws import LAW_SET_REGISTRY


@dataclass(frozen=True)
class Item:
    name: str
    aliases: tuple[str, ...] = ()


def make() -> Registry[Item]:
    return Registry(
        "widget", LookupError, [Item("drop-1", ("Trimmed",)), Item("mean")], default="mean"
    )


@pytest.mark.parametrize(
    "spelling", ["drop-1", "DROP-1", " drop 1 ", "drop1", "trimmed", "TRIMMED"]
)
def test_one_lookup_rule(spelling: str) -> None:
    assert make().get(spelling).name == "drop-1"


def test_unknown_lists_every_choice() -> None:
    with pytest.raises(LookupError) as info:
        make().get("median")
    assert str(info.value) == "'median': not a widget; use drop-1, mean (aliases: Trimmed)"
    with pytest.raises(LookupError, match="is named by text"):
        make().get(3)


def test_help_marks_the_default_and_spellings_feed_choices() -> None:
    registry = make()
    assert registry.help() == "drop-1, mean (default)"
    assert registry.spellings() == ("drop-1", "mean", "Trimmed")
    assert "Drop 1" in registry
    assert "median" not in registry
    assert 3 not in registry
    assert [item.name for item in registry] == ["drop-1", "mean"]
    assert len(registry) == 2
    assert dict(registry.mapping()) == {
        "drop-1": Item("drop-1", ("Trimmed",)),
        "mean": Item("mean"),
    }


def test_added_items_can_be_replaced_and_removed_built_ins_cannot() -> None:
    registry = make()
    club = registry.add(Item("club"), "ours")
    assert registry.get("OURS") is club
    with pytest.raises(LookupError, match="'club' is already the widget 'club'"):
        registry.add(Item("club"))
    other = registry.add(Item("club"), "theirs", replace=True)
    assert registry.get("theirs") is other
    assert "ours" not in registry
    with pytest.raises(LookupError, match="built-in"):
        registry.add(Item("mean"), replace=True)
    with pytest.raises(LookupError, match="built-in"):
        registry.add(Item("new"), "trimmed")
    registry.remove("theirs")
    assert "club" not in registry
    with pytest.raises(LookupError, match="not a widget that can be removed"):
        registry.remove("mean")


def test_a_default_that_is_not_registered_is_refused() -> None:
    with pytest.raises(ValueError, match="default 'x'"):
        Registry("widget", LookupError, [Item("a")], default="x")


def test_clashing_built_in_aliases_are_refused() -> None:
    with pytest.raises(LookupError, match="'b' is a built-in widget name"):
        Registry("widget", LookupError, [Item("a", ("b",)), Item("b")], default="a")


def test_the_five_registries() -> None:
    assert LAW_SET_REGISTRY.default == "2017"
    assert IMP_TABLE_REGISTRY.names() == ("1962", "1961", "1948", "1938")
    assert IMP_TABLE_REGISTRY.get("EMP").name == "1938"
    assert BUTLER_PRESET_REGISTRY.names() == ("drop-1", "acbl", "mean")
    assert BUTLER_PRESET_REGISTRY.default == "drop-1"
    assert MATCHPOINT_POLICY_REGISTRY.names() == (
        "wbf", "magic-contest", "ebu", "acbl", "exact", "manual", "ruter", "compscore",
        "realbridge", "brian", "kops",
    )  # fmt: skip
    assert get_policy("Magic Contest") is get_policy("magic-contest")
    assert VP_SCALE_REGISTRY.names() == ("wbf", "20", "30")
    assert get_scale("Continuous", 8).name == "wbf"
    with pytest.raises(UnknownMethodError, match="not a matchpoint policy; use wbf, magic-contest"):
        get_policy("nope")


def test_club_scales_go_through_the_registry() -> None:
    scale = TableScale.from_rows("club-x", [(0, 0, 10, 10), (1, None, 20, 0)])
    register_scale(scale, "ours-x")
    try:
        assert get_scale("OURS X") is scale
        assert "club-x" in VP_SCALE_REGISTRY.names()
        with pytest.raises(VictoryPointError, match="built-in"):
            register_scale(TableScale.from_rows("20", [(0, None, 10, 10)]))
    finally:
        unregister_scale("club-x")
    with pytest.raises(UnknownScaleError, match="not a registered club scale"):
        unregister_scale("20")
    assert "club-x" not in VP_SCALE_REGISTRY
