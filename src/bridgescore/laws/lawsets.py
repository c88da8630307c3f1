"""Every scoring law set the two texts describe, as frozen data.

A :class:`LawSet` holds the numbers of one rule book; :func:`bridgescore.score`
is a pure function of a deal's facts and one of these. Each set says which text
lines it comes from and what it had to decide where the two texts are silent.

The specification: the Finnish text "Bridgen pistelasku" and the Spanish
"Puntuación de puente" (the project's specification). Where a line of the texts contradicts the
laws or its own arithmetic, the laws win; such lines are listed in
``docs/laws.md`` ("Specification lines not followed").
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Final

from bridgescore.core.registry import Registry
from bridgescore.core.strains import Doubling, Strain
from bridgescore.errors import LawsError
from bridgescore.errors import marked as _

UNDERTRICKS_MAX: Final = 13

Ladder = tuple[int, ...]
"""Per-trick values for the 1st, 2nd, ... 13th undertrick (or odd trick)."""


def ladder(*first: int, then: int | None = None, step: int = 0) -> Ladder:
    """A 13-long per-trick ladder: the listed values, then ``then`` (or the
    last value) repeating, growing by ``step`` each further trick."""
    values = list(first)
    nxt = values[-1] + step if then is None else then
    while len(values) < UNDERTRICKS_MAX:
        values.append(nxt)
        nxt += step
    return tuple(values)


def _doubled(values: Ladder, factor: int = 2) -> Ladder:
    return tuple(v * factor for v in values)


@dataclass(frozen=True, slots=True)
class LawSet:
    """The scoring numbers of one rule book.

    ``trick_values[strain][k]`` is the undoubled value of the (k+1)-th odd trick
    (1st to 7th): contract points for tricks bid, and the value of undoubled
    overtricks, which the laws price as the tricks they are. ``undertricks``
    maps (vulnerable, doubling) to the per-trick penalty of the 1st to 13th
    undertrick.
    """

    name: str
    aliases: tuple[str, ...]
    title: str
    trick_values: Mapping[Strain, tuple[int, ...]]
    overtrick_doubled: Mapping[tuple[bool, Doubling], int]
    undertricks: Mapping[tuple[bool, Doubling], Ladder]
    insult: Mapping[Doubling, int]
    small_slam: tuple[int, int]
    grand_slam: tuple[int, int]
    game_bonus: tuple[int, int]
    partscore_bonus: int
    game_threshold: int
    rubber_bonus_two_nil: int
    rubber_bonus_two_one: int
    unfinished_game: int
    unfinished_partscore: int
    honours_four: int
    honours_five: int
    sources: tuple[str, ...] = field(default=())
    notes: tuple[str, ...] = field(default=())

    def trick_value(self, strain: Strain, trick: int) -> int:
        """Undoubled value of odd trick number ``trick`` (1-7) in ``strain``."""
        return self.trick_values[strain][trick - 1]

    def contract_points(self, level: int, strain: Strain, doubling: Doubling) -> int:
        """Points for the odd tricks bid and made (below the line in rubber)."""
        base = sum(self.trick_values[strain][:level])
        return base * doubling.multiplier

    def penalty(self, undertricks: int, *, vulnerable: bool, doubling: Doubling) -> int:
        """The defenders' points for ``undertricks`` (1-13) tricks down."""
        return sum(self.undertricks[(vulnerable, doubling)][:undertricks])

    def __str__(self) -> str:
        return self.name

    def __repr__(self) -> str:
        return f"get_laws({self.name!r})"


def _pair(nonvul: int, vul: int) -> tuple[int, int]:
    return (nonvul, vul)


# --- shared numbers ------------------------------------------------------------------------------

_SUIT_TRICKS = {
    Strain.CLUBS: (20,) * 7,
    Strain.DIAMONDS: (20,) * 7,
    Strain.HEARTS: (30,) * 7,
    Strain.SPADES: (30,) * 7,
}
_NT_SINCE_1935 = (40, 30, 30, 30, 30, 30, 30)
_NT_1932 = (30, 40, 30, 40, 30, 40, 30)

_OVERTRICK_DOUBLED = MappingProxyType(
    {
        (False, Doubling.DOUBLED): 100,
        (True, Doubling.DOUBLED): 200,
        (False, Doubling.REDOUBLED): 200,
        (True, Doubling.REDOUBLED): 400,
    }
)


def _undertricks(
    nonvul_x: Ladder, vul_x: Ladder, nonvul: Ladder, vul: Ladder
) -> Mapping[tuple[bool, Doubling], Ladder]:
    """All six ladders; redoubled is twice doubled ("los trucos redoblados
    siempre han obtenido el doble de puntos que los mismos trucos dobles")."""
    return MappingProxyType(
        {
            (False, Doubling.UNDOUBLED): nonvul,
            (True, Doubling.UNDOUBLED): vul,
            (False, Doubling.DOUBLED): nonvul_x,
            (True, Doubling.DOUBLED): vul_x,
            (False, Doubling.REDOUBLED): _doubled(nonvul_x),
            (True, Doubling.REDOUBLED): _doubled(vul_x),
        }
    )


def _law_set(
    name: str,
    aliases: tuple[str, ...],
    title: str,
    *,
    nt: tuple[int, ...],
    undertricks: Mapping[tuple[bool, Doubling], Ladder],
    redoubled_insult: int,
    sources: tuple[str, ...],
    notes: tuple[str, ...],
) -> LawSet:
    return LawSet(
        name=name,
        aliases=aliases,
        title=title,
        trick_values=MappingProxyType({**_SUIT_TRICKS, Strain.NOTRUMP: nt}),
        overtrick_doubled=_OVERTRICK_DOUBLED,
        undertricks=undertricks,
        insult=MappingProxyType(
            {Doubling.UNDOUBLED: 0, Doubling.DOUBLED: 50, Doubling.REDOUBLED: redoubled_insult}
        ),
        small_slam=_pair(500, 750),
        grand_slam=_pair(1000, 1500),
        game_bonus=_pair(300, 500),
        partscore_bonus=50,
        game_threshold=100,
        rubber_bonus_two_nil=700,
        rubber_bonus_two_one=500,
        unfinished_game=300,
        unfinished_partscore=100,
        honours_four=100,
        honours_five=150,
        sources=sources,
        notes=notes,
    )


_COMMON_SOURCES = (
    "001 'Puntos de contrato' table: 20 minor, 30 major, notrump first trick 40 then 30;"
    " x2 doubled, x4 redoubled (also 000 'Kotiinmenneestä sitoumuksesta saatavat pisteet')",
    "001 'Puntos Overtrick' table: undoubled at trick value; doubled 100/200, redoubled"
    " 200/400 (not vulnerable/vulnerable); 000 'Ylitikeistä saatava bonus'",
    "001 'Bono de golpe' / 000 'Slammibonus': small slam 500/750, grand slam 1000/1500",
    "001 'Bono de juego o parte del juego' / 000 'Täyspelibonus': game (100+ contract points)"
    " 300/500, partscore 50",
    "001 'Bono de goma': 700 two games to none, 500 two to one; unfinished: 300 a game, 100 a"
    " partscore",
    "001 'Bonificación u honores de honor': 100 four trump honours, 150 five or four aces at NT",
)
_SINCE_1987_UNDERTRICKS = _undertricks(
    nonvul_x=ladder(100, 200, 200, then=300),
    vul_x=ladder(200, then=300),
    nonvul=ladder(50),
    vul=ladder(100),
)
_SEEDS_SILENT_ON_BONUSES = (
    "The two texts give slam, game, partscore, doubled-overtrick, rubber and honour bonuses only as"
    " they stand today; this law set keeps those values. (Outside the two texts: Time magazine,"
    " 25 March 1935, reports that the 1932 grand slam bonus was 1500/2250, cut to 1000/1500 in"
    " 1935, and that overtrick bonuses did not change.)"
)

LAW_2017 = _law_set(
    "2017",
    ("current", "wbf2017", "2007"),
    "Laws of Duplicate Bridge (1987 scale, redoubled insult 100), rubber laws since 1993",
    nt=_NT_SINCE_1935,
    undertricks=_SINCE_1987_UNDERTRICKS,
    redoubled_insult=100,
    sources=(
        *_COMMON_SOURCES,
        "001 'Puntos de penalización' table and 'Después de 1987' table: not vulnerable doubled"
        " 100, 200, 200, 300, 300...; vulnerable doubled 200, 300, 300...; 000 'pietit'",
        "001 'Bonificación duplicada o redoblada' / 000 'Insulttibonus': 50 doubled, 100 redoubled",
    ),
    notes=("The current laws: what every modern scoring program uses.",),
)

LAW_1987 = _law_set(
    "1987",
    (),
    "Laws of Duplicate Contract Bridge 1987: the new undertrick scale, redoubled insult still 50",
    nt=_NT_SINCE_1935,
    undertricks=_SINCE_1987_UNDERTRICKS,
    redoubled_insult=50,
    sources=(
        *_COMMON_SOURCES,
        "001 'Después de 1987' table (ley 77 of the 1987 laws): not vulnerable doubled 100, 200,"
        " 200, 300, 300...; vulnerable doubled 200, 300, 300...",
        "001: 'la bonificación por insulto ... por hacer un contrato redoblado solía ser de solo"
        " 50. Esto se cambió a 100'",
    ),
    notes=(
        "The text says the redoubled insult 'used to be' 50 without a year; this set applies the"
        " 1987 undertrick scale with the old 50, the state of the duplicate laws from 1987 until"
        " the 2007 revision raised it to 100 (see the 2017 set).",
    ),
)

LAW_1935 = _law_set(
    "1935",
    ("1935-1987", "1975", "1981"),
    "International Laws of Contract Bridge 1935 to 1987",
    nt=_NT_SINCE_1935,
    undertricks=_undertricks(
        nonvul_x=ladder(100, then=200),
        vul_x=ladder(200, then=300),
        nonvul=ladder(50),
        vul=ladder(100),
    ),
    redoubled_insult=50,
    sources=(
        *_COMMON_SOURCES,
        "001 'Hasta 1987' table, column '1935-1987': not vulnerable 50 each, doubled 100, 200,"
        " 200...; vulnerable 100 each, doubled 200, 300, 300...",
        "001 'En 1935 esto se convirtió en 40, 30, 30, 30...' (notrump tricks)",
        "001: the redoubled insult 'solía ser de solo 50'",
    ),
    notes=(
        "Meckstroth's 7SX-9 not vulnerable (001 'Después de 1987') costs 1700 here and 2300"
        " under 1987/2017, as the text says.",
    ),
)

LAW_1932 = _law_set(
    "1932",
    ("before-1935", "pre-1935"),
    "Laws of Contract Bridge 1932 (before 1935)",
    nt=_NT_1932,
    undertricks=_undertricks(
        nonvul_x=ladder(100, step=50),
        vul_x=ladder(200, step=100),
        nonvul=ladder(50),
        vul=ladder(100, step=50),
    ),
    redoubled_insult=50,
    sources=(
        *_COMMON_SOURCES,
        "001 'Puntuación de trucos en contratos de Trump': in the 1932 laws notrump tricks bid and"
        " made, and undoubled notrump tricks made but not bid, score 30, 40, 30, 40, 30, 40, 30"
        " (a machine translation: 'Trump' there means notrump)",
        "001 'Hasta 1987' table, column 'Antes de 1935': not vulnerable 50 each, doubled 100, 150,"
        " 200, 250...; vulnerable 100, 150, 200, 250...; vulnerable doubled 200, 300, 400, 500...",
    ),
    notes=(
        "The 'Antes de 1935' values are per-trick values, like the column beside them: 13 down"
        " vulnerable redoubled costs 2 x (200 + 300 + ... + 1400) = 20,800, the 1932 maximum"
        " that Time magazine (25 March 1935) quotes.",
        "Notrump overtricks take the value of the trick they are: 1NT+1 is 30 + 40.",
        _SEEDS_SILENT_ON_BONUSES,
    ),
)

LAW_SET_REGISTRY: Final = Registry(
    _("law set"), LawsError, (LAW_2017, LAW_1987, LAW_1935, LAW_1932), default="2017"
)
"""Every law set by name and alias, newest first."""

LAW_SETS: Final[Mapping[str, LawSet]] = LAW_SET_REGISTRY.mapping()
DEFAULT_LAW_SET: Final = LAW_SET_REGISTRY.default
"""The name of the law set used when none is given: the current laws (2017)."""
DEFAULT_LAWS: Final = LAW_SET_REGISTRY.get(DEFAULT_LAW_SET)


def law_set_names() -> tuple[str, ...]:
    """The registered names, newest first."""
    return LAW_SET_REGISTRY.names()


def get_laws(name: str | LawSet = DEFAULT_LAW_SET) -> LawSet:
    """Look up a law set by name or alias (``'2017'``, ``'current'``, ``'1935'``...)."""
    if isinstance(name, LawSet):
        return name
    return LAW_SET_REGISTRY.get(name)
