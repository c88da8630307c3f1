"""Every request to a director's page, read through a Django form declared here once: each
field's type, range and length (the lengths those of the columns that keep them, so nothing
is ever cut to fit), and a message the director understands that names the field.

A request that does not fit is refused whole (nothing of it is kept): the page again with
every problem at once (422), or, for a request no page of ours sends, 400 (see
``directing``). The result form builds on the table's (:class:`forms.ResultForm`).
"""

from __future__ import annotations

import datetime
from collections.abc import Iterable, Sequence
from decimal import Decimal
from typing import Any, Final

from django import forms
from django.core.files.uploadedfile import UploadedFile
from django.db import models
from django.utils.functional import Promise
from django.utils.text import format_lazy
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from bridgescore.errors import BridgeError
from bridgescore.events.movements import limits
from bridgescore.events.movements.spec import MovementSpec
from bridgescore.io.bridgemate import is_access
from bridgescore.web import in_play
from bridgescore.web.answers import problem
from bridgescore.web.forms import ResultForm
from bridgescore.web.matches import MOST_BOARDS_A_MATCH, MOST_SWISS_ROUNDS
from bridgescore.web.models import (
    Entry,
    Penalty,
    Player,
    Session,
    SessionPair,
)


def _length(model: type[models.Model], field: str) -> int:
    """The longest text the column keeps (so the form never takes more than is kept)."""
    column = model._meta.get_field(field)
    assert isinstance(column, models.CharField)
    assert column.max_length is not None
    return column.max_length


NAME_LENGTH: Final = _length(Session, "name")
"""A session's name (120)."""
SPEC_LENGTH: Final = _length(Session, "spec")
"""A movement's spec as typed (80)."""
REASON_LENGTH: Final = _length(Entry, "reason")
"""A director's reason, for the log (300: a ruling's, a penalty's, a late change's)."""
PLAYER_LENGTH: Final = _length(Player, "name")
"""A player's name on the roster (120)."""
NUMBER_LENGTH: Final = _length(Player, "number")
"""A player's membership number (30)."""
USERNAME_LENGTH: Final = 150
"""A director's user name (Django's ``User.username``)."""
PASSWORD_LENGTH: Final = 200
"""The longest password taken (a passphrase fits; a megabyte is not hashed)."""
TEAM_LENGTH: Final = _length(SessionPair, "pair")
"""A team's name (40)."""
MEMBERS_LENGTH: Final = _length(SessionPair, "names")
"""A pair's or team's players' names, joined by ``&`` (200)."""
PAIR_LENGTH: Final = _length(Penalty, "pair")
"""A pair's id in the movement (``12NS``), as a penalty or a late change names it (20)."""
ADJUSTED_LENGTH: Final = _length(Entry, "adjusted")
"""An adjusted score (``A+/A-``, ``60%/40%``) (20)."""
KEY_LENGTH: Final = 64
"""A confirmation key (what was shown, digested)."""
NAMES_LENGTH: Final = 20_000
"""The pairs' names typed on the new session page, all lines together."""
FILE_BYTES: Final = 2_000_000
"""The largest movement or hand-record file taken (a PBN of 100 deals is about 60 kB)."""
BRIDGEMATE_BYTES: Final = 20_000_000
"""The largest Bridgemate ``.bws`` file taken as the movement file: an Access database that
carries the club's whole member list, so far bigger than a text file (the real session of
2025-12-23 is 3.1 MB, 43,729 members)."""
SECTION_LENGTH: Final = 4
"""A Bridgemate section's letter (``A``; Bridgemate pads it to three characters)."""

MOST_PAIRS: Final = limits.MOST_PAIRS
"""The most pairs a session set up on the page may have (the movement library's limit)."""
MOST_BOARDS_ASKED: Final = limits.MOST_BOARDS
"""The most boards a session may be asked to play (the movement library's limit)."""
MOST_TEAMS: Final = 40
"""The most teams a session set up on the page may have."""
MOST_TABLES: Final = limits.MOST_TABLES_IN_A_MOVEMENT
"""The highest table number a late change may name (the movement library's limit)."""
MOST_MOVEMENT_ROUNDS: Final = limits.MOST_ROUNDS
"""The highest round a late change may start from (the movement library's limit)."""
MOST_VP: Final = Decimal(30)
"""The most VPs a bye may score (the largest VP scale's top)."""
FIRST_YEAR: Final = 1900
LAST_YEAR: Final = 2100
"""A session's date is in these years."""


def _messages(label: Any, **extra: Any) -> dict[str, Any]:
    """Django's messages for a field, each naming it."""
    return {
        "required": format_lazy(_("{label}: required"), label=label),
        "invalid": format_lazy(_("{label}: not readable"), label=label),
        "invalid_choice": format_lazy(_("{label}: not one of the choices"), label=label),
        "max_length": format_lazy(
            _("{label}: at most %(limit_value)d characters (this has %(show_value)d)"),
            label=label,
        ),
        "min_value": format_lazy(_("{label}: at least %(limit_value)s"), label=label),
        "max_value": format_lazy(_("{label}: at most %(limit_value)s"), label=label),
        **extra,
    }


Required = bool | str | Promise
"""Whether a field is required: ``True`` (with the message ``Label: required``), ``False``,
or the message to give when it is left out."""


def _needs(label: Any, required: Required, extra: dict[str, Any]) -> bool:
    """Whether the field is required; its own message for a field left out into ``extra``."""
    if isinstance(required, bool):
        return required
    extra["required"] = required
    return True


def _text(label: Any, length: int, *, required: Required = False, **extra: Any) -> forms.CharField:
    needed = _needs(label, required, extra)
    return forms.CharField(
        label=label, max_length=length, required=needed, error_messages=_messages(label, **extra)
    )


def _whole(
    label: Any, least: int, most: int, *, required: Required = True, **extra: Any
) -> forms.IntegerField:
    needed = _needs(label, required, extra)
    extra.setdefault("invalid", format_lazy(_("{label}: give a whole number"), label=label))
    return forms.IntegerField(
        label=label,
        min_value=least,
        max_value=most,
        required=needed,
        error_messages=_messages(label, **extra),
    )


def _choice(
    label: Any, choices: Iterable[tuple[str, Any]], *, required: Required = True, **extra: Any
) -> forms.ChoiceField:
    needed = _needs(label, required, extra)
    return forms.ChoiceField(
        label=label,
        choices=list(choices),
        required=needed,
        error_messages=_messages(label, **extra),
    )


def problems(form: forms.Form) -> list[str]:
    """Every problem of a form, each naming its field (the messages above do)."""
    found: dict[str, None] = {}
    for errors in form.errors.values():
        found.update((str(error), None) for error in errors)
    return list(found)


def text_of(upload: UploadedFile) -> str:
    """An uploaded file's text: UTF-8, else Latin-1 (PBN's own charset, ISO-8859-1)."""
    data: bytes = upload.read()
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        return data.decode("latin-1")


def is_bridgemate(upload: UploadedFile) -> bool:
    """Whether an upload is meant as a Bridgemate file: an Access database by its first
    bytes (a renamed one too), or named ``.bws`` (so that a ``.bws`` that is not one is
    said to be no Bridgemate file, rather than read as text)."""
    upload.seek(0)
    head: bytes = upload.read(32)
    upload.seek(0)
    return is_access(head) or str(upload.name or "").lower().endswith(".bws")


def _too_big(label: Any, size: int, most: int) -> forms.ValidationError:
    return forms.ValidationError(
        format_lazy(
            _("{label}: the file is {size:,} bytes, more than the {most:,} taken"),
            label=label,
            size=size,
            most=most,
        )
    )


class _FileField(forms.FileField):
    """A file up to :data:`FILE_BYTES` (a Bridgemate file, when ``bridgemate`` is taken,
    up to :data:`BRIDGEMATE_BYTES`), refused whole above it (never read in part)."""

    def __init__(self, *args: Any, bridgemate: bool = False, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.bridgemate = bridgemate

    def clean(self, data: Any, initial: Any = None) -> Any:
        upload = super().clean(data, initial)
        if upload and upload.size is not None and upload.size > FILE_BYTES:
            most = BRIDGEMATE_BYTES if self.bridgemate and is_bridgemate(upload) else FILE_BYTES
            if upload.size > most:
                raise _too_big(self.label, upload.size, most)
        return upload


def _file(label: Any, *, bridgemate: bool = False) -> _FileField:
    return _FileField(
        bridgemate=bridgemate,
        label=label,
        required=False,
        error_messages=_messages(
            label,
            empty=format_lazy(_("{label}: the file is empty"), label=label),
            max_length=format_lazy(_("{label}: the file's name is too long"), label=label),
        ),
    )


def _date(label: Any) -> forms.DateField:
    return forms.DateField(
        label=label,
        required=False,
        error_messages=_messages(
            label, invalid=format_lazy(_("{label}: a date, like 2025-03-18"), label=label)
        ),
    )


def _check_year(label: Any, day: datetime.date | None) -> datetime.date | None:
    if day is not None and not FIRST_YEAR <= day.year <= LAST_YEAR:
        raise forms.ValidationError(
            format_lazy(
                _("{label}: a date from {first} to {last}"),
                label=label,
                first=FIRST_YEAR,
                last=LAST_YEAR,
            )
        )
    return day


def club_choices(clubs: Sequence[Any]) -> list[tuple[str, str]]:
    return [(str(c.pk), c.name) for c in clubs]


# --- setting up a session ------------------------------------------------------------------


class SuggestForm(forms.Form):
    """The size of a pairs session, for the movements that fit."""

    pairs = _whole(_("Pairs"), 3, MOST_PAIRS)
    boards = _whole(_("About how many boards"), 1, MOST_BOARDS_ASKED)


class NewSessionForm(forms.Form):
    """A pairs session: its club, name, date and opening-lead rule, its movement (one of
    those suggested, a spec typed, or a movement file: a Bridgemate ``.bws`` file too, with
    the section to take from it) and the pairs' names."""

    club = _choice(_("Club"), ())
    name = _text(_("Name"), NAME_LENGTH, required=True)
    date = _date(_("Date"))
    lead_rule = _choice(_("Opening lead"), Session.LeadRule.choices, required=False)
    spec = _text(_("Movement"), SPEC_LENGTH)
    typed_spec = _text(_("Movement typed"), SPEC_LENGTH)
    names = forms.CharField(
        label=_("Pairs' names"),
        required=False,
        max_length=NAMES_LENGTH,
        error_messages=_messages(_("Pairs' names")),
    )
    movement = _file(_("Movement file"), bridgemate=True)
    section = _text(_("Section"), SECTION_LENGTH)
    hands = _file(_("Hand records"))

    def __init__(self, *args: Any, clubs: Sequence[Any] = (), **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        club = self.fields["club"]
        assert isinstance(club, forms.ChoiceField)
        club.choices = club_choices(clubs)

    def clean_section(self) -> str:
        """A Bridgemate section's letter, as the file spells it (``A``)."""
        return str(self.cleaned_data.get("section") or "").strip().upper()

    def clean_name(self) -> str:
        return " ".join(str(self.cleaned_data.get("name") or "").split())

    def clean_date(self) -> datetime.date | None:
        return _check_year(self.fields["date"].label, self.cleaned_data.get("date"))

    def clean_lead_rule(self) -> str:
        return str(self.cleaned_data.get("lead_rule") or Session.LeadRule.WARN)

    def clean_typed_spec(self) -> str:
        text = str(self.cleaned_data.get("typed_spec") or "").strip()
        if text:
            try:
                return str(MovementSpec.parse(text))
            except BridgeError as error:
                raise forms.ValidationError(
                    f"{self.fields['typed_spec'].label}: {problem(error)}"
                ) from None
        return ""

    def clean_spec(self) -> str:
        text = str(self.cleaned_data.get("spec") or "").strip()
        if text:
            try:
                return str(MovementSpec.parse(text))
            except BridgeError as error:
                raise forms.ValidationError(
                    f"{self.fields['spec'].label}: {problem(error)}"
                ) from None
        return ""

    def clean_names(self) -> dict[str, str]:
        """``1NS: Ann Smith & Bob Jones`` lines, one pair a line (blank lines skipped)."""
        label = self.fields["names"].label
        found: dict[str, str] = {}
        for number, line in enumerate(str(self.cleaned_data.get("names") or "").splitlines(), 1):
            if not line.strip():
                continue
            pair, colon, who = (part.strip() for part in line.partition(":"))
            who = " ".join(who.split())
            if not (colon and pair and who):
                raise forms.ValidationError(
                    gettext(
                        "{label}, line {number}: write the pair, a colon and the names,"
                        " like 1NS: Ann Smith & Bob Jones"
                    ).format(label=label, number=number)
                )
            if len(pair) > PAIR_LENGTH:
                raise forms.ValidationError(
                    gettext("{label}, line {number}: a pair's id is at most {most} characters")
                    .format(label=label, number=number, most=PAIR_LENGTH)
                )  # fmt: skip
            if len(who) > MEMBERS_LENGTH:
                raise forms.ValidationError(
                    gettext(
                        "{label}, line {number}: at most {most} characters of names"
                        " (this has {count})"
                    ).format(label=label, number=number, most=MEMBERS_LENGTH, count=len(who))
                )
            if pair in found:
                raise forms.ValidationError(
                    gettext("{label}, line {number}: pair {pair} named twice").format(
                        label=label, number=number, pair=pair
                    )
                )
            found[pair] = who
        return found

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        if self.errors:
            return data
        if data.get("typed_spec") and data.get("movement"):
            raise forms.ValidationError(
                _("Movement: type a spec or send a movement file, not both")
            )
        if not (data.get("typed_spec") or data.get("movement") or data.get("spec")):
            raise forms.ValidationError(
                _(
                    "Movement: choose one of the movements shown, type one (like mitchell:7x3),"
                    " or send a movement file"
                )
            )
        return data


class TeamCountForm(forms.Form):
    """How many teams a teams session has (the page then asks for each one's name)."""

    teams = _whole(_("Teams"), 2, MOST_TEAMS)


class NewTeamsForm(TeamCountForm):
    """A teams session: its club, name, date, schedule (a round robin, or a Swiss with its
    rounds and rematch rule), boards a match, the bye's score, and each team's name (typed,
    or the roster player it is named after)."""

    club = _choice(_("Club"), ())
    name = _text(_("Name"), NAME_LENGTH, required=True)
    date = _date(_("Date"))
    schedule = _choice(
        _("Schedule"),
        [(v, label) for v, label in Session.Schedule.choices if v],
        required=_("Schedule: choose a round robin or a Swiss"),
    )
    boards = _whole(_("Boards a match"), 1, MOST_BOARDS_A_MATCH)
    rounds = _whole(_("Swiss: rounds"), 1, MOST_SWISS_ROUNDS, required=False)
    rematches = _text(_("Rematches"), 12)
    late_after = _whole(
        _("Rounds between two meetings"),
        1,
        MOST_SWISS_ROUNDS,
        required=False,
        invalid=_("give the rounds between two meetings as a whole number"),
    )
    if_stuck = forms.BooleanField(required=False)
    bye_vp = forms.DecimalField(
        label=_("A bye's VPs"),
        required=False,
        min_value=Decimal(0),
        max_value=MOST_VP,
        max_digits=5,
        decimal_places=2,
        error_messages=_messages(
            _("A bye's VPs"),
            invalid=_("give a bye's VPs as a number, like 12"),
            max_decimal_places=_("A bye's VPs: at most 2 decimals"),
            max_digits=_("A bye's VPs: at most 5 digits"),
            max_whole_digits=_("A bye's VPs: at most 3 digits before the point"),
        ),
    )
    bye_rule = _text(_("A bye scores"), 8)
    hands = _file(_("Hand records"))

    def __init__(
        self,
        *args: Any,
        clubs: Sequence[Any] = (),
        count: int = 0,
        players: Iterable[Player] = (),
        **kwargs: Any,
    ) -> None:
        super().__init__(*args, **kwargs)
        club = self.fields["club"]
        assert isinstance(club, forms.ChoiceField)
        club.choices = club_choices(clubs)
        on_roster = [("", "—"), *((str(p.pk), p.name) for p in players)]
        for number in range(1, count + 1):
            self.fields[f"team-{number}"] = _text(
                format_lazy(_("Team {number}"), number=number), TEAM_LENGTH
            )
            self.fields[f"player-{number}"] = _choice(
                format_lazy(_("Team {number}"), number=number),
                on_roster,
                required=False,
                invalid_choice=format_lazy(
                    _("team {number}: choose a player from the roster"), number=number
                ),
            )
        self.count = count

    def clean_date(self) -> datetime.date | None:
        return _check_year(self.fields["date"].label, self.cleaned_data.get("date"))

    def clean_name(self) -> str:
        return " ".join(str(self.cleaned_data.get("name") or "").split())

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        swiss = data.get("schedule") == Session.Schedule.SWISS
        if swiss and data.get("rounds") is None and "rounds" not in self.errors:
            self.add_error("rounds", _("Swiss: rounds: give the number of rounds"))
        late = data.get("rematches") == "late"
        if late and data.get("late_after") is None and "late_after" not in self.errors:
            self.add_error(
                "late_after", _("give the rounds between two meetings as a whole number")
            )
        return data


# --- during the session ----------------------------------------------------------------------


class DirectorResultForm(ResultForm):
    """The director's entry for one board of a table in a round: a result as the table
    gives it (:class:`forms.ResultForm`), or an adjusted score (``A+/A-``, ``60%/40%``), or
    not played, or the board's result erased; always with a reason, for the log."""

    adjusted = _text(_("Adjusted score"), ADJUSTED_LENGTH)
    reason = _text(
        _("Reason"),
        REASON_LENGTH,
        required=_("a director's change needs a reason (it goes in the log)"),
    )
    erase = forms.BooleanField(required=False)

    def clean_adjusted(self) -> str:
        return str(self.cleaned_data.get("adjusted") or "").strip()

    def director_input(self, round_no: int, table: int) -> in_play.EntryInput:
        """The entry for the log's checks (call once the form is valid)."""
        return self.entry_input(round_no, table, adjusted=self.cleaned_data["adjusted"])


class StateForm(forms.Form):
    """Close, publish or open the session again; ``key``: what the director was shown
    (the results missing and waiting) when asked to confirm."""

    state = _choice(_("State"), Session.State.choices, required=_("State: say which"))
    key = _text(_("Key"), KEY_LENGTH)


class HandsForm(forms.Form):
    """New hand records for a session (a PBN file)."""

    hands = _file(_("Hand records"))

    def clean_hands(self) -> UploadedFile:
        upload = self.cleaned_data.get("hands")
        if upload is None:
            raise forms.ValidationError(_("Hand records: choose the file"))
        assert isinstance(upload, UploadedFile)
        return upload


ANSWERS: Final = (
    ("answered", _("answered")),
    ("accept", _("accept: not played")),
    ("refuse", _("refuse: the table enters the board")),
)
"""How the director answers a table's call: a TD call is answered; a board the table asks
to mark not played is accepted or refused (a ruling is entered on the cell's page)."""


class AnswerForm(forms.Form):
    """The director's answer to a table's call or ask (:data:`ANSWERS`); none given, a TD
    call's (``answered``: the grid's button sent before asks were answered)."""

    action = _choice(_("Answer"), ANSWERS, required=False)


class DrawForm(forms.Form):
    """The Swiss draw the director confirms, by the key of the draw shown."""

    key = _text(_("Key"), KEY_LENGTH, required=True)


ROSTER_ADDS: Final = (("player", _("a player")), ("director", _("a director")))


class RosterForm(forms.Form):
    """Which of the roster's two forms was sent."""

    add = _choice(_("Add"), ROSTER_ADDS, required=False)


class PlayerForm(forms.Form):
    """A player added to the club's roster."""

    name = _text(_("Name"), PLAYER_LENGTH, required=True)
    number = _text(_("Membership number"), NUMBER_LENGTH)


class DirectorLoginForm(forms.Form):
    """A new director's login for the club."""

    username = _text(_("User name"), USERNAME_LENGTH, required=True)
    password = forms.CharField(
        label=_("Password"),
        max_length=PASSWORD_LENGTH,
        strip=False,
        error_messages=_messages(_("Password")),
    )


class PairsForm(forms.Form):
    """The session's pairs named from the roster: two players a pair (either may be left
    as it is)."""

    def __init__(
        self, *args: Any, pairs: Iterable[str] = (), players: Iterable[Player] = (), **kwargs: Any
    ) -> None:
        super().__init__(*args, **kwargs)
        on_roster = [("", "—"), *((str(p.pk), p.name) for p in players)]
        self.pairs = list(pairs)
        for pair in self.pairs:
            for slot, which in (("a", _("first player")), ("b", _("second player"))):
                self.fields[f"{pair}-{slot}"] = _choice(
                    format_lazy(_("pair {pair}, {which}"), pair=pair, which=which),
                    on_roster,
                    required=False,
                    invalid_choice=format_lazy(_("pair {pair}: choose from the roster"), pair=pair),
                )

    def chosen(self, pair: str) -> list[str]:
        """The roster ids chosen for ``pair`` (call once the form is valid)."""
        return [str(self.cleaned_data.get(f"{pair}-{s}") or "") for s in "ab" if
                self.cleaned_data.get(f"{pair}-{s}")]  # fmt: skip


class PenaltyForm(forms.Form):
    """A procedural penalty given: the pair, the amount and its unit, why."""

    pair = _text(_("Pair"), PAIR_LENGTH, required=True)
    amount = forms.DecimalField(
        label=_("Amount"),
        min_value=Decimal("0.01"),
        max_value=Decimal("999.99"),
        max_digits=5,
        decimal_places=2,
        localize=True,  # 0,5 as a Finnish or Spanish director writes it (0.5 too)
        error_messages=_messages(
            _("Amount"),
            invalid=_("Amount: a number, like 2 or 0.5"),
            min_value=_("Amount: more than 0"),
            max_value=_("Amount: less than 1000"),
            max_decimal_places=_("Amount: at most 2 decimals"),
            max_digits=_("Amount: less than 1000"),
            max_whole_digits=_("Amount: less than 1000"),
        ),
    )
    unit = _choice(_("In"), Penalty.Unit.choices)
    reason = _text(
        _("Reason"), REASON_LENGTH, required=_("a penalty needs a reason (it goes in the log)")
    )


class WithdrawForm(forms.Form):
    """A penalty withdrawn (a new line naming it), and why."""

    withdraw = _whole(_("Penalty"), 1, 2**31 - 1, invalid=_("that penalty is not standing"))
    reason = _text(
        _("Reason"),
        REASON_LENGTH,
        required=_("withdrawing a penalty needs a reason (it goes in the log)"),
    )


PAIR_CHANGES: Final = {
    "late": _("a late pair joins"),
    "missing": _("a pair leaves"),
    "move": _("two tables change places"),
}
"""The late changes to a pairs session, by form value."""

TEAM_CHANGES: Final = {
    "withdraw": _("a team withdraws"),
    "join": _("a late team joins"),
}
"""The late changes to a Swiss teams session, by form value."""


class _ChangeForm(forms.Form):
    """What every late change gives: the round it is from, and, to apply what was shown,
    its key and a reason."""

    round = _whole(_("From round"), 1, MOST_MOVEMENT_ROUNDS, required=_("From round: say which"))
    apply = forms.BooleanField(required=False)
    key = _text(_("Key"), KEY_LENGTH)
    reason = _text(_("Reason"), REASON_LENGTH)

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        unexplained = not str(data.get("reason") or "").strip() and "reason" not in self.errors
        if data.get("apply") and unexplained:
            self.add_error(
                "reason", _("a change to the movement needs a reason (it goes in the log)")
            )
        return data


class PairChangeForm(_ChangeForm):
    """A late pair, a pair gone, or two tables changing places."""

    kind = _choice(
        _("Change"), PAIR_CHANGES.items(), required=_("Change: choose one of the changes")
    )
    pair = _text(_("Pair"), PAIR_LENGTH)
    first = _whole(_("First table"), 1, MOST_TABLES, required=False)
    second = _whole(_("Second table"), 1, MOST_TABLES, required=False)

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        if data.get("kind") in ("late", "missing") and not data.get("pair"):
            self.add_error("pair", _("Pair: say which pair"))
        if data.get("kind") == "move":
            for name in ("first", "second"):
                if data.get(name) is None and name not in self.errors:
                    self.add_error(name, _("give the two tables' numbers"))
        return data


class TeamChangeForm(_ChangeForm):
    """A team withdrawing from a Swiss, or joining it late."""

    kind = _choice(
        _("Change"), TEAM_CHANGES.items(), required=_("Change: choose one of the changes")
    )
    team = _text(_("Team"), TEAM_LENGTH)
    members = _text(_("A late team's players"), MEMBERS_LENGTH)

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        unnamed = not str(data.get("team") or "").strip() and "team" not in self.errors
        if data.get("kind") and unnamed:
            self.add_error("team", _("Team: say which team"))
        return data
