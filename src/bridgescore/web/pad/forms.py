"""What the score pad sends, read once: the game's settings and its deals, a Django form
and a formset whose fields declare their type and range (a deal's tricks 0-13, its level
1-7, honours 100 or 150 for NS or EW), each deal turned into the library's
:class:`~bridgescore.sheets.Deal` (the library says whether those honours can be held in
that strain) and the whole game into the library's sheet.

A problem is a :class:`~bridgescore.web.forms.RequestError` whose message names the deal
and the field ("deal 3, tricks: at most 13"); nothing of the request is kept.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Final

from django import forms
from django.utils.text import format_lazy
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, gettext_noop

from bridgescore.core.contract import BOOK, TRICKS_PER_DEAL, Contract, TableResult, parse_contract
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
    RubberSession,
)
from bridgescore.sheets.evening import Evening, EveningGame, evening
from bridgescore.sheets.honours import FIVE_HONOURS, FOUR_HONOURS
from bridgescore.web.answers import problem
from bridgescore.web.forms import RequestError, form_problem

if TYPE_CHECKING:
    from django_stubs_ext import StrOrPromise

MOST_DEALS: Final = 120
"""The most deals one game may hold: an evening's rubbers are rarely over 30 deals, a
long Chicago evening about 40."""
NAME_LENGTH: Final = 40
"""The longest player's name on the pad."""
DEAL_PREFIX: Final = "deal"
"""The deals' field names: ``deal-TOTAL_FORMS``, ``deal-0-declarer``, ``deal-0-tricks``..."""
HIGHEST_LEVEL: Final = TRICKS_PER_DEAL - BOOK
"""The highest contract, the library's: all 13 tricks less the book of six (7)."""

KINDS = [("rubber", gettext_lazy("Rubber")), ("chicago", gettext_lazy("Chicago"))]
SEATS = [(s.letter, s.letter) for s in Seat]
LEVELS = [(str(n), str(n)) for n in range(1, HIGHEST_LEVEL + 1)]
STRAINS = [(s.letter, s.letter) for s in Strain]
DOUBLINGS = [("", gettext_lazy("undoubled")), ("X", "X"), ("XX", "XX")]
SIDES = [("", gettext_lazy("nobody")), ("NS", "NS"), ("EW", "EW")]
WE = [("NS", "NS"), ("EW", "EW")]
HONOURS = [("", gettext_lazy("none")), *((str(n), str(n)) for n in (FOUR_HONOURS, FIVE_HONOURS))]
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


def _messages(what: str, **extra: StrOrPromise) -> dict[str, StrOrPromise]:
    """A field's messages, each naming the field, translated when shown (in the request's
    language), not here: the table phone's messages (:mod:`bridgescore.web.forms`)."""
    return {
        "required": format_lazy(gettext_lazy("{what}: choose one"), what=gettext_lazy(what)),
        "invalid": format_lazy(gettext_lazy("{what}: not readable"), what=gettext_lazy(what)),
        "invalid_choice": format_lazy(
            gettext_lazy("{what}: not one of the choices"), what=gettext_lazy(what)
        ),
        **extra,
    }


class PadGameForm(forms.Form):
    """A game's settings: rubber or Chicago, the law set, the Chicago variant (who is
    vulnerable on deals 2 and 3, how it is scored, whether honours count), the first
    dealer, and whether a rubber was stopped before its end."""

    kind = forms.ChoiceField(choices=KINDS, error_messages=_messages(gettext_noop("Game")))
    laws = forms.ChoiceField(
        choices=[(n, n) for n in law_set_names()],
        required=False,
        error_messages=_messages(gettext_noop("Laws")),
    )
    vulnerability = forms.ChoiceField(
        choices=VULNERABILITY_RULES,
        required=False,
        error_messages=_messages(gettext_noop("Vulnerable on deals 2 and 3")),
    )
    scoring = forms.ChoiceField(
        choices=SCORINGS, required=False, error_messages=_messages(gettext_noop("Scoring"))
    )
    honours = forms.ChoiceField(
        choices=HONOURS_RULES, required=False, error_messages=_messages(gettext_noop("Honours"))
    )
    dealer = forms.ChoiceField(
        choices=SEATS, required=False, error_messages=_messages(gettext_noop("First dealer"))
    )
    we = forms.ChoiceField(
        choices=WE, required=False, error_messages=_messages(gettext_noop("We are"))
    )
    stopped = forms.BooleanField(required=False)

    @property
    def first_dealer(self) -> Seat:
        return Seat.parse(self.cleaned_data.get("dealer") or "N")

    @property
    def our_side(self) -> Side:
        """The side whose column is "We" on the sheet (North-South unless chosen)."""
        return Side.parse(self.cleaned_data.get("we") or "NS")

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
            "we": self.our_side.value,
            "stopped": bool(data.get("stopped")),
        }


class PadDealForm(forms.Form):
    """One deal as the pad's buttons give it: passed out, or the declarer, the contract
    (level, strain, doubling) and the tricks declarer took; and any honours claimed."""

    passed = forms.BooleanField(required=False)
    declarer = forms.ChoiceField(
        choices=SEATS, required=False, error_messages=_messages(gettext_noop("declarer"))
    )
    level = forms.ChoiceField(
        choices=LEVELS, required=False, error_messages=_messages(gettext_noop("level"))
    )
    strain = forms.ChoiceField(
        choices=STRAINS, required=False, error_messages=_messages(gettext_noop("strain"))
    )
    doubled = forms.ChoiceField(
        choices=DOUBLINGS, required=False, error_messages=_messages(gettext_noop("doubling"))
    )
    tricks = forms.IntegerField(
        required=False,
        min_value=0,
        max_value=TRICKS_PER_DEAL,
        error_messages=_messages(
            gettext_noop("tricks"),
            min_value=gettext_lazy("tricks: at least 0"),
            max_value=format_lazy(
                gettext_lazy("tricks: a deal has {most} tricks, so at most {most}"),
                most=TRICKS_PER_DEAL,
            ),
        ),
    )
    honours_side = forms.ChoiceField(
        choices=SIDES, required=False, error_messages=_messages(gettext_noop("honours"))
    )
    honours = forms.ChoiceField(
        choices=HONOURS, required=False, error_messages=_messages(gettext_noop("honours"))
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
            raise forms.ValidationError(problem(error)) from None
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

Sheet = RubberSession | ChicagoSheet


def read_game(data: Any, prefix: str | None = None) -> tuple[PadGameForm, tuple[Deal, ...]]:
    """The settings and the deals of a posted game (its fields named ``kind``,
    ``deal-0-tricks``..., or ``g1-kind``, ``g1-deal-0-tricks``... with a ``prefix``), or a
    :class:`RequestError` (422) naming the deal and the field."""
    game = PadGameForm(data, prefix=prefix)
    if not game.is_valid():
        raise RequestError(form_problem(game))
    deals = DealFormSet(data, prefix=DEAL_PREFIX if prefix is None else f"{prefix}-{DEAL_PREFIX}")
    if not deals.is_valid():
        for number, form in enumerate(deals.forms, 1):
            if form.errors:
                raise RequestError(
                    _("deal %(number)s, %(problem)s")
                    % {"number": number, "problem": form_problem(form)}
                )
        shown = " ".join(str(e) for e in deals.non_form_errors())
        raise RequestError(
            _("the deals cannot be read (%(why)s)")
            % {"why": shown or _("the count of deals is missing")}
        )
    return game, tuple(form.cleaned_data["deal"] for form in deals.forms)


def sheet_of(game: PadGameForm, deals: tuple[Deal, ...]) -> Sheet:
    """The library's sheet for these settings and deals: a rubber is the evening's
    :class:`RubberSession` (a new rubber starts when one ends), a Chicago the evening's
    :class:`ChicagoSheet` (a new Chicago every four deals). Its :class:`SheetError`
    becomes a 422 saying so, in the request's language."""
    settings = game.settings()
    try:
        if settings["kind"] == "rubber":
            rubbers = RubberSession(deals, settings["laws"])
            return rubbers.finish() if settings["stopped"] else rubbers
        honours = {"": None, "yes": True, "no": False}[settings["honours"]]
        chicago = ChicagoSheet(
            deals,
            ChicagoScoring.parse(settings["scoring"]),
            ChicagoVulnerability.parse(settings["vulnerability"]),
            honours,
            game.first_dealer,
            settings["laws"],
        )
        chicago.check_honours()  # the pad never asks for honours this Chicago does not count
    except BridgeError as error:
        raise RequestError(problem(error)) from None
    return chicago


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
        return form_problem(self)


MOST_GAMES: Final = 12
"""The most games one evening's totals are asked for (the phone sends its latest)."""


class PadEveningForm(forms.Form):
    """How many games the phone sends for the evening's totals."""

    games = forms.IntegerField(
        min_value=0,
        max_value=MOST_GAMES,
        error_messages=_messages(
            gettext_noop("games"),
            min_value=gettext_lazy("games: at least 0"),
            max_value=format_lazy(gettext_lazy("games: at most {most}"), most=MOST_GAMES),
        ),
    )


class PadPlayedForm(forms.Form):
    """One game's players by seat and the day it was played, for the evening."""

    north = forms.CharField(required=False, max_length=NAME_LENGTH)
    east = forms.CharField(required=False, max_length=NAME_LENGTH)
    south = forms.CharField(required=False, max_length=NAME_LENGTH)
    west = forms.CharField(required=False, max_length=NAME_LENGTH)
    day = forms.DateField(input_formats=["%Y-%m-%d"], error_messages=_messages(gettext_noop("day")))


def read_evening(data: Any, unnamed: Mapping[Seat, str]) -> Evening:
    """The evening of the games posted (``games``, then each game's fields prefixed ``g0-``,
    ``g1-``...), as the library adds it up; a player without a name is named by seat
    (``unnamed``). A :class:`RequestError` names the game and the field."""
    count = PadEveningForm(data)
    if not count.is_valid():
        raise RequestError(form_problem(count))
    played: list[EveningGame] = []
    for n in range(count.cleaned_data["games"]):
        try:
            game, deals = read_game(data, prefix=f"g{n}")
            sheet = sheet_of(game, deals)
            who = PadPlayedForm(data, prefix=f"g{n}")
            if not who.is_valid():
                raise RequestError(form_problem(who))
        except RequestError as error:
            raise RequestError(
                _("game %(number)s, %(problem)s") % {"number": n + 1, "problem": problem(error)}
            ) from None
        names = who.cleaned_data
        fields = zip(Seat, ("north", "east", "south", "west"), strict=True)
        players = {seat: names[field].strip() or unnamed[seat] for seat, field in fields}
        try:
            played.append(EveningGame(sheet, players, names["day"]))
        except BridgeError as error:
            raise RequestError(problem(error)) from None
    return evening(played)
