"""Sixty tables entering at once on the real server, and a field of 120 tables in four
sections of 30 (issue 28: what the integrity work guarantees holds at congress size; the
240-table figures are the bench's): nothing lost, nothing counted twice.

Every table's phone opens its link, then all the tables post their boards of the first
rounds at the same moment; every fifth table resends each result once it is acknowledged
(the phone's queue after a lost answer), and every fifth table from the second sends each
result twice at once on two connections (a resend racing the first send).
"""

from __future__ import annotations

import threading
import time
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from load.load_harness import (
    FOUR_SECTIONS,
    SIXTY_TABLES,
    Key,
    Phone,
    Server,
    entry_for,
    prepared_field,
    stored,
)

FIELDS = {
    "60 tables": (SIXTY_TABLES, 2),
    "120 tables in 4 sections": (FOUR_SECTIONS, 1),
}
"""Each field and the rounds it enters: 240 results either way (2 boards a round)."""


def _ns(answer: dict[str, Any]) -> int:
    """The NS score an acknowledgement shows (``4SN=: NS +420``)."""
    return int(str(answer["score"]).rsplit("NS ", 1)[1])


@pytest.mark.parametrize("field", sorted(FIELDS))
def test_every_table_at_once_loses_and_doubles_nothing(
    field: str, database: str, tmp_path: Path
) -> None:
    prepared, plan = prepared_field(tmp_path, database, *FIELDS[field])
    assert len(plan) == int(field.split()[0])
    server = Server(tmp_path, database)
    server.start()
    phones = {table: Phone(server.port, prepared.tokens[table]) for table in plan}
    twins = {table: phones[table].twin() for table in plan if table % 5 == 1}
    try:
        for phone in phones.values():
            phone.open()
        answers: list[tuple[Key, int, dict[str, Any]]] = []
        failures: list[str] = []
        lock = threading.Lock()
        start = threading.Barrier(len(plan))

        def send(phone: Phone, key: Key) -> None:
            try:
                status, answer = phone.send(entry_for(prepared.public_id, key))
            except Exception as error:  # a lost answer is a failure here: the server is up
                with lock:
                    failures.append(f"{key}: {error!r}")
                return
            with lock:
                answers.append((key, status, answer))

        def table_plays(table: int) -> None:
            phone = phones[table]
            twin = twins.get(table)
            start.wait()
            for key in plan[table]:
                if twin is not None:
                    racing = threading.Thread(target=send, args=(twin, key))
                    racing.start()
                    send(phone, key)
                    racing.join()
                else:
                    send(phone, key)
                if table % 5 == 0:
                    send(phone, key)  # the phone did not see the answer: it sends again

        threads = [threading.Thread(target=table_plays, args=(t,)) for t in plan]
        began = time.monotonic()
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(timeout=120)
        elapsed = time.monotonic() - began
        assert not any(thread.is_alive() for thread in threads), "tables still sending"
    finally:
        for phone in (*phones.values(), *twins.values()):
            phone.close()
        server.stop()

    keys = [key for table in plan for key in plan[table]]
    sent = len(keys) + sum(len(plan[t]) for t in plan if t % 5 in (0, 1))
    assert failures == []
    refused = [(key, status, answer) for key, status, answer in answers if status != 200]
    assert refused == [], f"refused or failed answers ({elapsed:.1f} s): {refused[:5]}"
    assert len(answers) == sent == 336
    statuses = Counter((key, answer["status"]) for key, _, answer in answers)
    for key in keys:  # each result kept once; every other copy told it was already received
        copies = 2 if key[1] % 5 in (0, 1) else 1
        assert statuses[(key, "accepted")] == 1, key
        assert statuses[(key, "already received")] == copies - 1, key

    log = stored(database, prepared.session_id)
    assert len(log) == len(keys) == 240
    assert sorted(e.key for e in log) == sorted(keys)  # one entry per (round, table, board)
    expected_ids = {entry_for(prepared.public_id, key)["entry_id"] for key in keys}
    assert {str(e.entry_id) for e in log} == expected_ids
    acknowledged = {key: _ns(answer) for key, _, answer in answers}
    assert {e.key: e.ns_score for e in log} == acknowledged
    # a round's end queues requests by design: the server's log says nothing of it (it
    # said "Task queue depth is N" for nearly every result)
    said = server.output().splitlines()
    assert not [line for line in said if "queue" in line.lower()], said[:5]
    assert len(said) < 10, said[:10]
