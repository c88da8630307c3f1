"""What the CLI's tests share: a runner whose language is only what a test gives it (the
machine's locale variables taken away, so a test in English stays in English)."""

from __future__ import annotations

import pytest
from click.testing import CliRunner


@pytest.fixture
def runner(monkeypatch: pytest.MonkeyPatch) -> CliRunner:
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(name, raising=False)
    return CliRunner()
