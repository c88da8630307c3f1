"""Re-scoring that checks itself against the figures the file carries.

A results file from another program holds that program's own figures: each result's
matchpoints or IMPs, each pair's total, percentage and place. :func:`checked` scores the
event with the conventions the program's name and version suggest
(:func:`~bridgescore.events.scoring.options_for`), compares every figure
(:func:`~bridgescore.events.compare.compare_event`) and, when too many differ to be the
file's own slips, tries the other conventions bridgescore knows, one choice at a time
(matchpoint policy, factoring, field, entrants, butler datum, cross-IMP totals, VP
scale...), keeping each change that makes more figures agree. The set that reproduces
the most figures is used, and :meth:`Checked.describe` says which it is and how many of
the file's figures agree, naming the first that differ. A choice the user made is never
changed, and a file with no figures of its own is scored as the program's name says.

>>> import bridgescore
>>> event = bridgescore.load_event("tests/io/data/usebio/sample.xml")
>>> print(checked(event).describe())
scored as ScoreBridge 10.25.02 scores (the file names it): matchpoint policy scorebridge; \
the file's own figures: 204 of 204 agree
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from typing import Any, Final, Literal, Unpack

from bridgescore.duplicate.butler import BUTLER_PRESETS
from bridgescore.duplicate.matchpoint_policies import policy_names
from bridgescore.duplicate.vp import scale_names
from bridgescore.errors import BridgeError, Gettext, Message, listed
from bridgescore.errors import marked as _
from bridgescore.events.compare import Comparison, Figure, compare_event
from bridgescore.events.conventions import Chosen
from bridgescore.events.model import Event
from bridgescore.events.options import (
    AskedOptions,
    CrossImps,
    Entrants,
    Factoring,
    Field,
    ImpTotals,
    Incomplete,
    ScoringOptions,
)
from bridgescore.events.rescoring import Rescorer
from bridgescore.events.scoring import EventResult, options_for, score_with
from bridgescore.events.vocabulary import Scoring

SEARCH_BELOW: Final = 0.995
"""The share of agreeing figures under which other conventions are tried: a few figures
off (a hand-edited line, a session the file does not hold) are the file's, not a rule's;
a rule shows in many."""

MAX_TRIES: Final = 60
"""At most this many sets are scored in a search (two passes over every choice)."""

SHOWN_DIFFERENCES: Final = 3
"""How many differing figures the one-line description names."""


def _choices(scoring: Scoring) -> tuple[tuple[str, tuple[object, ...]], ...]:
    """The choices a search goes through for ``scoring``, each with every value it may
    take (the most telling first: the matchpoint policy moves every board)."""
    fields: tuple[tuple[str, tuple[object, ...]], ...] = (
        ("field", tuple(Field)),
        ("factoring", tuple(Factoring)),
        ("entrants", tuple(Entrants)),
    )
    if scoring in (Scoring.MATCHPOINTS, Scoring.ACBL):
        return (("policy", policy_names()), *fields)
    if scoring is Scoring.BUTLER:
        return (("butler", tuple(BUTLER_PRESETS)), ("imp_totals", tuple(ImpTotals)), *fields)
    if scoring is Scoring.CROSS_IMPS:
        return (
            ("cross_imps", tuple(CrossImps)),
            ("imp_totals", tuple(ImpTotals)),
            *fields,
            ("butler", tuple(BUTLER_PRESETS)),
        )
    return (("vp_scale", scale_names()), ("incomplete", tuple(Incomplete)))


@dataclass(frozen=True, slots=True)
class Checked:
    """An event scored, its figures compared with the file's, and how it was chosen."""

    chosen: Chosen
    result: EventResult
    comparison: Comparison
    tried: int = 1
    """How many sets of conventions were scored (1: the program's reproduced enough)."""

    @property
    def options(self) -> ScoringOptions:
        return self.chosen.options

    @property
    def agrees(self) -> bool:
        """Every figure the file carries is reproduced (true of a file with none)."""
        return self.comparison.agree == self.comparison.total

    @property
    def checked(self) -> bool:
        """The file carries figures of its own to check against."""
        return self.comparison.total > 0

    def message(self, *, differences: bool = True) -> Message:
        """:meth:`describe`'s line as a message (``differences=False``: without the first
        figures that differ, for a published page)."""
        head = self.chosen.message()
        compared = self.comparison
        if not compared.total:
            return _(
                "{head}; the file carries no figures of its own to check them against",
                head=head,
            )
        if self.agrees or not differences:
            return _(
                "{head}; the file's own figures: {agree} of {total} agree",
                head=head,
                agree=compared.agree,
                total=compared.total,
            )
        shown = listed([difference(f) for f in compared.differences[:SHOWN_DIFFERENCES]], "; ")
        if self.tried > 1:
            return _(
                "{head}; no conventions tried ({tried}) reproduce every figure of the file:"
                " {agree} of {total} agree; the first that differ: {shown}",
                head=head,
                tried=self.tried,
                agree=compared.agree,
                total=compared.total,
                shown=shown,
            )
        return _(
            "{head}; the file's own figures: {agree} of {total} agree; the first that differ:"
            " {shown}",
            head=head,
            agree=compared.agree,
            total=compared.total,
            shown=shown,
        )

    def describe(self, gettext: Gettext | None = None, *, differences: bool = True) -> str:
        """One line: the conventions applied, why, and how many of the file's figures agree
        (the first that differ named, unless ``differences=False``), in ``gettext``'s
        language."""
        return self.message(differences=differences).render(gettext)

    def as_dict(self) -> dict[str, object]:
        """The JSON form (``bridgescore event --json`` prints it under ``self_check``)."""
        return {
            "agree": self.comparison.agree,
            "total": self.comparison.total,
            "counts": {n: list(c) for n, c in self.comparison.counts().items()},
            "tried": self.tried,
            "found": list(self.chosen.found),
            "differences": [
                {
                    "subject": f.subject,
                    "figure": f.name,
                    "ours": f.ours,
                    "theirs": f.theirs,
                    "where": None if f.where is None else str(f.where),
                }
                for f in self.comparison.differences
            ],
            "description": self.describe(),
        }


def replayed(check: Checked) -> Message:
    """Whether a session that plays a file's results again reproduces the file's figures:
    ``check`` is the file's event scored with exactly the options the session is scored
    with (``checked(event, options=...)``). Says how many pairs and results agree, or
    how many figures differ, naming the first (by board and pairs, or pair, and the
    file's line); a file without figures of its own says so."""
    compared = check.comparison
    if not compared.total:
        return _("the file carries no figures of its own to check the session's against")
    pairs = len({f.subject for f in compared.figures if f.kind == "standing"})
    results = len({f.subject for f in compared.figures if f.kind == "line"})
    if check.agrees:
        return _(
            "the session's ranking matches the file's: {pairs} pairs, {results} results"
            " ({total} figures)",
            pairs=pairs,
            results=results,
            total=compared.total,
        )
    shown = listed([difference(f) for f in compared.differences[:SHOWN_DIFFERENCES]], "; ")
    return _(
        "the session's figures differ from the file's in {differ} of {total} ({pairs}"
        " pairs, {results} results); the first that differ: {shown}",
        differ=compared.total - compared.agree,
        total=compared.total,
        pairs=pairs,
        results=results,
        shown=shown,
    )


_FIGURE_NAMES: Final = {
    "ns_points": _("North-South's points"),
    "ew_points": _("East-West's points"),
    "ns_percent": _("North-South's board percentage"),
    "ew_percent": _("East-West's board percentage"),
    "total": _("total"),
    "percent": _("percentage"),
    "place": _("place"),
    "team_score": _("the first team's score"),
    "opponent_score": _("the second team's score"),
}
"""Each compared figure's name as a reader says it."""

_LINE_SUBJECT: Final = re.compile(r"^board (?P<board>\d+), (?P<ns>.+) v (?P<ew>.+)$")


def difference(figure: Figure) -> Message:
    """One differing figure as a reader would say it, in any language: whose (the board and
    its pairs, or the participant), which figure, ours and the file's, and where."""
    found = _LINE_SUBJECT.match(figure.subject) if figure.kind == "line" else None
    subject: Message = (
        _("board {board}, {ns} v {ew}", board=found["board"], ns=found["ns"], ew=found["ew"])
        if found
        else Message("{subject}", subject=figure.subject)
    )
    said = _(
        "{subject} {figure}: ours {ours}, the file's {theirs}",
        subject=subject,
        figure=_FIGURE_NAMES.get(figure.name, Message("{name}", name=figure.name)),
        ours="—" if figure.ours is None else _decimal(_shown(figure.ours)),
        theirs=_decimal(figure.theirs),
    )
    if figure.where is None:
        return said
    return _("{said} ({where})", said=said, where=figure.where.phrase)


def _decimal(value: object) -> object:
    """A figure with a decimal part as a message, so it is written with the reader's
    decimal separator (``13,9`` in Finnish and Spanish); anything else as it is."""
    found = _DECIMAL.match(str(value))
    if found is None:
        return value
    return _("{whole}.{fraction}", whole=found["whole"], fraction=found["fraction"])


_DECIMAL = re.compile(r"^(?P<whole>-?\d+)\.(?P<fraction>\d+)$")


def _shown(value: object) -> object:
    """A figure of ours as the file would write it: floats to at most 4 decimals."""
    return round(value, 4) if isinstance(value, float) else value


def compare(event: Event, chosen: Chosen, result: EventResult) -> Comparison:
    """Every figure the file carries against ours (places as the program writes ties)."""
    return compare_event(event, result, tie_marks=chosen.conventions.tie_marks)


def checked(
    event: Event,
    scoring: str | Scoring | None = None,
    *,
    options: ScoringOptions | None = None,
    conventions: Literal["auto"] | None = "auto",
    **asked: Unpack[AskedOptions],
) -> Checked:
    """Score ``event`` as its program did, proved by the file's own figures.

    With ``options`` the event is scored exactly so and only compared. Otherwise the
    program's conventions come first (:func:`~bridgescore.events.scoring.options_for`,
    with the options ``asked`` on top); when fewer than :data:`SEARCH_BELOW` of the
    file's figures agree, every other value of each choice not asked is tried in turn
    and the set that reproduces the most figures is kept (:attr:`Chosen.found` says what
    the figures changed). ``conventions=None`` or ``policy="none"``: bridgescore's
    defaults, compared, no search.
    """
    if options is not None:
        if scoring is not None or asked:
            raise TypeError(_("checked: give either options or the options one by one"))
        chosen = Chosen(options, program=event.program, exact=True)
        result = score_with(event, options)
        return Checked(chosen, result, compare(event, chosen, result))
    first = options_for(event, scoring, conventions=conventions, **asked)
    rescorer = Rescorer()  # the search scores the event again and again, a choice apart
    result = rescorer.score(event, first.options)
    best = Checked(first, result, compare(event, first, result))
    if first.turned_off or first.exact or not _worth_searching(best.comparison):
        return best
    fixed = {name for name, value in asked.items() if value is not None}
    return _search(event, best, fixed, rescorer)


def _worth_searching(comparison: Comparison) -> bool:
    return comparison.total > 0 and comparison.agree < SEARCH_BELOW * comparison.total


def _search(event: Event, start: Checked, fixed: set[str], rescorer: Rescorer) -> Checked:
    """Coordinate search from ``start``: each choice's other values in turn, the best kept;
    a second pass when the first changed anything. Ties keep the earlier set (the
    program's own conventions, then the order of :func:`_choices`). Each set is scored by
    ``rescorer``, which compares a board again only for a matchpoint policy it has not
    kept, and totals again only what the set changed."""
    best = start
    changes: dict[str, Any] = {}
    tried = 1
    scoring = start.chosen.scoring
    for _pass in range(2):
        improved = False
        for name, values in _choices(scoring):
            if name in fixed:
                continue
            current = getattr(best.options, name)
            for value in values:
                if _same(value, current) or tried >= MAX_TRIES:
                    continue
                tried += 1
                attempt = _attempt(event, start.chosen, {**changes, name: value}, rescorer)
                if attempt is not None and attempt.comparison.agree > best.comparison.agree:
                    best, changes, improved = attempt, {**changes, name: value}, True
                    current = value
            if best.agrees:
                return replace(best, tried=tried)
        if not improved:
            break
    return replace(best, tried=tried)


def _attempt(
    event: Event, base: Chosen, changes: dict[str, Any], rescorer: Rescorer
) -> Checked | None:
    """The event scored with ``base``'s options changed as ``changes`` says (``None``
    when that set cannot score it, e.g. a field a Howell cannot be split into)."""
    try:
        options = base.options.but(**changes)
        result = rescorer.score(event, options)
    except (BridgeError, ValueError, ZeroDivisionError):
        return None
    found = tuple(f"{name.replace('_', '-')} {_said(value)}" for name, value in changes.items())
    conventions = base.conventions
    if "policy" in changes:
        conventions = replace(conventions, policy=str(changes["policy"]))
    chosen = replace(base, options=options, conventions=conventions, found=found)
    return Checked(chosen, result, compare(event, chosen, result))


def _same(value: object, current: object) -> bool:
    return _said(value) == _said(current)


def _said(value: object) -> str:
    text = getattr(value, "value", value)
    return str(text)
