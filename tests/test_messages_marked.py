"""Every message a library error carries is marked for the catalogue: an error is built
from ``_("template {field}", field=...)`` (``bridgescore.errors.marked``), never from a
bare string or an f-string, which ``xgettext`` cannot extract and no language can
translate. The web app and the CLI translate what they show with Django's and the
command's gettext; this walks the library's own packages."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from bridgescore.errors import ContractError, LocatedError, Message, marked

SRC = Path(__file__).resolve().parents[1] / "src" / "bridgescore"
LIBRARY = sorted(
    path
    for path in SRC.iterdir()
    if (path.is_dir() and path.name not in {"web", "cli", "locale", "__pycache__"})
    or path.suffix == ".py"
)


def _name(call: ast.Call) -> str:
    func = call.func
    return func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")


def _bare_messages(path: Path) -> list[str]:
    found = []
    for file in [path] if path.is_file() else sorted(path.rglob("*.py")):
        tree = ast.parse(file.read_text(encoding="utf-8"), filename=str(file))
        for node in ast.walk(tree):
            if not (isinstance(node, ast.Call) and _name(node).endswith("Error") and node.args):
                continue
            first = node.args[0]
            bare = isinstance(first, ast.JoinedStr) or (
                isinstance(first, ast.Constant) and isinstance(first.value, str)
            )
            if bare:
                found.append(f"{file.relative_to(SRC)}:{node.lineno}: {_name(node)}(...)")
    return found


@pytest.mark.parametrize("path", LIBRARY, ids=lambda path: path.name)
def test_library_errors_carry_marked_messages(path: Path) -> None:
    assert _bare_messages(path) == []


def test_a_message_renders_in_the_language_given_and_in_english_by_default() -> None:
    finnish = {
        "{text!r}: not a contract": "{text!r}: ei sitoumus",
        "{source}, line {line}: {reason}": "{source}, rivi {line}: {reason}",
    }
    inner = ContractError(marked("{text!r}: not a contract", text="8Z"))
    outer = LocatedError(marked("{error}", error=inner), source="ilta.pbn", line=12)
    assert str(outer) == "ilta.pbn, line 12: '8Z': not a contract"
    assert outer.translated(finnish.get) == "ilta.pbn, rivi 12: '8Z': ei sitoumus"
    assert outer.translated(None) == str(outer)


def test_a_translation_that_does_not_fit_its_values_falls_back_to_english() -> None:
    slip = {"Deal {number}": "Jako {numero}"}
    assert Message("Deal {number}", number=3).render(slip.get) == "Deal 3"


def test_a_stored_message_that_fits_no_values_is_shown_as_written() -> None:
    stored = Message.from_data({"message": "deal {0} of {number.real.x}", "values": {"number": 3}})
    assert str(stored) == "deal {0} of {number.real.x}"
    kept = Message("{a!r} and {b}", a="x", b=Message("{n}st", n=1))
    assert Message.from_data(kept.to_data()) == kept
    assert str(Message.from_data(kept.to_data())) == "'x' and 1st"
