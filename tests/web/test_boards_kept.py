"""Each board's results kept by a server process between its writes (issue 28): a new
result's flags are what a read of the whole board gives, whatever another process wrote
meanwhile and in whatever order its ids committed; a write rolled back keeps nothing.
These tests commit (a board is kept only once the write that read it commits)."""

from __future__ import annotations

import uuid

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bridgescore.core.seats import Seat
from bridgescore.events.play import Other
from bridgescore.web import boards_kept, entries, in_play, queries
from bridgescore.web.models import Entry, Session
from bridgescore.web.refusals import EntryError

pytestmark = pytest.mark.django_db(transaction=True)

ROUND_TWO_AT_TABLE_3 = "both sides declared S making 22 tricks between them (table 3 in round 2)"


def _entered(
    session: Session, at: tuple[int, int], contract: str, declarer: str, result: str
) -> Entry:
    """The director's result on board 1 at ``at`` (round, table): table 1 plays it in
    round 1, table 3 in round 2, table 2 in round 3."""
    inp = in_play.EntryInput(*at, 1, contract, declarer, result)
    entry, created = entries.record_entry(session, inp, by_table=False, reason="checked")
    assert created
    return entry


def _elsewhere(session: Session, **fields: object) -> Entry:
    """A result written by another server process (this one's writer does not see it):
    East's 4S+1 at table 3 in round 2, NS -450."""
    values: dict[str, object] = dict(
        round=2, table=3, board=1, kind=Entry.Kind.RESULT, contract="4S", declarer="E",
        result="+1", ns_score=-450, by_table=True,
    )  # fmt: skip
    values.update(fields)
    return Entry.objects.create(session=session, **values)


def test_a_board_is_kept_once_its_write_commits(session: Session) -> None:
    first = _entered(session, (1, 1), "4S", "N", "=")
    assert boards_kept.kept(session.public_id, 1) == boards_kept.Board()  # read: none yet
    _entered(session, (3, 2), "3NT", "S", "=")
    kept = boards_kept.kept(session.public_id, 1)
    assert (kept.last, kept.count) == (first.pk, 1)
    assert kept.standing == {(1, 1, 1): Other(1, 1, Seat.NORTH, "S", 10, 420)}


def test_another_process_s_results_are_read_with_the_board_kept(session: Session) -> None:
    _entered(session, (1, 1), "4S", "N", "=")
    _entered(session, (3, 2), "3NT", "S", "=")  # board 1 now kept
    _elsewhere(session)
    late = _entered(session, (1, 1), "4S", "N", "+1")  # table 1's result written over
    assert late.flags_shown == ROUND_TWO_AT_TABLE_3
    kept = boards_kept.kept(session.public_id, 1)
    assert kept.count == 3
    assert len(kept.standing) == 3


def test_a_row_committed_after_a_later_id_makes_the_board_read_whole(session: Session) -> None:
    """Two PostgreSQL writers: the one with the lower id can commit second. The board kept
    has read past its id; the count as committed tells it, and the board is read whole."""
    _entered(session, (1, 1), "4S", "N", "=")
    gap = _elsewhere(session)
    Entry.objects.filter(pk=gap.pk).delete()  # not committed yet, as far as readers know
    _entered(session, (3, 2), "3NT", "S", "=")
    _entered(session, (1, 1), "4S", "N", "+1")  # board 1 kept: read past the gap
    kept = boards_kept.kept(session.public_id, 1)
    assert kept.last > gap.pk
    assert kept.count == 2
    _elsewhere(session, id=gap.pk)  # now it commits, under its lower id
    again = _entered(session, (1, 1), "4S", "N", "=")
    assert again.flags_shown == "both sides declared S making 21 tricks between them" + (
        " (table 3 in round 2)"
    )
    assert boards_kept.kept(session.public_id, 1).count == 4


def test_a_write_rolled_back_keeps_nothing(session: Session) -> None:
    _entered(session, (1, 1), "4S", "N", "=")
    _entered(session, (3, 2), "3NT", "S", "=")
    kept = boards_kept.kept(session.public_id, 1)
    same = uuid.uuid4()  # the second reuses the first's id for another board
    fine = in_play.EntryInput(2, 3, 1, "2H", "W", "=", entry_id=same)
    wrong = in_play.EntryInput(2, 3, 2, "2H", "W", "=", entry_id=same)
    with pytest.raises(EntryError):  # all or none, refused in the write, after its read
        entries.record_entries(session, [(fine, "import"), (wrong, "import")], user=None)
    assert boards_kept.kept(session.public_id, 1) == kept
    assert Entry.objects.filter(session=session).count() == 2


def _row(number: int, key: tuple[int, int], kind: str, score: int) -> queries.BoardEntry:
    table, round_no = key
    return queries.BoardEntry(number, 1, round_no, table, 1, kind, "4S", "N", "=", score)


LOGS = st.lists(
    st.tuples(
        st.sampled_from([(1, 1), (2, 1), (1, 2), (3, 2)]),
        st.sampled_from([Entry.Kind.RESULT, Entry.Kind.ERASED, Entry.Kind.ADJUSTED]),
        st.integers(-2000, 2000),
    ),
    max_size=12,
)


@pytest.mark.django_db(transaction=False)
@given(LOGS, st.integers(0, 12))
def test_a_board_kept_then_added_to_stands_as_the_whole_log_read_at_once(
    log: list[tuple[tuple[int, int], str, int]], cut: int
) -> None:
    """Results, erasures and results written over, split anywhere: the board kept up to
    the cut with the rest added stands as the log read whole (``in_play.standing``, in
    the same order), with the ids and the count of the whole log."""
    rows = [_row(number, key, kind, score) for number, (key, kind, score) in enumerate(log, 1)]
    board = boards_kept.Board().after(rows[:cut]).after(rows[cut:])
    whole = in_play.standing(rows)
    assert list(board.standing.items()) == [(k, in_play.other_of(e)) for k, e in whole.items()]
    assert (board.last, board.count) == (len(rows), len(rows))


@pytest.mark.django_db(transaction=False)
def test_the_boards_kept_are_bounded(monkeypatch: pytest.MonkeyPatch) -> None:
    """Past ``MOST_KEPT`` results, all boards are forgotten but the one kept now (read
    whole again when next asked for); a board kept again counts once."""
    monkeypatch.setattr(boards_kept, "MOST_KEPT", 3)
    monkeypatch.setattr(boards_kept, "_KEPT", {})
    monkeypatch.setattr(boards_kept, "_HELD", [0])
    two = boards_kept.Board().after([_row(1, (1, 1), "result", 100), _row(2, (2, 1), "result", 50)])
    one = boards_kept.Board().after([_row(3, (1, 1), "result", 10)])
    boards_kept.keep("s", 1, two)
    boards_kept.keep("s", 2, one)
    boards_kept.keep("s", 2, one.after([_row(4, (1, 1), "erased", 0)]))  # 2 + 0 held
    assert boards_kept.kept("s", 1) == two
    boards_kept.keep("s", 3, one)
    boards_kept.keep("s", 4, one)  # 4 results: more than 3
    assert boards_kept.kept("s", 1) == boards_kept.Board()
    assert boards_kept.kept("s", 3) == boards_kept.Board()
    assert boards_kept.kept("s", 4) == one
    boards_kept.keep("s", 1, boards_kept.Board(two.standing, last=1, count=1))  # older
    assert boards_kept.kept("s", 1).last == 1
    boards_kept.keep("s", 4, boards_kept.Board(last=1))  # older than the one kept: not kept
    assert boards_kept.kept("s", 4) == one
