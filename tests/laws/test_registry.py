"""The law-set registry: names, aliases, sources, immutability."""

from __future__ import annotations

import dataclasses

import pytest

import bridgescore
from bridgescore import LAW_SETS, Doubling, LawsError, LawSet, Strain, get_laws
from bridgescore.laws import DEFAULT_LAW_SET, DEFAULT_LAWS, LAW_SET_REGISTRY, law_set_names


def test_names_newest_first() -> None:
    assert law_set_names() == ("2017", "1987", "1935", "1932")
    assert tuple(LAW_SETS) == law_set_names()
    for name, law in LAW_SETS.items():
        assert law.name == name
        assert str(law) == name
        assert get_laws(name) is law


@pytest.mark.parametrize(
    ("alias", "name"),
    [
        ("current", "2017"),
        ("CURRENT", "2017"),
        (" current ", "2017"),
        ("2017", "2017"),
        ("1987", "1987"),
        ("1935", "1935"),
        ("1935-1987", "1935"),
        ("1932", "1932"),
        ("before-1935", "1932"),
        ("pre-1935", "1932"),
    ],
)
def test_aliases(alias: str, name: str) -> None:
    assert get_laws(alias) is LAW_SETS[name]


def test_every_alias_is_unique_and_resolves() -> None:
    seen: dict[str, str] = {}
    for law in LAW_SETS.values():
        for key in (law.name, *law.aliases):
            assert key.lower() not in seen, key
            seen[key.lower()] = law.name
            assert get_laws(key) is law


def test_current_is_the_default() -> None:
    assert DEFAULT_LAWS is get_laws("current") is get_laws("2017") is get_laws()
    assert DEFAULT_LAW_SET == "2017"
    # score() with no law set scores under the current laws: 7SX-9 not vulnerable is
    # -2300 today (-1700 under the 1935 ladder), 1NTXX= is 560 since 1987's 100 insult.
    assert bridgescore.score("7SX-9", vulnerable=False).total == -2300
    assert bridgescore.score("7SX-9", vulnerable=False, laws="1935").total == -1700
    assert bridgescore.score("1NTXX=", vulnerable=False).total == 560
    assert bridgescore.score("1NTXX=", vulnerable=False).laws == "2017"


def test_a_law_set_passes_through() -> None:
    law = get_laws("1935")
    assert get_laws(law) is law


@pytest.mark.parametrize("bad", ["1900", "", "2018", "latest-ish"])
def test_unknown_names(bad: str) -> None:
    with pytest.raises(LawsError) as info:
        get_laws(bad)
    assert repr(bad) in str(info.value)
    assert "2017, 1987, 1935, 1932" in str(info.value)
    assert "current" in str(info.value)
    assert isinstance(info.value, ValueError)
    assert isinstance(info.value, LookupError)


@pytest.mark.parametrize("law", LAW_SETS.values(), ids=list(LAW_SETS))
def test_each_law_set_names_its_sources(law: LawSet) -> None:
    assert law.title
    assert law.sources
    assert all(isinstance(s, str) and s.strip() for s in law.sources)
    # every law set cites both seeds somewhere
    assert any(s.startswith("001") for s in law.sources)
    assert any("000" in s for s in law.sources)


@pytest.mark.parametrize("law", LAW_SETS.values(), ids=list(LAW_SETS))
def test_each_law_set_is_immutable(law: LawSet) -> None:
    with pytest.raises(dataclasses.FrozenInstanceError):
        law.name = "x"  # type: ignore[misc]
    with pytest.raises(TypeError):
        law.trick_values[Strain.NOTRUMP] = (0,) * 7  # type: ignore[index]
    with pytest.raises(TypeError):
        law.undertricks[(False, Doubling.DOUBLED)] = (0,) * 13  # type: ignore[index]
    with pytest.raises(TypeError):
        law.insult[Doubling.REDOUBLED] = 0  # type: ignore[index]
    with pytest.raises(TypeError):
        law.overtrick_doubled[(False, Doubling.DOUBLED)] = 0  # type: ignore[index]
    assert isinstance(law.sources, tuple)
    assert isinstance(law.aliases, tuple)
    hash(law.name)


def test_law_sets_registry_is_read_only() -> None:
    with pytest.raises(TypeError):
        LAW_SETS["2099"] = get_laws("2017")  # type: ignore[index]


def test_the_sets_differ_where_the_seeds_say() -> None:
    l2017, l1987, l1935, l1932 = (get_laws(n) for n in ("2017", "1987", "1935", "1932"))
    assert l2017.insult[Doubling.REDOUBLED] == 100
    assert l1987.insult[Doubling.REDOUBLED] == l1935.insult[Doubling.REDOUBLED] == 50
    assert l1932.insult[Doubling.REDOUBLED] == 50
    assert l2017.undertricks == l1987.undertricks
    assert l1935.undertricks != l1987.undertricks
    assert l1932.trick_values[Strain.NOTRUMP] == (30, 40, 30, 40, 30, 40, 30)
    for law in (l2017, l1987, l1935):
        assert law.trick_values[Strain.NOTRUMP] == (40, 30, 30, 30, 30, 30, 30)


def test_the_registry_lists_every_law_set_for_help() -> None:
    assert LAW_SET_REGISTRY.names() == law_set_names()
    assert LAW_SET_REGISTRY.help() == "2017 (default), 1987, 1935, 1932"
    assert set(LAW_SET_REGISTRY.spellings()) >= {"current", "pre-1935", "1935-1987"}
