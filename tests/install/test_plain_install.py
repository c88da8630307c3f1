"""``pip install bridgescore`` with no extras gives a working ``bridgescore`` command; what
needs an extra (PDF, batch) says in one line which extra to install.

The test builds the package from this checkout into a fresh virtual environment, as a
user's ``pip install`` would (its dependencies come from PyPI), and runs the command there.
"""

from __future__ import annotations

import json
import os
import re
import socket
import subprocess
import sys
import time
import urllib.request
import venv
from importlib.metadata import requires
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
MITCHELL = ROOT / "examples" / "pairs-mitchell.csv"


def test_the_plain_requirements_are_the_cli_html_movements_and_web_ones() -> None:
    needed = requires("bridgescore") or []
    plain = sorted(re.split(r"[^\w.-]", r, maxsplit=1)[0] for r in needed if "extra ==" not in r)
    assert plain == [
        "click",
        "dj-database-url",
        "django",
        "jinja2",
        "networkx",
        "pyyaml",  # movement files in BridgeScorer's YAML
        "rich",
        "segno",
        "waitress",
        "whitenoise",
    ]
    assert any("psycopg" in r and 'extra == "postgres"' in r for r in needed)
    assert any("fpdf2" in r and 'extra == "pdf"' in r for r in needed)
    assert any("polars" in r and 'extra == "batch"' in r for r in needed)


@pytest.fixture(scope="module")
def plain_env(tmp_path_factory: pytest.TempPathFactory) -> Path:
    where = tmp_path_factory.mktemp("plain-venv")
    venv.create(where, with_pip=True)
    done = subprocess.run(
        [str(where / "bin" / "python"), "-m", "pip", "install", "--quiet", str(ROOT)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    return where


def run(env: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [str(env / "bin" / "bridgescore"), *args], capture_output=True, text=True, check=False
    )


def test_plain_install_runs_the_commands(plain_env: Path, tmp_path: Path) -> None:
    score = run(plain_env, "score", "4SX=", "--vul")
    assert score.returncode == 0, score.stderr
    assert "790" in score.stdout
    ranked = run(plain_env, "event", str(MITCHELL))
    assert ranked.returncode == 0, ranked.stderr
    assert "59.75" in ranked.stdout
    site = run(plain_env, "report", str(MITCHELL), "--html", str(tmp_path / "site"))
    assert site.returncode == 0, site.stderr
    assert (tmp_path / "site" / "index.html").is_file()


def test_plain_install_serves_the_web_app_and_suggests_movements(
    plain_env: Path, tmp_path: Path
) -> None:
    suggested = run(plain_env, "movement", "suggest", "--pairs", "8", "--boards", "24", "--json")
    assert suggested.returncode == 0, suggested.stderr
    assert json.loads(suggested.stdout)[0]["spec"] == "howell:4x3"
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    env = {**os.environ, "BRIDGESCORE_HOME": str(tmp_path / "home")}
    env.pop("BRIDGESCORE_DATABASE_URL", None)
    env.pop("BRIDGESCORE_SECRET_KEY", None)
    env.pop("BRIDGESCORE_PUBLIC_URL", None)  # the machine's own address, not one given
    server = subprocess.Popen(
        [str(plain_env / "bin" / "bridgescore"), "serve", "--port", str(port), "--demo"],
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    try:
        assert server.stdout is not None
        said = [server.stdout.readline() for _ in range(5)]
        database = tmp_path / "home" / "bridgescore.sqlite3"
        assert said[0] == (
            f"bridgescore: serving http://127.0.0.1:{port}/ (database: SQLite {database})\n"
        )
        assert said[1].startswith("bridgescore: this machine only: the players' phones cannot")
        assert said[2] == "bridgescore: demo director login: director / demo-bridge-club\n"
        page, failure, style = "", "", ""
        for _ in range(100):
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/login/", timeout=2) as got:
                    page = got.read().decode()
                address = f"http://127.0.0.1:{port}/static/bridgescore/app.css"
                with urllib.request.urlopen(address, timeout=2) as got:
                    style = got.read().decode()
                break
            except OSError as error:
                failure = str(error)
                time.sleep(0.2)
    finally:
        server.terminate()
        rest = server.communicate(timeout=10)[0]
    assert "Director login" in page, (failure, rest[-2000:])
    assert ".buttons" in style  # the app's own stylesheet is in the package


def test_plain_install_names_the_missing_extra(plain_env: Path, tmp_path: Path) -> None:
    pdf = run(plain_env, "report", str(MITCHELL), "--pdf", str(tmp_path / "r.pdf"))
    assert pdf.returncode == 2
    assert pdf.stderr.splitlines()[-1] == (
        "bridgescore: error: PDF output needs the pdf extra (fpdf is missing):"
        " pip install 'bridgescore[pdf]'"
    )
    assert "Traceback" not in pdf.stderr
    assert not (tmp_path / "r.pdf").exists()
    batch = run(plain_env, "batch", str(MITCHELL), str(tmp_path / "out.csv"))
    assert batch.returncode == 2
    assert "pip install 'bridgescore[batch]'" in batch.stderr.splitlines()[-1]
    assert "Traceback" not in batch.stderr
    imported = subprocess.run(
        [str(plain_env / "bin" / "python"), "-c", "import bridgescore.batch"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert imported.returncode == 1
    assert imported.stderr.splitlines()[-1] == (
        "ImportError: bridgescore.batch needs NumPy and Polars (numpy is missing):"
        " pip install 'bridgescore[batch]'"
    )


def test_library_import_of_the_pdf_without_its_extra() -> None:
    code = (
        "import sys; sys.modules['fpdf'] = None\n"
        "import bridgescore.report\n"
        "try:\n"
        "    import bridgescore.report.pdf\n"
        "except ImportError as error:\n"
        "    print(type(error).__name__, error)\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == (
        "MissingExtraError PDF output needs the pdf extra (fpdf is missing):"
        " pip install 'bridgescore[pdf]'"
    )
