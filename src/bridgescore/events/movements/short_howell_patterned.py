"""Cut-short Howells of 10 to 20 tables near ``T`` rounds, built from two patterns rather
than stored round by round (``docs/short-howell.md``, "Patterned" and "Latin").

* **Patterned** (fewer rounds than tables): who meets whom is the first ``R`` rounds of the
  patterned one-factorisation of ``2T`` pairs (pairs ``0`` to ``2T - 2`` round a circle, pair
  ``2T - 1`` in its centre: in round ``r`` pair ``r`` meets the centre pair and pairs
  ``r + i`` and ``r - i`` meet at table ``i + 1``). With an odd number of pairs the centre
  pair is missing and pair ``r`` sits out in round ``r``. The set of every table is stored
  (found by ``scripts/search_short_howell_pattern.py``): all sets are in play every round
  and no pair plays a set twice.
* **Latin** (``T`` rounds and ``T - 1``): two orthogonal Latin squares ``L1``, ``L2`` of order
  ``T`` give a Howell design ``H(T, 2T)`` (encyclopediaofmath.org/wiki/Howell_design):
  table ``c`` plays set ``c`` every round, and in round ``r`` pair ``L1[r][c]`` meets pair
  ``T + L2[r][c]``. Every pair plays every set once and no two pairs meet twice. The squares
  are built from the fields of 3, 4 and 5 elements and their products (orders 12, 16 and
  20). With an odd number of pairs pair ``2T`` is missing (its opponent sits out);
  ``T - 1`` rounds are the first ``T - 1`` (every set played ``T - 1`` times).

Who sits North-South is stored for every table of every round as hexadecimal bits
(``round * width + table``), as in :mod:`.short_howell_tables`.
"""

from __future__ import annotations

import string
from typing import Final

Seat = tuple[int, int, int]
"""One table of a round: North-South pair, East-West pair, set (all counted from 0)."""

DIGITS: Final = string.digits + string.ascii_lowercase
"""The sets of a patterned schedule are stored one base-36 digit a table."""

_GF4_TIMES: Final = ((0, 0, 0, 0), (0, 1, 2, 3), (0, 2, 3, 1), (0, 3, 1, 2))
"""Multiplication in the field of 4 elements (2 is a root of x² + x + 1, 3 = 2 + 1)."""

_FACTORS: Final[dict[int, tuple[int, ...]]] = {12: (3, 4), 16: (4, 4), 20: (4, 5)}
"""Orders of the Latin schedules, as products of field sizes."""


def patterned_meetings(tables: int, rounds: int, *, odd: bool) -> list[list[tuple[int, int]]]:
    """Who meets whom in the first ``rounds`` rounds of the patterned one-factorisation;
    ``odd`` leaves out the centre pair's table."""
    n = 2 * tables - 1
    grid = []
    for r in range(rounds):
        row = [] if odd else [(n, r)]
        row += [((r + i) % n, (r - i) % n) for i in range(1, tables)]
        grid.append(row)
    return grid


def patterned(tables: int, rounds: int, *, odd: bool, sets: str) -> list[list[Seat]]:
    """The patterned schedule whose sets, table by table, are the base-36 ``sets``."""
    meetings = patterned_meetings(tables, rounds, odd=odd)
    width = len(meetings[0])
    return [
        [(a, b, DIGITS.index(sets[r * width + k])) for k, (a, b) in enumerate(row)]
        for r, row in enumerate(meetings)
    ]


def _field_squares(q: int) -> tuple[list[list[int]], list[list[int]]]:
    """Two orthogonal Latin squares of order ``q`` (3, 4 or 5): ``r + c`` and ``r + 2c``."""
    if q == 4:
        first = [[r ^ c for c in range(q)] for r in range(q)]
        second = [[r ^ _GF4_TIMES[2][c] for c in range(q)] for r in range(q)]
    else:
        first = [[(r + c) % q for c in range(q)] for r in range(q)]
        second = [[(r + 2 * c) % q for c in range(q)] for r in range(q)]
    return first, second


def orthogonal_squares(order: int) -> tuple[list[list[int]], list[list[int]]]:
    """Two orthogonal Latin squares of ``order`` (12, 16 or 20): the product of the
    squares of its factors (MacNeish)."""
    low, high = _FACTORS[order]
    a1, a2 = _field_squares(low)
    b1, b2 = _field_squares(high)

    def product(x: list[list[int]], y: list[list[int]]) -> list[list[int]]:
        return [
            [x[r // high][c // high] * high + y[r % high][c % high] for c in range(order)]
            for r in range(order)
        ]

    return product(a1, b1), product(a2, b2)


def latin(tables: int, rounds: int) -> list[list[Seat]]:
    """The first ``rounds`` rounds of the Howell design ``H(T, 2T)`` of the orthogonal
    squares: table ``c`` plays set ``c``, pairs ``L1[r][c]`` and ``T + L2[r][c]`` meet."""
    first, second = orthogonal_squares(tables)
    return [[(first[r][c], tables + second[r][c], c) for c in range(tables)] for r in range(rounds)]


PATTERNED: Final[dict[tuple[int, int, bool], tuple[str, str]]] = {
    (10, 9, False): (
        (
            "0123456789270169834584593126709638457012785012693412695438074201"
            "37689557082193646314950827"
        ),
        "f91005fa2ae2ef04c980ef",
    ),
    (11, 8, False): (
        (
            "0123456789a7a984560312185a7234960290185a6374a104263789593a427065"
            "1883605947a125a704368219"
        ),
        "f89d14f5bb612ec9b8be7e",
    ),
    (11, 8, True): (
        ("01234567893507986412769235148073814620958490265731148576390229354187063081629754"),
        "9cb10f105f52823b9dd8",
    ),
    (11, 9, False): (
        (
            "0123456789a859170a342615a24096783a038462175934967581a0292847630a"
            "5171503926a485a8927410362350816a479"
        ),
        "493987767535f985847b8360b",
    ),
    (11, 9, True): (
        (
            "0123456789572683094189164257308915430762347625098170968431528546"
            "27309130162548971254973068"
        ),
        "7f2848069b894e33dfaaaa",
    ),
    (12, 9, False): (
        (
            "0123456789ab6978b34a2501481a7563b902a392054768b1b102784a59362591"
            "063a8b74139b874562a08b70564a93123a94765b8210"
        ),
        "2f42bf7fec5116f4a1e717b8ceb",
    ),
    (12, 9, True): (
        (
            "0123456789a8907613a542653a84920176a32807541984721695a032405a7361"
            "899a7310524869283746a5103169052487a"
        ),
        "13a651f7d5a699409c9bb0168",
    ),
    (12, 10, False): (
        (
            "0123456789ab67498a012b354b8a71539620809563427ab1a7832b6519403b9a"
            "710826451b603a4759822065198a347b9a4276b53810578342a1069b"
        ),
        "b14973a58a5d12040aa31b6c206c5b",
    ),
    (13, 10, False): (
        (
            "0123456789abcb70968ca14352683c5b0214a792a314bc5689707b904a8261c3"
            "5ab6159870342cc157392648a0b530c14a8b692798271406c3a5b47a086cb259"
            "31"
        ),
        "2d8d414cbf9ba063601ae83354c3b36b5",
    ),
    (13, 10, True): (
        (
            "0123456789ab86274395b0a145b6a803192771b853092a46a09127856b4310ba"
            "6439257856123478b9a029a7680345b1b860532a1947427098563ab1"
        ),
        "a8feb130d75631740d382355437a8a",
    ),
    (14, 10, False): (
        (
            "0123456789abcdad47c985312b601dba86724093c52c91b0783d5a643742a095"
            "61bdc86013c2d4b5a897cd9ab758312604928560473adcb1d471896b3250acbc"
            "a3218704569d"
        ),
        "40186df5d6c9481feca14c7ca1135e1ecae",
    ),
    (14, 11, False): (
        (
            "0123456789abcd27b0da35c961485ac0b9d7846321c8b46103275ad9a8d06541"
            "9b32c771436598ac0db232916da87b54c087325b9146c0da4b0cd29783a561dc"
            "a216905b7348b80c5a3614d297"
        ),
        "3e605f0a725dba3b8048b077daaef8d2776330",
    ),
    (14, 11, True): (
        (
            "0123456789abc9a2b6715c3480947b15a80362c85134cab096270c42b6871a39"
            "578635ca04921bca1368275b09492b75a340618c04195b768ca230923564ba18"
            "7c4cb8a13027659"
        ),
        "b6cd3403a25308f13cd1bafaa0d4c262ca8",
    ),
    (15, 11, False): (
        (
            "0123456789abcde8e2cd7a940635b14bdc8956317e2a050eb8176943a2cd64a3"
            "2095d71cb8e316728450cdae9b203e5d1a6b9478cdeabc8493721056abc8e9d7"
            "65413201de96583ac7042be3b10927654dac8"
        ),
        "9891750959026f54e3da4b8f209a6bb8bb16d538",
    ),
    (15, 11, True): (
        (
            "0123456789abcdb3c8796d25a10491bd785a240c636c08ab4d35917252147096"
            "38adcb4032768a5b19cdd0153297cba486b984cda2510673ac1db476593280dc"
            "97b8a65430120146327859abdc"
        ),
        "3e257a41048a8ad2d1cf8a155d5130f193a4907",
    ),
    (15, 12, False): (
        (
            "0123456789abcde54a82b10de6937cc6a70d9e325b841b98763c1a40d52e10eb"
            "d25789a634c62c148db507ea938357b0ec9a6d2412a1c43e5079d68be04cd163"
            "98ab725a7e14398265d0cb986acdb50724e13306285b7dac194e"
        ),
        "acbbdd461537d76579c5dccd4393ead8c4377c5fe55c6",
    ),
    (16, 12, False): (
        (
            "0123456789abcdef8ed6bf94175203ca3fcae8b4561279d0652d41a9873b0cfe"
            "214036875b9decfad3c052946871bafea390de87f56124cb57e0afc1b9236d84"
            "efbcd96a48712035bcd9fae876534120126ac8749b53d0ef4385206b719afced"
        ),
        "5ad74fd75e39c6585e64b73ca4b8663511935bf37d36262c",
    ),
    (16, 12, True): (
        (
            "0123456789abcde748ce2ba06d9513dc9b586a3e71240063e4b5d189ac7214a2"
            "d38ce70b956703cb25a69d481e7538e912d0a6c4b9e652b8ca14037d1c0a6e85"
            "b79d342ec8db765a304219964052ed71ac3b845c3189ab2e6d07"
        ),
        "8c791fbce9ec4e28075ca526fe81c8f4a47c12edcc117",
    ),
    (16, 13, False): (
        (
            "0123456789abcdef3dfe65472109a8bced304a18c57fb62990f856edcb32741a"
            "1bc624973ef8a50d4dc97fe0ba286513a1f56948dc7b30e22ec7a8519b46f0d3"
            "cb38a1709df526e46bdf2c45ae37180983d90e621457cfbafe053172648bcad9"
            "564d3f798eabc210"
        ),
        "6025574923af87f1e2f2fd8da675daffc329a359b4ecd1eda90c",
    ),
    (17, 12, False): (
        (
            "0123456789abcdefgcfed9g470ba5861235g2b0df68e7c9a3411c639aed80457"
            "b2gf82431a75b9d60fcgea16324gf78ce5db09785410923g6ebcadfe279dgfa4"
            "16503bc8bgf4ea7dc09821536decagfb9876503241gfdbcea9876541032631g2"
            "8c05b4d7ef9a"
        ),
        "7a9f508d67d9ece5b9fa982e7bbf01afa24b9c1069ce70de1a5",
    ),
    (17, 13, False): (
        (
            "0123456789abcdefg274cdgf3b6e015a983g97f128e5dbc046a7gfb80a52169c"
            "3ed4f614c589b30da2eg7b7ae34f5c61d0g82983bcd6feag1492507dae18492b"
            "7f06g3c51g9a60b85d47ce2f36g0e8d5f73cb2a941c175492b6deg38f0a437f2"
            "0c519ad6ge8bag7469c03f8b12e5d"
        ),
        "16494136cff17b71ab25dd17d9d2975911b76cf54e356ed2745444c9",
    ),
    (17, 13, True): (
        (
            "0123456789abcdef7a9cdfe03426185b4bd296afc1e5780385f2d376cbe1490a"
            "7ce3168a095bdf42e146af75b208c93da0db9873fe16245caf53624bc71ed980"
            "50ed8a39641fcb728041693a2cbe5d7fbf47625d8e30ac91e9cd62ab5718f043"
            "d2c13907feb65a48"
        ),
        "e06d9c417c4e2b4e883c9e4d45df6cf58ee9621652a11793db33",
    ),
    (18, 13, False): (
        (
            "0123456789abcdefghacb92fh065g4871d3ehd6e851b2c97fa0g346e43gf098a"
            "12h75dbc3h12ed79804b6a5cgf72048bh1a635ecfdg9517f302cd6h4g9ab8e9a"
            "c04fg123b7d8he56d346h2ge9fb75ac810ghedfbca9850126734eagbcdf89h76"
            "54321026598e0a1b743hcdgfb3842c0a157fd96hge"
        ),
        "2ef4086e89d216a2e31803f11e7bf3502bfa575e49cee14dfd0abfd173e",
    ),
    (18, 13, True): (
        (
            "0123456789abcdefge809b51gd2a637cf43dg608abcf4e925179e1d25a608c34"
            "7fbgd3cg1574f9aeb026824f7c93e68gdba150ace8d7b4150692f3g0341625fb"
            "acg8e97d97fegb50286d3a14ceb81f0d623a4g9c75493g6ac58b7fd12e0gda29"
            "8754b6cef01301b3eac592486dgf7"
        ),
        "13a3eae021b1f7d3be8e785e2c4f2bce23188cc7f4248b9af936e853",
    ),
    (18, 14, False): (
        (
            "0123456789abcdefgh259e7fhd640g81ac3b48739aeb2d51ch6fg0af9e8bh527"
            "g3c1046d6c8efg01b7942ad3h5f0da4153cg6b2eh798b6ce3ah4d58g0f1792gh"
            "096152d48cae37bf51c42b6g37fd90hea83gc4h87eba26f0915d8762aeh59c4b"
            "1gd3f09ea73d154bhc0g26f8dfb20478a1g36e59hce087d3952bfc6gha41"
        ),
        "84ac2ff47a6a9196bbec6fea564fee1a4fd8fbfbfd16ee6caa25756a00295bd",
    ),
    (18, 14, True): (
        (
            "0123456789abcdefg29g375dfb0c684a1efc564a91dge7803b27eg8bad260f14"
            "c395cb1472853a9efdg60e36d518f079bacg42f85c40deg6a2397b1f247eb9c3"
            "d810g6a5cagd1367495bf8e020b972ag5164cfde83e1gcdb6fa8379204534521"
            "80ba9efd6gc79632e40f8d7ba51cg4f80c7d15g9362abe"
        ),
        "3942e989accdd63da5cc859b57810921086babb984086115edaab951589f",
    ),
    (19, 14, False): (
        (
            "0123456789abcdefghidghfae14078i6932bc546cehga835b7d20f91ie1if3b4"
            "52896a7cg0dh2g34e7869a5bcihdf1018c924a3b7if65h0edgb261c35ia9840f"
            "gdeh7f76e0h51498dgba23ci3b94d2f0hg7ec6i1a585gd2fh8ia6ce73b9401if"
            "1hgcbda980652e734hfciea0346b785219gdge2hd91ba587i64f03c8071ef643"
            "5abh92cigd"
        ),
        ("280eab9069b542d0306d2c2696834f4269dfe3c6b20c401b4890a36867698016264"),
    ),
    (19, 14, True): (
        (
            "0123456789abcdefghhfeg089abcd7631524gd7ha6c4b9582310fechgeb9d6a3"
            "574812f0b32f1c78d05a4e6h9ga1062348bf79gec5dh54h6f097b2ac83d1eg83"
            "152bea607gdh49fc0e2564c9h3da1b78fghd71f8ge4c539b620aegfc9hda18b2"
            "547306fg3hdcba987604152e4gdebf07c83a596h21h087d31a6459b2gcfe"
        ),
        "940fb70c93bf897e1930c60b14ed602f144be7c26e74f9ee92cbe4bec07d864",
    ),
    (19, 15, False): (
        (
            "0123456789abcdefghi8563ae49d27i0gh1bfc6b8eif014a9c7d23hg5e0d4ahc"
            "6f2351bg79i87ic018fg36bed42h9a52bgde3917aif0c564h8d6gh1c724b9a58"
            "0e3ficafh5g46789123bid0ef570eah6icb4d312g894edh1f83290ai7bc56gi6"
            "591gc7afbhe02d843hbg2308d1e9a4765cifai90618b2d43efc5h7gb845i3eg7"
            "69fa2d01ch354ega729c10ihfb6d8"
        ),
        ("17873302f0a24a916238dc9f8146ea671b959c24eba29192354dcac68be6cb8bf33b3311"),
    ),
    (20, 14, False): (
        (
            "0123456789abcdefghijehjfi7gda961cb4805325he90ai8cd436172bgfj6ij5"
            "3abd4287ch91fge030d62c87b195a4jhegfi412c03576a9bide8fghj2b6543f0"
            "1gcj89i7edha1325e6fibd8g70hca94j9ibf84j76ghd3cae1205fhcjgdieba29"
            "05641387ijgeha9cf4d8b1207365gehfjidcba9876512340higdjfecba987654"
            "0312a5h210846793dbigcjef"
        ),
        ("b00bb7ff9cdb775f6a01f6133ca245823e8d852dc26992f63815e9d37d8ec4b06eec68"),
    ),
    (20, 15, False): (
        (
            "0123456789abcdefghij2gjfhi8e0da69b1c73548hj9b4di15a7ce6g20f3fei1"
            "3a86dhj7b0c94g5270jf4a519c86bdg23hied02c47f86a39b51ejgih4a2530b8"
            "1976dgcefhijj97c40adg32bhif6518eh6g21i45e0j78bcd9f3abig7f6853he9"
            "c14ja02d9j3524i16da7ebc0fhg8ijgfhdeab798c6521043gehdjifcba983670"
            "52413ic8f19hgd7ab654j0e25248036da1g9bjihcfe7"
        ),
        ("22c94d7ab355c55832471e77f335b7eb6bb50e68dbc7aff92dbf9a465b5d1f29223e58f6b82"),
    ),
    (20, 15, True): (
        (
            "0123456789abcdefghi58ida9e3240b7hg1cf6dge6i4c8h103725fb9ae38a297"
            "gif4b5c06hd1bf76g5c93h28ie1d40ad0bahf3gi84e6912c75chf01a9b5e72d3"
            "g684i37198h2ca4d5b0i6gef1b625ci3hga0ed4f789c2gifa69b4875h01e3ddf"
            "8e1067c439bh2gi5ad29f7043g5eic81a6bhea4d39851h27b06ficg50ib8gcf7"
            "e36914h2da6h83eab2594dgi7f0c1"
        ),
        ("c51ef74fd83543ec835f71f4a41e0745c0c164698731d1ad4cd51ae21d0b3397653cb73"),
    ),
}
"""(tables, rounds, odd pairs): the sets (base-36, round by round) and the turned tables."""

LATIN: Final[dict[tuple[int, int, bool], str]] = {
    (12, 12, False): "8b42b2bc4a9df6ea3621a6921886ce6a02f",
    (12, 12, True): "e7cf7240cdd04784fbcb5311665d7ce1b525",
    (12, 11, False): "c93b97c637d793de17eb7c1c18f7837df",
    (16, 16, False): "3e0d2d3f10ce8251df66ca9c3050d79ce0c217810a482133aa8f89f41f339e54",
    (16, 16, True): "ff4ecfc0d1c1a8e223fa4a948d5a845877c2e6364dcce5b6fcb6a71a658a11e4",
    (16, 15, False): "4c1fc2df199d4c15311d1c56045c6039283d1c60421930898081ed00d717",
    (20, 20, False): (
        "78f87407ba09b7da875c5a70f4d7efc9e2d7439809344f40cdb9e98621ba7d68"
        "fc2e75607fe47287464e218aaedeb390e7ec"
    ),
    (20, 20, True): (
        "f7e125c9b3cb32d0eac13d509c7f05077e54d4200744f417cd4445104e36ff41"
        "55e05cc775c5725ec84239f74a11106609a5"
    ),
    (20, 19, False): (
        "1166d345d589e343652ab2dddf4fcffff5496de1a9d5cd341ebba54a398ca1c1"
        "5add3ba5ba8ed658f35178311d3a5dd"
    ),
}
"""(tables, rounds, odd pairs): the turned tables of a Latin schedule."""
