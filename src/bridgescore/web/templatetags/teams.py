"""Template filters for teams pages: a team's name beside the id its section gives it."""

from __future__ import annotations

from collections.abc import Mapping

from django import template

register = template.Library()


@register.filter
def names_of(team: str, names: Mapping[str, str]) -> str:
    """The name (and players) a team was entered with, ``Aces: Ann, Bob`` for ``A1``;
    empty when it has none but its id."""
    found = names.get(team, "") if isinstance(names, Mapping) else ""
    return "" if found == team else found
