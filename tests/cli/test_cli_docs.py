"""docs/cli.md documents every command of ``bridgescore`` and every option and argument of each.

The commands are found by walking the click group (``bridgescore.cli.main.cli``) and its
subgroups, so a command or option added later fails this test until it is documented. A
command's section is each ``##`` heading that names it (``bridgescore pairs FILE``), down
to the next ``##`` heading; the group's own options belong to the text above the first
heading. An option is documented when one of its long spellings appears in the section
(``--vul`` and ``--nonvul`` both; a short ``-i`` only counts for an option with no long
form); an argument, when its name as ``--help`` shows it (``FILE``) does. On failure the
message lists exactly what is missing, command by command.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import click

from bridgescore.cli.main import cli

DOCS = Path(__file__).resolve().parents[2] / "docs" / "cli.md"
PROGRAM = "bridgescore"

_HEADING = re.compile(r"^## .*$", re.MULTILINE)
_NAMED = re.compile(rf"\b{PROGRAM}((?: [a-z][a-z0-9_-]*)+)")


def walk(group: click.Command, path: tuple[str, ...] = ()) -> Iterator[tuple[str, click.Command]]:
    """Every command under ``group`` (the group itself first) by its words after the program."""
    yield " ".join(path), group
    if isinstance(group, click.Group):
        for name in sorted(group.commands):
            command = group.commands[name]
            if not command.hidden:
                yield from walk(command, (*path, name))


def spellings(param: click.Parameter) -> list[str]:
    """What must appear for ``param``: its long option names, or the argument's name."""
    if isinstance(param, click.Argument):
        return [param.human_readable_name]
    names = [*param.opts, *param.secondary_opts]
    long = [name for name in names if name.startswith("--")]
    return long or names


def sections(text: str) -> dict[str, str]:
    """Each command path named in a ``##`` heading, with the text of its sections joined;
    ``""`` (the group) holds the text above the first heading."""
    found: dict[str, str] = {}
    headings = list(_HEADING.finditer(text))
    found[""] = text[: headings[0].start()] if headings else text
    for index, heading in enumerate(headings):
        end = headings[index + 1].start() if index + 1 < len(headings) else len(text)
        body = text[heading.start() : end]
        for named in _NAMED.finditer(heading.group()):
            words = named.group(1).split()
            # "bridgescore batch run SOURCE": the command is the words before the upper case
            for length in range(1, len(words) + 1):
                key = " ".join(words[:length])
                found[key] = found.get(key, "") + body
    return found


def mentions(section: str, spelling: str) -> bool:
    """Whether ``spelling`` stands in ``section`` as a word of its own (``--vp`` is not in
    ``--vpx``; ``FILE`` is not in ``FILES``)."""
    return re.search(rf"(?<![\w-]){re.escape(spelling)}(?![\w-])", section) is not None


def missing(group: click.Command, text: str) -> dict[str, list[str]]:
    """For each command, what the docs lack: its section, options and arguments."""
    documented = sections(text)
    out: dict[str, list[str]] = {}
    for path, command in walk(group):
        section = documented.get(path)
        lacks: list[str] = []
        if section is None:
            lacks.append(f"a section (a '## ' heading naming `{PROGRAM} {path}`)")
            section = ""
        for param in command.params:
            if getattr(param, "hidden", False):
                continue
            names = spellings(param)
            lacks.extend(name for name in names if not mentions(section, name))
        if lacks:
            out[path or PROGRAM] = lacks
    return out


def report(gaps: dict[str, list[str]]) -> str:
    lines = [f"{DOCS.name} does not document everything `{PROGRAM}` has:"]
    lines.extend(f"  {command}: {', '.join(lacks)}" for command, lacks in gaps.items())
    return "\n".join(lines)


def test_every_command_option_and_argument_is_in_the_cli_docs() -> None:
    gaps = missing(cli, DOCS.read_text(encoding="utf-8"))
    assert not gaps, report(gaps)


def test_the_walk_finds_every_command_including_batch() -> None:
    paths = [path for path, _ in walk(cli)]
    assert paths[0] == ""
    assert {"score", "table", "pairs", "teams", "batch", "rubber", "chicago"} <= set(paths)
    subcommands = {
        f"{name} {sub}"
        for name, group in cli.commands.items()
        if isinstance(group, click.Group)
        for sub in group.commands
    }
    assert "movement suggest" in subcommands
    assert set(paths[1:]) == set(cli.commands) | subcommands


# --- the checker itself, on a small group and a small page -----------------------------


@click.group()
@click.option("--verbose", is_flag=True)
def tool() -> None:
    """A tool."""


@tool.command("run")
@click.argument("source")
@click.option("--fast/--slow", default=True)
@click.option("-q", "quiet", is_flag=True)
@click.option("-n", "--count", type=int)
@click.option("--secret", hidden=True)
def run(source: str, fast: bool, quiet: bool, count: int | None, secret: str | None) -> None:
    """Run."""


@tool.group("db")
def db() -> None:
    """Database commands."""


@db.command("dump")
@click.option("--gzip", is_flag=True)
def dump(gzip: bool) -> None:
    """Dump."""


PAGE = """# tool

Say `--verbose` for more.

## `bridgescore run SOURCE [--fast] [-n N]`

`-q` is quiet; `--count` the count; `--fast` fast.

## `bridgescore db dump`

Dumps, `--gzipped` is not the option.
"""


def test_the_checker_lists_exactly_what_is_missing_per_command() -> None:
    # --secret is hidden; -q has no long form and is there; the group "db" is named by
    # its subcommand's heading
    assert missing(tool, PAGE) == {"run": ["--slow"], "db dump": ["--gzip"]}
    assert report(missing(tool, PAGE)).splitlines() == [
        "cli.md does not document everything `bridgescore` has:",
        "  db dump: --gzip",  # commands in name order
        "  run: --slow",
    ]
    assert missing(tool, PAGE.replace("Say `--verbose`", "Say"))["bridgescore"] == ["--verbose"]


def test_the_checker_is_content_when_all_is_there() -> None:
    page = PAGE.replace("fast.", "fast, `--slow` slow.").replace("--gzipped", "--gzip")
    assert missing(tool, page) == {}


def test_a_command_without_a_section_lists_all_it_has() -> None:
    assert missing(tool, "# tool\n\n`--verbose`\n")["run"] == [
        "a section (a '## ' heading naming `bridgescore run`)",
        "SOURCE",
        "--fast",
        "--slow",
        "-q",
        "--count",
    ]
