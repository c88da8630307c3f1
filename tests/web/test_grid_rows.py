"""The director's grid rows, written out in Python (``control._grid_body``) since the
template took about 0.4 s for the 7,200 cells of 240 tables: what the template wrote,
byte for byte, in every language, every state of a cell, and every value escaped (a
team's name is the club's to type)."""

from __future__ import annotations

import pytest
from django.template import Context, Template
from django.utils import translation

from bridgescore.web import in_play
from bridgescore.web.director import control
from bridgescore.web.models import Session

TEMPLATE = (
    "{% load i18n notation %}"
    '{% for row in grid.rows %}<tr><th>{{ forloop.counter }}</th>{% for cell in row %}{% if cell.state == "idle" %}<td class="idle">—</td>{% else %}<td class="{{ cell.state }}{% if cell.flags %} flagged{% endif %}"{% if cell.flags %} title="{{ cell.flags|join:\'; \' }}"{% endif %}><a href="/director/s/{{ session.pk }}/cell/{{ cell.round }}/{{ cell.table }}/">{% blocktranslate with ns=cell.ns|pair ew=cell.ew|pair %}{{ ns }} v {{ ew }}{% endblocktranslate %}<br>{{ cell.entered }}/{{ cell.boards|length }}{% if cell.state == "missing" %} <span class="stage">{% translate "missing" context "a round\'s boards on the grid" %}</span>{% elif cell.state == "not_started" %} <span class="stage">{% translate "not started" context "a round\'s boards on the grid" %}</span>{% endif %}</a>{% for f in cell.flags %}<br><span class="flag">{{ f }}</span>{% endfor %}</td>{% endif %}{% endfor %}</tr>{% endfor %}'  # noqa: E501
)
"""``_grid.html``'s rows as the template wrote them before (a pair as the reader reads it,
``1IL`` in Finnish, as every page names it)."""

HOSTILE = "<b>Aces & \"Kings\"</b> 'x'"


def _cell(round_no: int, table: int, state: str, flags: tuple[str, ...] = ()) -> in_play.Cell:
    return in_play.Cell(round_no, table, f"{table}NS {HOSTILE}", f"{table}EW", (1, 2, 3),
                        2 if state != "not_started" else 0, state, flags)  # fmt: skip


GRID = in_play.Grid(
    "",
    (
        (_cell(1, 1, "done"), _cell(1, 2, "missing", ("NS +2220 is far <from> the field",)),
         _cell(1, 3, "idle")),
        (_cell(2, 1, "playing"), _cell(2, 2, "not_started"),
         _cell(2, 3, "waiting", ("entered late & flagged", 'lead "SA" not held'))),
    ),
)  # fmt: skip


@pytest.mark.parametrize("language", ["en", "fi", "es"])
def test_the_grids_rows_are_what_the_template_wrote(session: Session, language: str) -> None:
    with translation.override(language):
        before = Template(TEMPLATE).render(Context({"grid": GRID, "session": session}))
        now = control._grid_body(session, GRID)
    assert now == before
    east_west = {"en": "1EW", "fi": "1IL", "es": "1EO"}[language]  # as the director reads it
    assert f" {east_west}<br>" in now
    assert HOSTILE not in now
    assert "&lt;b&gt;Aces &amp; &quot;Kings&quot;&lt;/b&gt;" in now
    assert now.count("<tr>") == 2
    assert now.count('<td class="idle">—</td>') == 1
