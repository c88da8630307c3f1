""" "Print all" on the web app's results pages: every page at once, under the same rules
as the pages themselves (under way, the director's only; once published, everyone's)."""

from __future__ import annotations

import re
from collections.abc import Callable

from django.test import Client

from bridgescore.web.director.control import outstanding
from bridgescore.web.models import Session, TableLink

EVERY_PAGE = ["Board 1", "Board 2", "Board 3", "Board 4", "Board 5", "Board 6",
              "Pair 1EW: Cy, Di", "Pair 1NS: Ann, Bob", "Pair 2EW", "Pair 2NS", "Pair 3EW",
              "Pair 3NS"]  # fmt: skip


def _titles(page: str) -> list[str]:
    return re.findall(r'<h2 class="pagetitle">(.*?)</h2>', page)


def test_print_all_is_served_and_under_way_only_to_the_director(
    td: Client, played: Session, link: Callable[[int], TableLink], phone: Callable[..., Client]
) -> None:
    index = td.get(f"/r/{played.public_id}/").content.decode()
    assert '<a href="print.html">Print all</a>' in index  # the link every page has
    printed = td.get(f"/r/{played.public_id}/print.html")
    assert printed.status_code == 200
    page = printed.content.decode()
    assert _titles(page) == EVERY_PAGE
    assert '<body class="print"><p class="live">Live: results so far</p>' in page
    assert "<title>Tuesday pairs — all results</title>" in page
    assert '<td><a href="pair-2NS.html">2NS</a></td><td></td><td class="num">13</td>' in page
    assert "+450" in page  # board 1: 4S N +1 at the third table
    table = phone(link(1))  # a table that has played every board sees no more than boards
    assert table.get(f"/r/{played.public_id}/print.html").status_code == 403
    assert Client().get(f"/r/{played.public_id}/print.html").status_code == 403


def test_once_published_everyone_prints_it_with_the_penalties(td: Client, played: Session) -> None:
    td.post(
        f"/director/s/{played.pk}/penalties/",
        {"pair": "2NS", "amount": "25", "unit": "top", "reason": "mobile phone rang"},
    )
    key = outstanding(played, "published").key
    td.post(f"/director/s/{played.pk}/state/", {"state": "published", "key": key})
    page = Client().get(f"/r/{played.public_id}/print.html")
    assert page.status_code == 200
    text = page.content.decode()
    assert _titles(text) == EVERY_PAGE
    assert "Live: results so far" not in text
    assert '<th class="num">Penalty</th>' in text
    # 2NS's 13 MP less 1 (25 % of a top of 4): tied first with 1NS on 12
    assert '<td>1=</td><td><a href="pair-2NS.html">2NS</a></td>' in text
