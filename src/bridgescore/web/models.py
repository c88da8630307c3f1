"""What the web app stores: clubs and their directors and players, sessions with their
movement, table links, and the append-only log of results.

Results are never overwritten: every entry, correction, ruling and erasure is a new
:class:`Entry`, and a board's result at a table is the latest entry for it. The log is
what the director sees and what the published results are computed from.
"""

from __future__ import annotations

import re
import secrets
import uuid
from decimal import Decimal
from typing import Any

from django.conf import settings
from django.db import models
from django.template.defaultfilters import floatformat
from django.utils.translation import gettext, gettext_noop, ngettext
from django.utils.translation import gettext_lazy as _

from bridgescore.events.movements.model import Movement, json_data
from bridgescore.events.movements.sections import SectionedMovement, read_movement
from bridgescore.web import said


def _token() -> str:
    return secrets.token_urlsafe(24)


CODE_DIGITS = 6
"""A table code's length: a million codes, of which a phone may try a few wrong ones (see
:data:`~bridgescore.web.table.codes.CODE_TRIES`) before that phone is locked out of the
table (the table's own players go on)."""


def _code() -> str:
    return f"{secrets.randbelow(10**CODE_DIGITS):0{CODE_DIGITS}d}"


class Club(models.Model):
    """A club: its directors see only its own players and sessions."""

    name = models.CharField(max_length=120)
    created = models.DateTimeField(auto_now_add=True)

    def __str__(self) -> str:
        return self.name


class Director(models.Model):
    """A user who directs for a club (a user may direct for several)."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE)
    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="directors")

    class Meta:
        constraints = [models.UniqueConstraint(fields=["user", "club"], name="one_director_row")]


class Player(models.Model):
    """A player on a club's roster."""

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="players")
    name = models.CharField(max_length=120)
    number = models.CharField(max_length=30, blank=True, help_text="membership number")

    class Meta:
        ordering = ["name"]

    def __str__(self) -> str:
        return self.name


class Session(models.Model):
    """One club session: its movement, its pairs' names, its state.

    A teams session keeps its schedule (``schedule_json``: the round robin's JSON, or the
    Swiss plan: teams, rounds, boards a match) and its movement of room tables: match
    ``m`` of a round is played at table ``2m - 1`` (the open room, home team North-South)
    and ``2m`` (the closed room, away team North-South), each with its own link."""

    class State(models.TextChoices):
        RUNNING = "running", _("under way")
        CLOSED = "closed", _("closed")
        PUBLISHED = "published", _("published")

    class Kind(models.TextChoices):
        PAIRS = "pairs", _("pairs")
        TEAMS = "teams", _("teams")

    class Schedule(models.TextChoices):
        NONE = "", _("a pairs movement")
        ROBIN = "robin", _("round robin")
        SWISS = "swiss", _("Swiss")

    class SectionScoring(models.TextChoices):
        """How a session in sections is scored (the library's ``sections`` convention):
        blank for a session of one section."""

        ONE = "", _("one section")
        ACROSS = "across", _("scored across the field: every section's results on a board compared")
        APART = "apart", _("scored within each section: each section ranked on its own")

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="sessions")
    name = models.CharField(max_length=120)
    date = models.DateField()
    spec = models.CharField(
        max_length=240, blank=True, help_text="the movement's spec, if any (a section's each)"
    )
    movement_json = models.TextField(help_text="the movement, in its JSON form")
    movement_version = models.PositiveIntegerField(
        default=1,
        help_text="raised each time the movement changes: a process keeps the movement parsed"
        " by it, without reading or comparing the movement's text",
    )
    scoring = models.CharField(max_length=20, default="mp")
    hands_pbn = models.TextField(blank=True, help_text="hand records (PBN)")
    state = models.CharField(max_length=12, choices=State.choices, default=State.RUNNING)
    kind = models.CharField(max_length=8, choices=Kind.choices, default=Kind.PAIRS)
    schedule = models.CharField(max_length=8, choices=Schedule.choices, default="", blank=True)
    schedule_json = models.TextField(
        blank=True, help_text="teams: the round robin (JSON), or the Swiss plan"
    )
    bye_vp = models.DecimalField(
        max_digits=5, decimal_places=2, default=12, help_text="teams: a bye's VPs (fixed)"
    )
    bye_rule = models.CharField(
        max_length=8,
        default="fixed",
        help_text="teams: a bye scores the fixed VPs, the team's average, or the higher",
    )

    class LeadRule(models.TextChoices):
        OFF = "off", _("not asked")
        WARN = "warn", _("asked; a lead not in the leader's hand is flagged to the director")
        REQUIRED = (
            "required",
            _("required, and in the leader's hand when hand records are loaded"),
        )

    lead_rule = models.CharField(
        max_length=8, choices=LeadRule.choices, default=LeadRule.WARN, help_text="the opening lead"
    )
    sections = models.CharField(
        max_length=8,
        choices=SectionScoring.choices,
        default=SectionScoring.ONE,
        blank=True,
        help_text="how a session in sections is scored",
    )
    program = models.CharField(
        max_length=120,
        blank=True,
        default="",
        help_text="the program whose conventions the session is scored with (the results"
        " file's it started from: Ruter 4.9.1.3); blank: bridgescore's own",
    )
    file_check = models.TextField(
        blank=True,
        default="",
        help_text="whether the session's figures reproduce those of the results file it"
        " started from (a kept message)",
    )
    public_id = models.CharField(max_length=40, unique=True, default=_token)
    created = models.DateTimeField(auto_now_add=True)
    language = models.CharField(
        max_length=8,
        blank=True,
        default="",
        help_text="the language its results are published in (en, fi, es); blank: the reader's",
    )

    class Analysis(models.TextChoices):
        """Where the double-dummy analysis of the hand records stands
        (:mod:`~bridgescore.web.analysing`)."""

        NONE = "", _("no hand records")
        ANALYSING = "analysing", _("analysing")
        DONE = "done", _("done")
        FAILED = "failed", _("failed")

    analysis_state = models.CharField(
        max_length=10, choices=Analysis.choices, default=Analysis.NONE, blank=True
    )
    analysis_of = models.CharField(
        max_length=64,
        blank=True,
        default="",
        help_text="the SHA-256 of the hand records the analysis is of (hex)",
    )
    analysis_json = models.TextField(
        blank=True, default="", help_text="each board's analysis as PBN tags (JSON)"
    )
    analysis_notes = models.TextField(
        blank=True,
        default="",
        help_text="the file's figures the solver disagrees with, deals not analysed, or why"
        " the analysis failed (kept messages)",
    )
    analysis_started = models.DateTimeField(
        null=True, blank=True, help_text="when the analysis under way was started"
    )

    def movement(self) -> Movement:
        """The movement this session is played in (in sections: flattened, its tables
        numbered on and its pairs named ``A3NS``)."""
        field = self.field_of(self.movement_json)
        return field.flattened() if isinstance(field, SectionedMovement) else field

    @staticmethod
    def field_of(text: str) -> Movement | SectionedMovement:
        """A stored movement read as what it is: of one section, or of several."""
        return read_movement(json_data(text))

    def __str__(self) -> str:
        return f"{self.name} ({self.date})"

    @property
    def spec_shown(self) -> str:
        """The movement's spec as the reader's language writes it (a teams session's
        schedule, ``Swiss, 4 teams, 3 rounds of 2 boards``, kept in English)."""
        return said.text(spec_part(self.spec))


ROUND_ROBIN_SPEC = gettext_noop("round robin, {count} teams, {boards} boards a match")
SWISS_SPEC = gettext_noop("Swiss, {count} teams, {rounds} rounds of {boards} boards")
ROUND_ROBIN_SECTIONS_SPEC = gettext_noop(
    "round robin in {sections} sections, {count} teams, {boards} boards a match"
)
SWISS_SECTIONS_SPEC = gettext_noop(
    "Swiss in {sections} sections, {count} teams, {rounds} rounds of {boards} boards"
)
"""How a teams session's schedule is kept in :attr:`Session.spec` (English, translated
where it is shown: :func:`spec_part`)."""
_SPECS = tuple(
    (re.compile(re.sub(r"\\\{(\w+)\\\}", r"(?P<\1>\\d+)", re.escape(spec)) + "$"), spec)
    for spec in (ROUND_ROBIN_SPEC, SWISS_SPEC, ROUND_ROBIN_SECTIONS_SPEC, SWISS_SECTIONS_SPEC)
)


def spec_part(spec: str) -> said.Part:
    """A session's kept spec as a message (a movement's own spec, ``howell:4x3``, as it
    is written)."""
    for pattern, message in _SPECS:
        found = pattern.match(spec)
        if found:
            return said.part(message, **{k: int(v) for k, v in found.groupdict().items()})
    return said.part("{spec}", spec=spec)


class SessionPair(models.Model):
    """A pair of a session under its movement id, with the players' names."""

    session = models.ForeignKey(Session, on_delete=models.CASCADE, related_name="pairs")
    pair = models.CharField(max_length=40, help_text="the pair's movement id, or the team's name")
    names = models.CharField(max_length=200, blank=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["session", "pair"], name="one_pair_row")]


class TableLink(models.Model):
    """A table's own link (an unguessable token) and its code for the opponents and for
    taking the table over from another phone."""

    session = models.ForeignKey(Session, on_delete=models.CASCADE, related_name="tables")
    table = models.PositiveIntegerField()
    token = models.CharField(max_length=40, unique=True, default=_token)
    code = models.CharField(max_length=12, default=_code)
    device = models.CharField(max_length=40, blank=True, help_text="the phone holding it")
    locked = models.BooleanField(
        default=False, help_text="too many wrong codes: locked until the director releases it"
    )
    taken_over = models.DateTimeField(
        null=True, blank=True, help_text="when another phone last took the table over"
    )
    asks_open = True
    """Not a column: whether the table may have an open ask to mark a board not played
    (read with the link by :func:`~bridgescore.web.queries.link_by_token`; ``True`` when
    not read, so a result then looks for its ask)."""
    kept_row: tuple[Any, ...] | None = None
    """Not a column: the row this link was made from when it came from what the process
    kept rather than from a read (the writer checks it against the row as committed)."""

    class Meta:
        constraints = [models.UniqueConstraint(fields=["session", "table"], name="one_link")]
        ordering = ["table"]


class Entry(models.Model):
    """One line of a session's result log: a result, an adjusted score, not played, or an
    erasure, for one board at one table in one round. Never updated or deleted."""

    class Kind(models.TextChoices):
        RESULT = "result", _("result")
        ADJUSTED = "adjusted", _("adjusted score")
        NOT_PLAYED = "not_played", _("not played")
        ERASED = "erased", _("erased")

    session = models.ForeignKey(Session, on_delete=models.PROTECT, related_name="entries")
    entry_id = models.UUIDField(default=uuid.uuid4, help_text="the sender's own id (resends)")
    round = models.PositiveIntegerField()
    table = models.PositiveIntegerField()
    board = models.PositiveIntegerField()
    kind = models.CharField(max_length=12, choices=Kind.choices)
    contract = models.CharField(max_length=12, blank=True)
    declarer = models.CharField(max_length=1, blank=True)
    result = models.CharField(max_length=4, blank=True, help_text="=, +1, -2 ...")
    lead = models.CharField(max_length=3, blank=True)
    adjusted = models.CharField(max_length=20, blank=True, help_text="A+/A-, 60%/40% ...")
    ns_score = models.IntegerField(null=True, blank=True)
    by_table = models.BooleanField(default=False)
    by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.PROTECT
    )
    reason = models.CharField(max_length=300, blank=True)
    flags = models.CharField(
        max_length=1000,
        blank=True,
        help_text="flagged to the director, kept as messages with their values (read in the"
        " reader's language and notation): four flags at once fit",
    )
    created = models.DateTimeField(auto_now_add=True)

    @property
    def flags_shown(self) -> str:
        """The flags in the reader's language (kept as messages: :mod:`.said`)."""
        return said.shown(self.flags)

    class Meta:
        # an id is the sending table's own: another table's id is another entry
        constraints = [
            models.UniqueConstraint(
                fields=["session", "table", "entry_id"], name="one_entry_per_table_id"
            )
        ]
        indexes = [
            models.Index(fields=["session", "round", "table", "board"]),
            # a result's checks read its board's entries added since the process last
            # read them (by id: on PostgreSQL only those rows are fetched), and a
            # traveller shows them
            models.Index(fields=["session", "board", "id"], name="entry_by_board_id"),
            # a table's result reads the table's own entries (the round it is at)
            models.Index(fields=["session", "table"], name="entry_by_table"),
        ]
        ordering = ["id"]


class LogLine(models.Model):
    """Something the director should know that is not a result: a refused entry, a forged
    link, a takeover, a late change."""

    session = models.ForeignKey(Session, null=True, blank=True, on_delete=models.CASCADE)
    what = models.CharField(max_length=40)
    detail = models.CharField(
        max_length=4000,
        help_text="what happened, kept as messages with their values (read in the reader's"
        " language): a late change's effect and warnings fit",
    )
    reason = models.CharField(
        max_length=300,
        blank=True,
        default="",
        help_text="why, as the director typed it (a late change's reason), shown under Why;"
        " a line kept before has it in its detail",
    )
    by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL
    )
    address = models.CharField(max_length=64, blank=True)
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["id"]

    @property
    def text(self) -> str:
        """What happened, in the reader's language (kept as messages: :mod:`.said`)."""
        what = gettext(self.what) if self.what else ""
        return f"{what}: {said.shown(self.detail)}"

    @property
    def effect_shown(self) -> str:
        """What happened, a line each of the messages kept (a Swiss late change's effect
        and warnings), in the reader's language, as the late change page's Changes made
        lists a change (:attr:`MovementChange.effect_shown`)."""
        return "\n".join(said.shown_all(self.detail, split="\n"))


class Penalty(models.Model):
    """A procedural penalty on a pair's total, in the session's scoring points (MP or
    IMPs) or in per cent of a board's top (the EBU's standard is 25 % of a top); on a
    team's, in victory points. Never
    updated or deleted: a penalty withdrawn is a later line naming it in ``withdraws``."""

    class Unit(models.TextChoices):
        POINTS = "points", _("points (MP or IMPs)")
        TOP = "top", _("per cent of a top")
        VP = "vp", _("victory points (teams)")

    session = models.ForeignKey(Session, on_delete=models.PROTECT, related_name="penalties")
    pair = models.CharField(
        max_length=40, help_text="the pair's movement id, or the team's (its name in one field)"
    )
    amount = models.DecimalField(max_digits=8, decimal_places=2)
    unit = models.CharField(max_length=8, choices=Unit.choices, default=Unit.POINTS)
    withdraws = models.OneToOneField(
        "self", null=True, blank=True, on_delete=models.PROTECT, related_name="withdrawn_by"
    )
    reason = models.CharField(max_length=300)
    by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.PROTECT
    )
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["id"]

    @property
    def amount_shown(self) -> str:
        """The amount and its unit in the reader's words, their plural the amount's (as
        the control page's log reads it): ``1 victory point``, ``2 points (MP or IMPs)``,
        Finnish ``2 pistettä (MP tai IMPit)``, ``25 per cent of a top``."""
        amount, count = _amount(self.amount)
        if self.unit == Penalty.Unit.VP:
            text = ngettext("{amount} victory point", "{amount} victory points", count)
        elif self.unit == Penalty.Unit.TOP:
            text = ngettext("{amount} per cent of a top", "{amount} per cent of a top", count)
        else:
            text = ngettext("{amount} point (MP or IMPs)", "{amount} points (MP or IMPs)", count)
        return text.format(amount=amount)

    @property
    def amount_short(self) -> str:
        """As :attr:`amount_shown`, a team's victory points abbreviated as the penalties
        page's column has them: ``1 VP``, ``1.50 VPs`` (Finnish ``3 VP``)."""
        if self.unit != Penalty.Unit.VP:
            return self.amount_shown
        amount, count = _amount(self.amount)
        return ngettext("{amount} VP", "{amount} VPs", count).format(amount=amount)


def _amount(amount: Decimal) -> tuple[str, int]:
    """A penalty's amount as the reader writes it (``1.5``, Finnish ``1,5``; ``2``, not
    ``2.00``), and the count its words' plural is chosen by: a whole amount itself, a
    fraction as more than one (1.5 VPs, 1,5 pistettä, 1,5 puntos)."""
    whole = amount == amount.to_integral_value()
    return str(floatformat(amount, "-2")), int(amount) if whole else FRACTION_COUNT


FRACTION_COUNT = 2
"""The count a fraction of a point takes its plural by: English, Finnish and Spanish say
1.5 points, not 1.5 point (gettext counts only whole numbers)."""


class MovementChange(models.Model):
    """A late change to a session's movement (a late pair, a pair gone, a table moved):
    the movement before and after, the effect the director was shown, who and why. The
    effect is kept as messages (:func:`.said.said_all`: the change asked for, what it
    does, the movement's new problems), read in the reader's language (:attr:`effect_shown`)."""

    session = models.ForeignKey(Session, on_delete=models.PROTECT, related_name="changes")
    what = models.CharField(max_length=40)
    effect = models.TextField(help_text="what changes, as the director was shown it")
    before_json = models.TextField()
    after_json = models.TextField()
    reason = models.CharField(max_length=300)
    by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.PROTECT
    )
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["id"]

    @property
    def effect_shown(self) -> str:
        """The effect, a line each, in the reader's language (one kept as text before, as
        it was kept)."""
        return "\n".join(said.shown_all(self.effect, split="\n"))


class SwissDraw(models.Model):
    """A Swiss round of a teams session as the director confirmed it: its pairings (home
    team first) with why each two meet, the bye and why, from the standings before it."""

    session = models.ForeignKey(Session, on_delete=models.PROTECT, related_name="draws")
    round = models.PositiveIntegerField()
    draw_json = models.TextField(help_text="the draw: pairings with their reasons, the bye")
    by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.PROTECT
    )
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["session", "round"], name="one_draw")]
        ordering = ["round"]


class PendingEntry(models.Model):
    """A result the table's phone has sent for the opponents to confirm on their own phone
    (with the table's code). It counts for nothing until confirmed, when it becomes an
    :class:`Entry` with the same id; a rejected one is deleted (and logged)."""

    session = models.ForeignKey(Session, on_delete=models.CASCADE, related_name="pending")
    table = models.PositiveIntegerField()
    entry_id = models.UUIDField()
    fields = models.TextField(help_text="the result as sent (JSON)")
    shown = models.CharField(max_length=120, help_text="the score shown to the opponents")
    created = models.DateTimeField(auto_now_add=True)

    @property
    def shown_text(self) -> str:
        """The board and score, in the reader's language and notation (the opponents'
        phone may speak another than the phone that sent it: :mod:`.said`)."""
        return said.pending_shown(self.shown)

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["session", "table", "entry_id"], name="one_pending_per_table_id"
            )
        ]
        ordering = ["id"]


class Attempt(models.Model):
    """One try at something the app limits (a login, a table's code), counted by key in a
    window: written before it is checked, so tries sent in parallel are counted too (the
    count read after a committed insert sees every try committed before it)."""

    class What(models.TextChoices):
        LOGIN = "login", _("login")
        CODE = "code", _("table code")

    what = models.CharField(max_length=8, choices=What.choices)
    key = models.CharField(max_length=200)
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        indexes = [models.Index(fields=["what", "key", "created"], name="attempt_by_key")]


class TableCall(models.Model):
    """A table calling the director ("TD call", with a note), or asking to mark a board
    not played (``board`` set: it counts as not entered until the director accepts it or
    rules): shown on the control grid until the director answers it."""

    class Kind(models.TextChoices):
        CALL = "call", _("TD call")
        NOT_PLAYED = "not played", _("not played, asked")

    session = models.ForeignKey(Session, on_delete=models.CASCADE, related_name="calls")
    table = models.PositiveIntegerField()
    round = models.PositiveIntegerField()
    kind = models.CharField(max_length=12, choices=Kind.choices, default=Kind.CALL)
    board = models.PositiveIntegerField(null=True, blank=True)
    entry_id = models.UUIDField(null=True, blank=True, help_text="the phone's id of the ask")
    note = models.CharField(max_length=300, blank=True)
    created = models.DateTimeField(auto_now_add=True)
    answered = models.DateTimeField(null=True, blank=True)
    answered_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL
    )

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["session", "table", "entry_id"], name="one_ask_per_table_id"
            )
        ]
        ordering = ["id"]


def _pad_id() -> str:
    return secrets.token_urlsafe(9)


class PadGame(models.Model):
    """A score pad's game shared from a phone: what the phone sent (the settings, the
    players' names and seats, the deals as the pad's fields), read-only to anyone with its
    public id and changed only with its key (which only the sharing phone holds). Every
    figure is worked out again by the library from the deals when the game is shown."""

    public_id = models.CharField(max_length=16, unique=True, default=_pad_id)
    key = models.CharField(max_length=64, default=_token)
    settings = models.JSONField(default=dict)
    players = models.JSONField(default=dict)
    deals = models.JSONField(default=list)
    created = models.DateTimeField(auto_now_add=True)
    updated = models.DateTimeField(auto_now=True)

    def __str__(self) -> str:
        return f"pad game {self.public_id}"
