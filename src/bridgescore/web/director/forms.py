"""Every request to a director's page, read through a Django form declared here once: each
field's type, range and length (the lengths those of the columns that keep them, so nothing
is ever cut to fit), and a message the director understands that names the field.

A request that does not fit is refused whole (nothing of it is kept): the page again with
every problem at once (422), or, for a request no page of ours sends, 400 (see
``directing``). The result form builds on the table's (:class:`forms.ResultForm`).
"""

from __future__ import annotations

import datetime
import re
from collections.abc import Iterable, Mapping, Sequence
from decimal import Decimal
from typing import Any, Final

from django import forms
from django.core.files.uploadedfile import UploadedFile
from django.http import Http404, HttpRequest
from django.utils.text import format_lazy
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from bridgescore.errors import BridgeError
from bridgescore.events.movements.sections import built_spec
from bridgescore.events.team_sections import MOST_SWISS_ROUNDS, SectionSchedule, check_teams
from bridgescore.web import in_play, said
from bridgescore.web.answers import problem
from bridgescore.web.director.fields import (
    ADJUSTED_LENGTH,
    KEY_LENGTH,
    MEMBERS_LENGTH,
    MOST_BOARDS_ASKED,
    MOST_MOVEMENT_ROUNDS,
    MOST_PAIRS,
    MOST_TEAMS,
    MOST_VP,
    NAME_LENGTH,
    NAMES_LENGTH,
    NUMBER_LENGTH,
    PAIR_LENGTH,
    PASSWORD_LENGTH,
    PENALTY_LENGTH,
    PLAYER_LENGTH,
    REASON_LENGTH,
    SECTION_LENGTH,
    SPEC_LENGTH,
    TEAM_LENGTH,
    USERNAME_LENGTH,
    check_year,
    choice_field,
    club_choices,
    date_field,
    field_messages,
    file_field,
    problems,
    text_field,
    whole_field,
)
from bridgescore.web.forms import ResultForm
from bridgescore.web.matches import MOST_BOARDS_A_MATCH
from bridgescore.web.models import (
    Penalty,
    Player,
    Session,
)
from bridgescore.web.naming import NAME_AND_PLAYERS


class SuggestForm(forms.Form):
    """The size of a pairs session, for the movements that fit."""

    pairs = whole_field(_("Pairs"), 3, MOST_PAIRS)
    boards = whole_field(_("About how many boards"), 1, MOST_BOARDS_ASKED)


class NewSessionForm(forms.Form):
    """A pairs session: its club, name, date and opening-lead rule, its movement (one of
    those suggested, a spec typed, or a movement file: a Bridgemate ``.bws`` file too, with
    the section to take from it) and the pairs' names."""

    club = choice_field(_("Club"), ())
    name = text_field(_("Name"), NAME_LENGTH, required=True)
    date = date_field(_("Date"))
    lead_rule = choice_field(_("Opening lead"), Session.LeadRule.choices, required=False)
    sections = choice_field(
        _("Sections scored"), Session.SectionScoring.choices[1:], required=False
    )
    spec = text_field(_("Movement"), SPEC_LENGTH)
    typed_spec = text_field(_("Movement typed"), SPEC_LENGTH)
    names = forms.CharField(
        label=_("Pairs' names"),
        required=False,
        max_length=NAMES_LENGTH,
        error_messages=field_messages(_("Pairs' names")),
    )
    movement = file_field(_("Movement file"), bridgemate=True)
    section = text_field(_("Section"), SECTION_LENGTH)
    hands = file_field(_("Hand records"))

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
        return check_year(self.fields["date"].label, self.cleaned_data.get("date"))

    def clean_lead_rule(self) -> str:
        return str(self.cleaned_data.get("lead_rule") or Session.LeadRule.WARN)

    def clean_typed_spec(self) -> str:
        return self._spelled("typed_spec")

    def clean_spec(self) -> str:
        return self._spelled("spec")

    def _spelled(self, name: str) -> str:
        """A spec of one movement or of sections (``mitchell:8x3 + mitchell:8x3``) in its
        one spelling; one that builds no sound movement is an error naming the field."""
        text = str(self.cleaned_data.get(name) or "").strip()
        if text:
            try:
                return built_spec(text)[0]
            except BridgeError as error:
                raise forms.ValidationError(
                    f"{self.fields[name].label}: {problem(error)}"
                ) from None
        return ""

    def clean_names(self) -> dict[str, str]:
        """``1NS: Ann Smith & Bob Jones`` lines (``A1NS:`` in sections), one pair a line
        (blank lines skipped); the ids are read against the movement once it is known."""
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
                        " like 1NS: Ann Smith & Bob Jones (A1NS: in a session in sections)"
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

    teams = whole_field(_("Teams"), 2, MOST_TEAMS)


class NewTeamsForm(TeamCountForm):
    """A teams session: its club, name, date, schedule (a round robin, or a Swiss with its
    rounds and rematch rule), boards a match, the bye's score, and each team's name (typed,
    or the roster player it is named after)."""

    club = choice_field(_("Club"), ())
    name = text_field(_("Name"), NAME_LENGTH, required=True)
    date = date_field(_("Date"))
    schedule = choice_field(
        _("Schedule"),
        [(v, label) for v, label in Session.Schedule.choices if v],
        required=_("Schedule: choose a round robin or a Swiss"),
    )
    boards = whole_field(_("Boards a match"), 1, MOST_BOARDS_A_MATCH)
    rounds = whole_field(_("Swiss: rounds"), 1, MOST_SWISS_ROUNDS, required=False)
    sections = whole_field(_("Sections"), 1, 26, required=False)
    rematches = text_field(_("Rematches"), 12)
    late_after = whole_field(
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
        error_messages=field_messages(
            _("A bye's VPs"),
            invalid=_("give a bye's VPs as a number, like 12"),
            max_decimal_places=_("A bye's VPs: at most 2 decimals"),
            max_digits=_("A bye's VPs: at most 5 digits"),
            max_whole_digits=_("A bye's VPs: at most 3 digits before the point"),
        ),
    )
    bye_rule = text_field(_("A bye scores"), 8)
    hands = file_field(_("Hand records"))

    names = forms.CharField(
        label=_("Team names"),
        required=False,
        max_length=NAMES_LENGTH,
        widget=forms.Textarea,
        error_messages=field_messages(_("Team names")),
    )

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
            self.fields[f"team-{number}"] = text_field(
                format_lazy(_("Team {number}"), number=number), TEAM_LENGTH
            )
            self.fields[f"player-{number}"] = choice_field(
                format_lazy(_("Team {number}"), number=number),
                on_roster,
                required=False,
                invalid_choice=format_lazy(
                    _("team {number}: choose a player from the roster"), number=number
                ),
            )
        self.count = count

    def clean_date(self) -> datetime.date | None:
        return check_year(self.fields["date"].label, self.cleaned_data.get("date"))

    def clean_name(self) -> str:
        return " ".join(str(self.cleaned_data.get("name") or "").split())

    def clean_names(self) -> list[str]:
        """The teams' names pasted one a line (blank lines skipped), each line's problem
        named by its line: a name too long, a name given twice."""
        label = self.fields["names"].label
        found: list[str] = []
        first: dict[str, int] = {}
        wrong: list[forms.ValidationError] = []
        for number, line in enumerate(str(self.cleaned_data.get("names") or "").splitlines(), 1):
            team = " ".join(line.split())
            if not team:
                continue
            if len(team) > TEAM_LENGTH:
                wrong.append(forms.ValidationError(
                    gettext("{label}, line {number}: a team's name is at most {most} characters"
                            " (this has {count})")
                    .format(label=label, number=number, most=TEAM_LENGTH, count=len(team))
                ))  # fmt: skip
            elif NAME_AND_PLAYERS in team:
                wrong.append(forms.ValidationError(
                    gettext("{label}, line {number}: a team's name may not hold ': ' (it comes"
                            " between a team's name and its players): {team}")
                    .format(label=label, number=number, team=team)
                ))  # fmt: skip
            elif team.casefold() in first:
                wrong.append(forms.ValidationError(
                    gettext("{label}, line {number}: {team} is named twice (line {first} too)")
                    .format(label=label, number=number, team=team,
                            first=first[team.casefold()])
                ))  # fmt: skip
            else:
                first[team.casefold()] = number
            found.append(team)
        if wrong:
            raise forms.ValidationError(wrong)
        return found

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        self._check_size(data)
        self._check_names(data)
        swiss = data.get("schedule") == Session.Schedule.SWISS
        if swiss and data.get("rounds") is None and "rounds" not in self.errors:
            self.add_error("rounds", _("Swiss: rounds: give the number of rounds"))
        late = data.get("rematches") == "late"
        if late and data.get("late_after") is None and "late_after" not in self.errors:
            self.add_error(
                "late_after", _("give the rounds between two meetings as a whole number")
            )
        return data

    def _check_size(self, data: dict[str, Any]) -> None:
        """The field within the library's limits for what it plays (a round robin of at
        most 40 teams, a section's or the field's)."""
        if not self.count or "schedule" not in data or "sections" in self.errors:
            return
        swiss = data["schedule"] == Session.Schedule.SWISS
        schedule = SectionSchedule.SWISS if swiss else SectionSchedule.ROBIN
        try:
            check_teams(self.count, data.get("sections") or 1, schedule)
        except BridgeError as error:
            self.add_error(None, problem(error))

    def _check_names(self, data: dict[str, Any]) -> None:
        """Names pasted: one for each team, and not typed in the rows as well; no names
        pasted: a page too large for rows (above :data:`MOST_TEAM_ROWS`) needs them."""
        if "names" in self.errors:
            return
        pasted = data.get("names") or []
        label = self.fields["names"].label
        if not pasted:
            if self.count > MOST_TEAM_ROWS:
                self.add_error("names", gettext(
                    "{label}: paste the {count} teams' names, one a line"
                ).format(label=label, count=self.count))  # fmt: skip
            return
        if len(pasted) != self.count:
            self.add_error("names", gettext(
                "{label}: {found} names for {count} teams, one a line"
            ).format(label=label, found=len(pasted), count=self.count))  # fmt: skip
        typed = any(
            data.get(f"team-{n}") or data.get(f"player-{n}") for n in range(1, self.count + 1)
        )
        if typed:
            self.add_error(
                "names", gettext("{label}: paste the names or fill in the rows, not both")
                .format(label=label)
            )  # fmt: skip


MOST_TEAM_ROWS: Final = 40
"""Above this many teams the new-teams page asks for the names pasted one a line, not a
row each: a row each with the club's roster to choose from is a page of megabytes at 300
teams, and nobody types 300 names in 300 boxes."""


class DirectorResultForm(ResultForm):
    """The director's entry for one board of a table in a round: a result as the table
    gives it (:class:`forms.ResultForm`), or an adjusted score (``A+/A-``, ``60%/40%``), or
    not played, or the board's result erased; always with a reason, for the log."""

    adjusted = text_field(_("Adjusted score"), ADJUSTED_LENGTH)
    reason = text_field(
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

    state = choice_field(_("State"), Session.State.choices, required=_("State: say which"))
    key = text_field(_("Key"), KEY_LENGTH)


class HandsForm(forms.Form):
    """New hand records for a session (a PBN file)."""

    hands = file_field(_("Hand records"))

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

    action = choice_field(_("Answer"), ANSWERS, required=False)


class DrawForm(forms.Form):
    """The Swiss draw the director confirms, by the key of the draw shown."""

    key = text_field(_("Key"), KEY_LENGTH, required=True)


ROSTER_ADDS: Final = (("player", _("a player")), ("director", _("a director")))


class RosterForm(forms.Form):
    """Which of the roster's two forms was sent."""

    add = choice_field(_("Add"), ROSTER_ADDS, required=False)


class PlayerForm(forms.Form):
    """A player added to the club's roster."""

    name = text_field(_("Name"), PLAYER_LENGTH, required=True)
    number = text_field(_("Membership number"), NUMBER_LENGTH)


class DirectorLoginForm(forms.Form):
    """A new director's login for the club."""

    username = text_field(_("User name"), USERNAME_LENGTH, required=True)
    password = forms.CharField(
        label=_("Password"),
        max_length=PASSWORD_LENGTH,
        strip=False,
        error_messages=field_messages(_("Password")),
    )


def roster_labels(players: Iterable[Player]) -> dict[str, Player]:
    """Each roster player by the words the pairs page offers for them and reads back, in
    the roster's order: the name, or, where two players share it, the name and the
    membership number (``John Smith (1234)``; the roster's own number where none is
    kept)."""
    players = list(players)
    named: dict[str, int] = {}
    for player in players:
        named[roster_key(player.name)] = named.get(roster_key(player.name), 0) + 1
    labels: dict[str, Player] = {}
    for player in players:
        label = " ".join(player.name.split())
        if named[roster_key(label)] > 1:
            label = f"{label} ({player.number.strip() or player.pk})"
        labels[label] = player
    return labels


def roster_key(text: str) -> str:
    """A name as the roster is searched for it: any case, any spacing."""
    return " ".join(text.split()).casefold()


class PairsForm(forms.Form):
    """The session's pairs named from the roster, two players a pair, each typed as the
    roster names them (the page offers the roster's names as one list all the fields
    share, so a congress's 480 pairs and its roster make a page of kilobytes, not of
    megabytes) and read in any case; either may be left empty, and the pair's name then
    stays as it is."""

    def __init__(
        self,
        *args: Any,
        pairs: Iterable[str] = (),
        roster: Mapping[str, Player] | None = None,
        **kwargs: Any,
    ) -> None:
        """``roster``: the players by the words the page offers (:func:`roster_labels`)."""
        super().__init__(*args, **kwargs)
        self.roster = {roster_key(label): p for label, p in (roster or {}).items()}
        self.pairs = list(pairs)
        for pair in self.pairs:
            shown = said.words_of().notation.pair(pair)  # as the director reads it: 3IL
            for slot, which in (("a", _("first player")), ("b", _("second player"))):
                self.fields[f"{pair}-{slot}"] = text_field(
                    format_lazy(_("pair {pair}, {which}"), pair=shown, which=which),
                    ROSTER_LABEL_LENGTH,
                )

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        for pair in self.pairs:
            for slot in "ab":
                key = f"{pair}-{slot}"
                typed = " ".join(str(data.get(key) or "").split())
                if typed and roster_key(typed) not in self.roster:
                    self.add_error(
                        key,
                        format_lazy(
                            _("pair {pair}: {name} is not on the roster (add them there first)"),
                            pair=said.words_of().notation.pair(pair),
                            name=typed,
                        ),
                    )
        return data

    def chosen(self, pair: str) -> list[Player]:
        """The roster players typed for ``pair`` (call once the form is valid)."""
        typed = (str(self.cleaned_data.get(f"{pair}-{slot}") or "") for slot in "ab")
        return [self.roster[roster_key(t)] for t in typed if t.strip()]


ROSTER_LABEL_LENGTH: Final = 160
"""The longest words a pair's player is typed with: a roster name (120) and a number."""


class TeamPlayersForm(forms.Form):
    """A teams session's teams' players, as typed (a team's name is kept as it was
    entered): one text a team, changed only when the page sent it."""

    def __init__(self, *args: Any, teams: Iterable[str] = (), **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.teams = list(teams)
        for team in self.teams:
            self.fields[f"{team}-players"] = text_field(
                format_lazy(_("team {team}'s players"), team=team), MEMBERS_LENGTH
            )

    def players(self) -> dict[str, str]:
        """Each team's players as sent (call once the form is valid): a team the page
        did not send (one that joined since it was shown) is left as it is."""
        return {
            team: str(self.cleaned_data.get(f"{team}-players") or "")
            for team in self.teams
            if f"{team}-players" in self.data
        }


class PenaltyForm(forms.Form):
    """A procedural penalty given: the pair (a team: its id or its name), the amount and
    its unit, why."""

    pair = text_field(_("Pair"), PAIR_LENGTH, required=True)
    amount = forms.DecimalField(
        label=_("Amount"),
        min_value=Decimal("0.01"),
        max_value=Decimal("999.99"),
        max_digits=5,
        decimal_places=2,
        localize=True,  # 0,5 as a Finnish or Spanish director writes it (0.5 too)
        error_messages=field_messages(
            _("Amount"),
            invalid=_("Amount: a number, like 2 or 0.5"),
            min_value=_("Amount: more than 0"),
            max_value=_("Amount: less than 1000"),
            max_decimal_places=_("Amount: at most 2 decimals"),
            max_digits=_("Amount: less than 1000"),
            max_whole_digits=_("Amount: less than 1000"),
        ),
    )
    unit = choice_field(_("In"), Penalty.Unit.choices)
    reason = text_field(
        _("Reason"), REASON_LENGTH, required=_("a penalty needs a reason (it goes in the log)")
    )

    def __init__(self, *args: Any, teams: bool = False, **kwargs: Any) -> None:
        """``teams``: a teams session's, whose penalty names a team (by its id or name)."""
        super().__init__(*args, **kwargs)
        if teams:
            self.fields["pair"] = text_field(_("Team"), PENALTY_LENGTH, required=True)


class WithdrawForm(forms.Form):
    """A penalty withdrawn (a new line naming it), and why."""

    withdraw = whole_field(_("Penalty"), 1, 2**31 - 1, invalid=_("that penalty is not standing"))
    reason = text_field(
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

    round = whole_field(
        _("From round"), 1, MOST_MOVEMENT_ROUNDS, required=_("From round: say which")
    )
    apply = forms.BooleanField(required=False)
    key = text_field(_("Key"), KEY_LENGTH)
    reason = text_field(_("Reason"), REASON_LENGTH)

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        unexplained = not str(data.get("reason") or "").strip() and "reason" not in self.errors
        if data.get("apply") and unexplained:
            self.add_error(
                "reason", _("a change to the movement needs a reason (it goes in the log)")
            )
        return data


TABLE_NAME_LENGTH: Final = 4
"""A table as the pages name it: its number, or its section's letter and its number."""

_TABLE_NAME: Final = re.compile(r"[A-Za-z]?[0-9]{1,3}")


class PairChangeForm(_ChangeForm):
    """A late pair, a pair gone, or two tables changing places."""

    kind = choice_field(
        _("Change"), PAIR_CHANGES.items(), required=_("Change: choose one of the changes")
    )
    pair = text_field(_("Pair"), PAIR_LENGTH)
    first = text_field(_("First table"), TABLE_NAME_LENGTH)
    second = text_field(_("Second table"), TABLE_NAME_LENGTH)

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        if data.get("kind") in ("late", "missing") and not data.get("pair"):
            self.add_error("pair", _("Pair: say which pair"))
        if data.get("kind") == "move":
            for name, label in (("first", _("First table")), ("second", _("Second table"))):
                if name in self.errors:
                    continue
                if not data.get(name):
                    self.add_error(name, _("give the two tables' numbers"))
                elif not _TABLE_NAME.fullmatch(str(data[name]).strip()):
                    self.add_error(
                        name,
                        format_lazy(
                            _("{label}: give a table as the pages name it, 3 (B3 in a session "
                              "in sections)"),
                            label=label,
                        ),
                    )  # fmt: skip
        return data


def section_letter(given: object, sections: Sequence[str]) -> str:
    """A section's letter as the director gave it (``b`` is ``B``): one of ``sections``
    (the session's letters), or none; another refused, saying which there are."""
    letter = str(given or "").strip().upper()
    if letter and not sections:
        raise forms.ValidationError(_("Section: this session is not in sections, leave it out"))
    if letter and letter not in sections:
        raise forms.ValidationError(
            format_lazy(
                _("Section: {letter} is not a section of this session (its sections are"
                  " {letters})"),
                letter=letter,
                letters=", ".join(sections),
            )
        )  # fmt: skip
    return letter


class SectionShownForm(forms.Form):
    """The section a director's page shows alone (``?section=B``; none: every section):
    the control page (its grid, what is missing in it and its tables' links; calls and
    asks from every section are shown whichever it is: none may wait unseen), the guide
    cards (that section's)."""

    section = text_field(_("Section"), SECTION_LENGTH)

    def __init__(self, *args: Any, sections: Sequence[str] = (), **kwargs: Any) -> None:
        """``sections``: the session's section letters (none for one field)."""
        super().__init__(*args, **kwargs)
        self.sections = tuple(sections)

    def clean_section(self) -> str:
        return section_letter(self.cleaned_data.get("section"), self.sections)

    @classmethod
    def asked(cls, request: HttpRequest, sections: Sequence[str]) -> str:
        """The letter ``request`` asks for (``?section=B``; empty: every section); a
        letter the session has not is a 404 naming the ones it has."""
        form = cls(request.GET, sections=sections)
        if not form.is_valid():
            raise Http404(problems(form)[0])
        return str(form.cleaned_data["section"])


class TeamChangeForm(_ChangeForm):
    """A team withdrawing from a Swiss, or joining it late."""

    kind = choice_field(
        _("Change"), TEAM_CHANGES.items(), required=_("Change: choose one of the changes")
    )
    team = text_field(_("Team"), TEAM_LENGTH)
    members = text_field(_("A late team's players"), MEMBERS_LENGTH)
    section = text_field(_("Section"), SECTION_LENGTH)

    def __init__(self, *args: Any, sections: Sequence[str] = (), **kwargs: Any) -> None:
        """``sections``: the session's section letters (none for one field), the ones a
        late team may join."""
        super().__init__(*args, **kwargs)
        self.sections = tuple(sections)

    def clean_section(self) -> str:
        return section_letter(self.cleaned_data.get("section"), self.sections)

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        unnamed = not str(data.get("team") or "").strip() and "team" not in self.errors
        if data.get("kind") and unnamed:
            self.add_error("team", _("Team: say which team"))
        if data.get("kind") == "join" and NAME_AND_PLAYERS in str(data.get("team") or ""):
            self.add_error(
                "team",
                _(
                    "Team: a team's name may not hold ': ' (it comes between a team's name and"
                    " its players)"
                ),
            )
        unplaced = not data.get("section") and "section" not in self.errors
        if data.get("kind") == "join" and self.sections and unplaced:
            self.add_error("section", _("Section: say which section the late team joins"))
        return data
