"""BridgeScorer's movement files (https://github.com/thebridsk/bridgescorer): YAML, one
movement per file, read with PyYAML's safe loader.

Every value is kept with the line its key (or list item) is on, so that an error names
the line and the field; YAML that does not parse is a :class:`MovementFileError` with the
line and column PyYAML gives, in words a director can act on.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from typing import Final

import yaml

from bridgescore.errors import Message
from bridgescore.errors import marked as _
from bridgescore.events.movements import Movement
from bridgescore.io.movement_files._errors import ONLY_SECTION, MovementFileError, quote
from bridgescore.io.movement_files._seats import Seat, SitOut, build_movement, pair_numbers


@dataclass(frozen=True, slots=True)
class _Node:
    """A value read from YAML with the line it started on (its key's line in a mapping)."""

    value: object
    line: int


_PROBLEMS: Final = (
    (
        "found character '\\t' that cannot start any token",
        _("a tab in the indentation (YAML indents with spaces)"),
    ),
    (
        "mapping values are not allowed here",
        _(
            "unexpected 'key: value' here: check this line's indentation against the lines"
            " above (or put a value holding ': ' in quotes)"
        ),
    ),
    (
        "expected <block end>",
        _("unexpected indentation: this line does not line up with the lines above"),
    ),
    ("could not find expected ':'", _("expected 'key: value'")),
)
"""PyYAML's words for the usual slips, and what a director is told instead."""

_UNENDED: Final = {
    "while scanning a quoted scalar": _("a quoted text that does not end"),
    "while parsing a flow sequence": _("a '[' list that does not end"),
    "while parsing a flow mapping": _("a '{' mapping that does not end"),
}
"""Things left open: the error is placed where they start."""

_KEY_AT: Final = re.compile(r"\s*(?:-\s+)?([^\s:#'\"\[{][^:#]*?)\s*:(?:\s|$)")


def _yaml_error(error: yaml.YAMLError, text: str, source: str) -> MovementFileError:
    """PyYAML's error as a located one, in a director's words."""
    if isinstance(error, yaml.reader.ReaderError):
        at = error.position
        return MovementFileError(
            _("a character YAML does not take ({char!r})", char=chr(error.character)),
            source=source,
            line=text.count("\n", 0, at) + 1,
            column=at - text.rfind("\n", 0, at),
        )
    if not isinstance(error, yaml.MarkedYAMLError):
        return MovementFileError(
            _("not YAML as a movement file is written: {error}", error=str(error)), source=source
        )
    mark, context = error.problem_mark, error.context or ""
    problem = error.problem or ""
    field = None
    reason: Message | None
    if context == "expected a single document in the stream":
        reason = _("a second YAML document: a movement file holds one")
    elif context in _UNENDED and error.context_mark is not None:
        reason = _UNENDED[context]
        mark = error.context_mark
        lines = text.splitlines()
        key = _KEY_AT.match(lines[mark.line]) if mark.line < len(lines) else None
        field = None if key is None else key[1]
    else:
        reason = next((said for words, said in _PROBLEMS if problem.startswith(words)), None)
        if reason is None:
            reason = _("not YAML as a movement file is written: {error}", error=problem or context)
    if mark is None:
        return MovementFileError(reason, source=source, field=field)
    return MovementFileError(
        reason, source=source, line=mark.line + 1, field=field, column=mark.column + 1
    )


def _located(
    loader: yaml.SafeLoader, node: yaml.Node, line: int, source: str, inside: frozenset[int]
) -> _Node:
    """The value of ``node`` built by the safe loader, each part with its line; ``inside``:
    the nodes it is part of (an alias to one of them would never end)."""
    if id(node) in inside:
        raise MovementFileError(
            _("a YAML alias ('*') inside what it names"), source=source, line=line
        )
    inside |= {id(node)}
    if isinstance(node, yaml.MappingNode):
        found: dict[str, _Node] = {}
        for key_node, value_node in node.value:
            at = key_node.start_mark.line + 1
            if not isinstance(key_node, yaml.ScalarNode):
                raise MovementFileError(_("expected a name before ':'"), source=source, line=at)
            key = str(loader.construct_object(key_node))
            if key in found:
                raise MovementFileError(
                    _("key given twice (first at line {line})", line=found[key].line),
                    source=source,
                    line=at,
                    field=key,
                )
            found[key] = _located(loader, value_node, at, source, inside)
        return _Node(found, line)
    if isinstance(node, yaml.SequenceNode):
        items = [_located(loader, n, n.start_mark.line + 1, source, inside) for n in node.value]
        return _Node(items, line)
    try:
        return _Node(loader.construct_object(node), line)
    except ValueError as error:  # a date that is no date (2024-13-01)
        raise MovementFileError(
            _(
                "{value} is not a value YAML reads: {error}",
                value=quote(str(node.value)),
                error=str(error),
            ),
            source=source,
            line=line,
        ) from None


def _read_yaml(text: str, source: str) -> _Node:
    """The one YAML document in ``text``, every value with its line."""
    loader: yaml.SafeLoader | None = None
    try:
        loader = yaml.SafeLoader(text)
        node = loader.get_single_node()
        if node is None or (isinstance(node, yaml.ScalarNode) and node.value == ""):
            raise MovementFileError(_("the file is empty"), source=source)
        return _located(loader, node, node.start_mark.line + 1, source, frozenset())
    except yaml.YAMLError as error:
        raise _yaml_error(error, text, source) from None
    finally:
        if loader is not None:
            loader.dispose()


_HAND_FIELDS: Final = ("table", "round", "ns", "ew", "boards")


def _whole(node: _Node, *, source: str, field: str, what: Message, least: int = 1) -> int:
    value = node.value
    if isinstance(value, bool) or not isinstance(value, int) or value < least:
        shown = quote(value) if isinstance(value, str) else repr(value)
        raise MovementFileError(
            _(
                "expected {what} (a whole number from {least}), got {text}",
                what=what,
                least=least,
                text=shown,
            ),
            source=source,
            line=node.line,
            field=field,
        )
    return value


def read_bridgescorer(text: str, source: str) -> dict[str, Movement]:
    top = _read_yaml(text, source)
    if not isinstance(top.value, dict):
        raise MovementFileError(
            _("expected a BridgeScorer movement (keys 'numberTeams' and 'hands')"),
            source=source,
            line=top.line,
        )
    fields: dict[str, _Node] = top.value
    for needed in ("numberTeams", "hands"):
        if needed not in fields:
            raise MovementFileError(
                _("missing (a BridgeScorer movement has 'numberTeams' and 'hands')"),
                source=source,
                line=top.line,
                field=needed,
            )
    teams = _whole(fields["numberTeams"], source=source, field="numberTeams", what=_("a count"))
    hands = fields["hands"]
    if not isinstance(hands.value, list) or not hands.value:
        raise MovementFileError(
            _("expected a list of hands (a round at a table each)"),
            source=source,
            line=hands.line,
            field="hands",
        )
    seats = [_read_hand(hand, teams, source) for hand in hands.value]
    sit_outs = [
        SitOut(None, number, team, "NS", "numberTeams")
        for number in sorted({s.round for s in seats})
        for team in range(1, teams + 1)
        if team not in {p for s in seats if s.round == number for p in (s.ns, s.ew)}
    ]
    return {ONLY_SECTION: build_movement(seats, sit_outs, source=source, two_lines=False)}


def _read_hand(hand: _Node, teams: int, source: str) -> Seat:
    if not isinstance(hand.value, dict):
        raise MovementFileError(
            _("expected a hand (table, round, ns, ew, boards)"), source=source, line=hand.line
        )
    items: dict[str, _Node] = hand.value
    for key, node in items.items():
        if key not in _HAND_FIELDS:
            raise MovementFileError(
                _("unknown field in a hand: use {fields}", fields=", ".join(_HAND_FIELDS)),
                source=source,
                line=node.line,
                field=key,
            )
    for key in _HAND_FIELDS:
        if key not in items:
            raise MovementFileError(
                _("missing from the hand starting at line {line}", line=hand.line),
                source=source,
                line=hand.line,
                field=key,
            )
    table = _whole(items["table"], source=source, field="table", what=_("a table number"))
    number = _whole(items["round"], source=source, field="round", what=_("a round number"))
    pairs = []
    for key in ("ns", "ew"):
        team = _whole(items[key], source=source, field=key, what=_("a team number"))
        if team > teams:
            raise MovementFileError(
                _("team {team} is above numberTeams ({teams})", team=team, teams=teams),
                source=source,
                line=items[key].line,
                field=key,
            )
        pairs.append(team)
    boards_node = items["boards"]
    if not isinstance(boards_node.value, list) or not boards_node.value:
        raise MovementFileError(
            _("expected a non-empty list of board numbers"),
            source=source,
            line=boards_node.line,
            field="boards",
        )
    boards = tuple(
        _whole(b, source=source, field="boards", what=_("a board number"))
        for b in boards_node.value
    )
    if len(set(boards)) < len(boards):
        raise MovementFileError(
            _("a board listed twice at one table"),
            source=source,
            line=boards_node.line,
            field="boards",
        )
    if pairs[0] == pairs[1]:
        raise MovementFileError(
            _("team {team} would play itself", team=pairs[0]),
            source=source,
            line=items["ew"].line,
            field="ew",
        )
    return Seat(hand.line, number, table, pairs[0], pairs[1], boards, "ns", "ew")


def dump_bridgescorer(movement: Movement, name: str) -> str:
    number = pair_numbers(movement, split=False)
    teams = max(number(p)[0] for p in movement.pairs)
    tables = {t.table for r in movement.rounds for t in r.tables}
    lines = [
        "---",
        f"name: {json.dumps(name)}",
        f"short: {json.dumps(name)}",
        f"description: {json.dumps(f'{len(tables)} tables, {len(movement.boards)} boards')}",
        f"numberTeams: {teams}",
        "hands:",
    ]
    for round_no, rnd in enumerate(movement.rounds, start=1):
        for t in rnd.tables:
            lines += [
                f"- table: {t.table}",
                f"  round: {round_no}",
                f"  ns: {number(t.ns)[0]}",
                f"  ew: {number(t.ew)[0]}",
                "  boards:",
            ]
            lines += [f"  - {b}" for b in t.boards]
    return "\n".join(lines) + "\n"
