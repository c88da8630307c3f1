"""A teams event in sections as its results files carry it: each row and team saying its
section, so that PBN and USEBIO write one section after another (``bridgescore.io``'s
sections), and an event read back from such a file ranked section by section again.

A teams field in sections (:mod:`bridgescore.events.team_sections`) names its teams by
section and number (``A1``, ``B2``) and its rooms by section and match (``B1a``); the
event the web app scores keeps those names but not the section of each row. Its files
need the section: :func:`with_team_sections` adds it. A file read back gives each row
and team its section again, and :func:`team_field` finds the field from them, so that
:func:`section_standings` ranks each section's teams among themselves as the web app
ranks them.
"""

from __future__ import annotations

from dataclasses import replace

from bridgescore.events.model import Event
from bridgescore.events.team_sections import TeamField, TeamSection, section_standings
from bridgescore.events.teams import TeamsResult, TeamStanding


def with_team_sections(event: Event, field: TeamField) -> Event:
    """``event`` with each row saying the section of its teams and each team its section,
    as ``field`` deals them; a team ``field`` does not hold (none in a field's own
    event) is left as it was."""
    teams = set(field.teams)
    rows = tuple(
        replace(row, section=field.section_of(row.ns)) if row.ns in teams else row
        for row in event.results.rows
    )
    participants = tuple(
        replace(p, section=field.section_of(p.id)) if p.id in teams else p
        for p in event.participants
    )
    return replace(event, results=replace(event.results, rows=rows), participants=participants)


def team_field(event: Event) -> TeamField | None:
    """The teams field in sections an event's rows and teams say (each section's teams in
    the order the event lists them, then any other its rows name); ``None`` when they
    name fewer than two sections. Sections that are not a field's (lettered other than
    ``A``, ``B`` ... in order, or of one team) are refused with the field's own
    :class:`~bridgescore.events.movements.model.MovementError`."""
    found: dict[str, dict[str, None]] = {}
    for p in event.participants:
        if p.section is not None:
            found.setdefault(p.section, {})[p.id] = None
    for row in event.results.rows:
        if row.section is not None:
            for team in (row.ns, row.ew):
                found.setdefault(row.section, {})[team] = None
    if len(found) < 2:
        return None
    return TeamField(tuple(TeamSection(letter, tuple(found[letter])) for letter in sorted(found)))


def ranked_by_section(event: Event, result: TeamsResult) -> dict[str, tuple[TeamStanding, ...]]:
    """Each section's teams of ``event`` (read from a file written in sections) ranked
    among themselves from ``result`` (the event's matches scored), as the web app ranks a
    teams session in sections; empty for one field."""
    field = team_field(event)
    return {} if field is None else section_standings(result, field)


__all__ = ["ranked_by_section", "team_field", "with_team_sections"]
