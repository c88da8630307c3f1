"""What the score pad sends, read once: the game's settings and its deals, a Django form
and a formset whose fields declare their type and range (a deal's tricks 0-13, its level
1-7, honours 100 or 150 for NS or EW), each deal turned into the library's
:class:`~bridgescore.sheets.Deal` (the library says whether those honours can be held in
that strain) and the whole game into the library's sheet.

A problem is a :class:`~bridgescore.web.forms.RequestError` whose message names the deal
and the field ("deal 3, tricks: at most 13"); nothing of the request is kept.
"""

from __future__ import annotations

from typing import Any, Final

from django import forms
from django.utils.functional import lazy
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, gettext_noop

from bridgescore.core.contract import Contract, TableResult, parse_contract
from bridgescore.core.seats import Seat, Side
from bridgescore.core.strains import Doubling, Strain
from bridgescore.errors import BridgeError
from bridgescore.laws.lawsets import DEFAULT_LAW_SET, law_set_names
from bridgescore.sheets import (
    ChicagoScoring,
    ChicagoSheet,
    ChicagoVulnerability,
    Deal,
    Honours,
    RubberSheet,
)
from bridgescore.web.forms import RequestError

MOST_DEALS: Final = 120
"""The most deals one game may hold: a rubber is rarely over 12, a long Chicago evening
about 40."""
NAME_LENGTH: Final = 40
"""The longest player's name on the pad."""
DEAL_PREFIX: Final = "deal"
"""The deals' field names: ``deal-TOTAL_FORMS``, ``deal-0-declarer``, ``deal-0-tricks``..."""

KINDS = [("rubber", gettext_lazy("Rubber")), ("chicago", gettext_lazy("Chicago"))]
SEATS = [(s.letter, s.letter) for s in Seat]
LEVELS = [(str(n), str(n)) for n in range(1, 8)]
STRAINS = [(s.letter, s.letter) for s in Strain]
DOUBLINGS = [("", gettext_lazy("undoubled")), ("X", "X"), ("XX", "XX")]
SIDES = [("", gettext_lazy("nobody")), ("NS", "NS"), ("EW", "EW")]
HONOURS = [("", gettext_lazy("none")), ("100", "100"), ("150", "150")]
VULNERABILITY_RULES = [
    (ChicagoVulnerability.DEALER_OPPONENTS.value, gettext_lazy("the dealer's opponents")),
    (ChicagoVulnerability.DEALER.value, gettext_lazy("the dealer's side")),
]
SCORINGS = [
    (ChicagoScoring.DUPLICATE.value, gettext_lazy("each deal on its own (duplicate)")),
    (ChicagoScoring.CLASSIC.value, gettext_lazy("partscores carry (classic)")),
]
HONOURS_RULES = [
    ("", gettext_lazy("as the scoring says")),
    ("yes", gettext_lazy("counted")),
    ("no", gettext_lazy("not counted")),
]


def _filled(template: str, what: Any) -> str:
    return _(template) % {"what": what}


_filled_lazily = lazy(_filled, str)
"""A message translated when it is shown (in the request's language), not at import."""


def _said(what: Any, **extra: Any) -> dict[str, Any]:
    """A field's messages, each naming the field."""
    return {
        "required": _filled_lazily(gettext_noop("%(what)s: choose one"), what),
        "invalid": _filled_lazily(gettext_noop("%(what)s: not readable"), what),
        "invalid_choice": _filled_lazily(gettext_noop("%(what)s: not one of the choices"), what),
        **extra,
    }


class PadGameForm(forms.Form):
    """A game's settings: rubber or Chicago, the law set, the Chicago variant (who is
    vulnerable on deals 2 and 3, how it is scored, whether honours count), the first
    dealer, and whether a rubber was stopped before its end."""

    kind = forms.ChoiceField(choices=KINDS, error_messages=_said(gettext_lazy("Game")))
    laws = forms.ChoiceField(
        choices=[(n, n) for n in law_set_names()],
        required=False,
        error_messages=_said(gettext_lazy("Laws")),
    )
    vulnerability = forms.ChoiceField(
        choices=VULNERABILITY_RULES,
        required=False,
        error_messages=_said(gettext_lazy("Vulnerable on deals 2 and 3")),
    )
    scoring = forms.ChoiceField(
        choices=SCORINGS, required=False, error_messages=_said(gettext_lazy("Scoring"))
    )
    honours = forms.ChoiceField(
        choices=HONOURS_RULES, required=False, error_messages=_said(gettext_lazy("Honours"))
    )
    dealer = forms.ChoiceField(
        choices=SEATS, required=False, error_messages=_said(gettext_lazy("First dealer"))
    )
    stopped = forms.BooleanField(required=False)

    @property
    def first_dealer(self) -> Seat:
        return Seat.parse(self.cleaned_data.get("dealer") or "N")

    def settings(self) -> dict[str, Any]:
        """The settings as the pad keeps them (a shared game stores these)."""
        data = self.cleaned_data
        return {
            "kind": data["kind"],
            "laws": data.get("laws") or DEFAULT_LAW_SET,
            "vulnerability": data.get("vulnerability")
            or ChicagoVulnerability.DEALER_OPPONENTS.value,
            "scoring": data.get("scoring") or ChicagoScoring.DUPLICATE.value,
            "honours": data.get("honours") or "",
            "dealer": self.first_dealer.letter,
            "stopped": bool(data.get("stopped")),
        }


class PadDealForm(forms.Form):
    """One deal as the pad's buttons give it: passed out, or the declarer, the contract
    (level, strain, doubling) and the tricks declarer took; and any honours claimed."""

    passed = forms.BooleanField(required=False)
    declarer = forms.ChoiceField(
        choices=SEATS, required=False, error_messages=_said(gettext_lazy("declarer"))
    )
    level = forms.ChoiceField(
        choices=LEVELS, required=False, error_messages=_said(gettext_lazy("level"))
    )
    strain = forms.ChoiceField(
        choices=STRAINS, required=False, error_messages=_said(gettext_lazy("strain"))
    )
    doubled = forms.ChoiceField(
        choices=DOUBLINGS, required=False, error_messages=_said(gettext_lazy("doubling"))
    )
    tricks = forms.IntegerField(
        required=False,
        min_value=0,
        max_value=13,
        error_messages=_said(
            gettext_lazy("tricks"),
            min_value=gettext_lazy("tricks: at least 0"),
            max_value=gettext_lazy("tricks: a deal has 13 tricks, so at most 13"),
        ),
    )
    honours_side = forms.ChoiceField(
        choices=SIDES, required=False, error_messages=_said(gettext_lazy("honours"))
    )
    honours = forms.ChoiceField(
        choices=HONOURS, required=False, error_messages=_said(gettext_lazy("honours"))
    )

    def clean(self) -> dict[str, Any]:
        """The deal as the library's :class:`Deal` (in ``cleaned_data["deal"]``): the
        library checks the honours against the strain."""
        data = super().clean() or {}
        if self.errors:
            return data
        try:
            data["deal"] = self._deal(data)
        except BridgeError as error:
            raise forms.ValidationError(str(error)) from None
        return data

    @staticmethod
    def _deal(data: dict[str, Any]) -> Deal:
        side, points = data.get("honours_side") or "", data.get("honours") or ""
        if bool(side) != bool(points):
            raise forms.ValidationError(_("honours: give the side that held them and 100 or 150"))
        honours = Honours(Side.parse(side), int(points)) if side else None
        if data.get("passed"):
            return Deal(TableResult(parse_contract("Pass"), None), honours)
        names = {"declarer": _("declarer"), "level": _("level"), "strain": _("strain"),
                 "tricks": _("tricks")}  # fmt: skip
        for name, shown in names.items():
            if data.get(name) in (None, ""):
                raise forms.ValidationError(_("%(field)s: choose one") % {"field": shown})
        contract = Contract(
            level=int(data["level"]),
            strain=Strain.parse(data["strain"]),
            doubling=Doubling.parse(data.get("doubled") or ""),
            declarer=Seat.parse(data["declarer"]),
        )
        return Deal(TableResult(contract, int(data["tricks"])), honours)


DealFormSet = forms.formset_factory(
    PadDealForm, extra=0, max_num=MOST_DEALS, validate_max=True, absolute_max=MOST_DEALS
)

Sheet = RubberSheet | ChicagoSheet


def _problem_of(form: forms.Form) -> str:
    """The first thing wrong with a form: its own words (they name the field)."""
    for field, errors in form.errors.items():
        for error in errors:
            text = str(error)
            if field == "__all__" or ":" in text:
                return text
            return f"{field}: {text}"
    return _("not readable")


def read_game(data: Any) -> tuple[PadGameForm, tuple[Deal, ...]]:
    """The settings and the deals of a posted game, or a :class:`RequestError` (422)
    naming the deal and the field."""
    game = PadGameForm(data)
    if not game.is_valid():
        raise RequestError(_problem_of(game))
    deals = DealFormSet(data, prefix=DEAL_PREFIX)
    if not deals.is_valid():
        for number, form in enumerate(deals.forms, 1):
            if form.errors:
                raise RequestError(
                    _("deal %(number)s, %(problem)s")
                    % {"number": number, "problem": _problem_of(form)}
                )
        shown = " ".join(str(e) for e in deals.non_form_errors())
        raise RequestError(
            _("the deals cannot be read (%(why)s)")
            % {"why": shown or _("the count of deals is missing")}
        )
    return game, tuple(form.cleaned_data["deal"] for form in deals.forms)


def sheet_of(game: PadGameForm, deals: tuple[Deal, ...]) -> Sheet:
    """The library's sheet for these settings and deals (its :class:`SheetError`, such as
    a deal after the rubber's end, becomes a 422 saying so)."""
    settings = game.settings()
    try:
        if settings["kind"] == "rubber":
            rubber = RubberSheet(deals, settings["laws"])
            return rubber.finish() if settings["stopped"] else rubber
        honours = {"": None, "yes": True, "no": False}[settings["honours"]]
        return ChicagoSheet(
            deals,
            ChicagoScoring.parse(settings["scoring"]),
            ChicagoVulnerability.parse(settings["vulnerability"]),
            honours,
            game.first_dealer,
            settings["laws"],
        )
    except BridgeError as error:
        raise RequestError(str(error)) from None


class PadShareForm(forms.Form):
    """Sharing a game: the players' names by seat, and (to change a game shared before)
    its public id and the key the sharing phone was given."""

    north = forms.CharField(required=False, max_length=NAME_LENGTH)
    east = forms.CharField(required=False, max_length=NAME_LENGTH)
    south = forms.CharField(required=False, max_length=NAME_LENGTH)
    west = forms.CharField(required=False, max_length=NAME_LENGTH)
    game = forms.CharField(required=False, max_length=16)
    key = forms.CharField(required=False, max_length=64)

    def players(self) -> dict[str, str]:
        """The names by seat letter."""
        data = self.cleaned_data
        return {"N": data["north"], "E": data["east"], "S": data["south"], "W": data["west"]}

    def problem(self) -> str:
        for field, errors in self.errors.items():
            for error in errors:
                return f"{field}: {error}"
        return _("not readable")
