"""Clients that send their requests slowly (a byte at a time, never finishing: the
"slowloris" attack) hold none of the server's threads: the server reads a request whole
before a thread takes it (waitress's loop), so the tables' requests are answered as
before. gunicorn's threaded workers, tried for their cheaper loop (bench/RESULTS.md),
gave a thread to each such client and stopped answering anyone with 64 of them."""

from __future__ import annotations

import socket
import threading
import time
import urllib.request
from pathlib import Path

from load.load_harness import Server, database_for

SLOW = 200
"""Slow clients at once: over six times the threads of the two worker processes."""


def _answer_time(port: int) -> float:
    began = time.monotonic()
    with urllib.request.urlopen(f"http://127.0.0.1:{port}/login/", timeout=20) as answer:
        assert answer.status == 200
        answer.read()
    return time.monotonic() - began


def test_clients_sending_slowly_hold_up_no_one(tmp_path: Path) -> None:
    with database_for("sqlite", tmp_path) as db:
        server = Server(tmp_path, db, workers=2, threads=4)
        server.start()
        slow: list[socket.socket] = []
        stop = threading.Event()
        try:
            _answer_time(server.port)  # the workers' first pages, before the clock
            for _ in range(SLOW):
                client = socket.create_connection(("127.0.0.1", server.port))
                client.sendall(b"POST /login/ HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ")
                slow.append(client)

            def trickle() -> None:  # a byte each, every half second, never the end
                while not stop.wait(0.5):
                    for client in slow:
                        client.sendall(b"x")

            threading.Thread(target=trickle, daemon=True).start()
            time.sleep(2)  # every slow client has sent bytes since it connected
            waited = [_answer_time(server.port) for _ in range(5)]
            assert max(waited) < 2, waited  # 20 s (the timeout) when threads are held
        finally:
            stop.set()
            for client in slow:
                client.close()
            server.stop()
