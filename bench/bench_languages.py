"""Reports in three languages cost what English costs (issue 17).

``build_report`` (score and lay out) and ``build_site`` (the same, rendered and written) on
the largest real file, Ruter's IMP-across-the-field session
(``tests/io/data/pbn/ruter_impcross.pbn``), in English, Finnish and Spanish side by side;
the ratios to English go to ``bench/RESULTS.md`` (section ``languages``). The target:
within 5 % of English.

    .venv/bin/python bench/bench_languages.py
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

from _common import best_of, write_section

from bridgescore.io.events import load_event
from bridgescore.report import build_site
from bridgescore.report.view import build_report

FILE = Path(__file__).resolve().parents[1] / "tests" / "io" / "data" / "pbn" / "ruter_impcross.pbn"
LANGUAGES = ("en", "fi", "es")


def main() -> None:
    repeat = int(sys.argv[1]) if len(sys.argv) > 1 else 7
    event = load_event(FILE)
    rows = []
    times: dict[tuple[str, str], float] = {}
    with tempfile.TemporaryDirectory() as tmp:
        for language in LANGUAGES:
            build_site(event, Path(tmp) / language, language=language)  # warm the templates
        for _ in range(2):  # interleaved rounds: the machine's load falls on every language
            for language in LANGUAGES:
                report = best_of(lambda lang=language: build_report(event, language=lang), repeat)
                site = best_of(
                    lambda lang=language: build_site(event, Path(tmp) / lang, language=lang),
                    repeat,
                )
                for what, took in (("build_report", report), ("build_site", site)):
                    key = (what, language)
                    times[key] = min(times.get(key, float("inf")), took)
    for what in ("build_report", "build_site"):
        base = times[(what, "en")]
        for language in LANGUAGES:
            took = times[(what, language)]
            rows.append(f"| `{what}` | {language} | {took * 1000:.1f} ms | {took / base:.3f}x |")
    body = "\n".join(
        [
            f"`{FILE.name}` ({len(event.results.rows)} results), best of {repeat} x 2 interleaved"
            " rounds. Translation is a dictionary look-up per word and the decimal comma a"
            " `str.replace`; the target is within 5 % of English.",
            "",
            "| Step | Language | Time | Ratio to English |",
            "|---|---|---:|---:|",
            *rows,
        ]
    )
    print(body)
    write_section("languages", "Reports in three languages (issue 17)", body)


if __name__ == "__main__":
    main()
