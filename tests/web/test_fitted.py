"""A kept text held to a field's length (:func:`bridgescore.web.said.fitted`): whatever
the messages and their values, it fits, and what is kept as a message reads back as one,
each text either whole or cut short ending in "…"."""

from __future__ import annotations

from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from bridgescore.errors import Message
from bridgescore.web import said

_TEXT = st.text(alphabet=st.sampled_from('abcäö "\\\n€'), max_size=400)
_VALUE = st.one_of(_TEXT, st.integers(-10_000, 10_000))
_MESSAGE: st.SearchStrategy[Any] = st.recursive(
    st.builds(lambda text, n: said.part("board {n}: {text}", n=n, text=text), _TEXT, _VALUE),
    lambda inner: st.one_of(
        st.builds(lambda parts: said.part("{parts}", parts=parts), st.lists(inner, max_size=30)),
        st.builds(lambda one, text: said.part("{one} ({text})", one=one, text=text), inner, _TEXT),
    ),
    max_leaves=60,
)


def _texts(message: Message) -> list[str]:
    found: list[str] = []
    for value in message.values.values():
        if isinstance(value, str):
            found.append(value)
        elif isinstance(value, Message):
            found += _texts(value)
    return found


@given(_MESSAGE, st.integers(300, 4000))
def test_a_kept_message_always_fits_and_stays_a_message_where_it_can(
    message: Message, limit: int
) -> None:
    kept = said.kept(message)
    fitted = said.fitted(kept, limit)
    assert len(fitted) <= limit
    if len(kept) <= limit:
        assert fitted == kept
        return
    found = said.part_of(fitted)
    if found is None:  # its own words did not fit: its English text, cut
        assert fitted == str(message)[:limit]
        return
    whole = set(_texts(message))
    for text in _texts(found):
        assert text in whole or text.endswith(said.CUT)
