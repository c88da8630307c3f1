"""Django settings, read from the environment so that ``bridgescore serve`` and the tests
configure one app the same way.

- ``BRIDGESCORE_HOME``: the folder for the SQLite database and the secret key
  (default ``~/.bridgescore``).
- ``BRIDGESCORE_DATABASE_URL``: a database URL (``sqlite:///path`` or
  ``postgres://user:password@host:port/name``); default SQLite in ``BRIDGESCORE_HOME``.
- ``BRIDGESCORE_SECRET_KEY``: the key signing login sessions; default a random key kept in
  ``BRIDGESCORE_HOME/secret-key`` (made on first start).
- ``BRIDGESCORE_PUBLIC_URL``: the address the players' phones open, e.g.
  ``http://192.168.1.20:8000/`` (``bridgescore serve`` sets it: ``--public-url``, else the
  machine's LAN address when serving on every address; default ``http://127.0.0.1:8000/``).
  The guide cards' links are built on it, and a request whose Host header is neither its
  host nor the machine's own (``localhost``, ``127.0.0.1``, ``::1``) gets a 400.
- ``BRIDGESCORE_DEBUG``: ``1`` for Django's debug pages (never in a club).

Languages: English, Finnish and Spanish (``LANGUAGES``), from the catalogues in
``bridgescore/locale``; the language switch's cookie first, then the browser's
``Accept-Language`` (``LocaleMiddleware``). Numbers and dates follow the language's locale.
"""

from __future__ import annotations

import os
import secrets
from pathlib import Path
from typing import Any

import dj_database_url

from bridgescore.web import address

HOME = Path(os.environ.get("BRIDGESCORE_HOME", Path.home() / ".bridgescore")).expanduser()


def _secret_key() -> str:
    given = os.environ.get("BRIDGESCORE_SECRET_KEY")
    if given:
        return given
    path = HOME / "secret-key"
    try:
        return path.read_text(encoding="utf-8").strip()
    except FileNotFoundError:
        pass
    HOME.mkdir(parents=True, exist_ok=True)
    key = secrets.token_urlsafe(50)
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    with os.fdopen(fd, "w", encoding="utf-8") as out:
        out.write(key)
    return key


def _database() -> dict[str, Any]:
    url = os.environ.get("BRIDGESCORE_DATABASE_URL") or f"sqlite:///{HOME / 'bridgescore.sqlite3'}"
    # each request thread keeps its connection for as long as the server runs (made as the
    # thread starts: bridgescore.web.serve.connect): where connections were closed a
    # minute after opening, every thread opened a new one on the first results of each
    # round, 32 PostgreSQL connections at about 10 ms of CPU each just when every table
    # was waiting; one that fails is closed at the end of its request and made again
    config: dict[str, Any] = dict(dj_database_url.parse(url, conn_max_age=None))
    if config["ENGINE"] == "django.db.backends.sqlite3":
        # WAL lets readers go on while a table's result is written; a writer waits up to
        # 20 s for another (60 tables at once) instead of failing with "database is locked".
        config["OPTIONS"] = {
            "timeout": 20,
            "transaction_mode": "IMMEDIATE",
            "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=FULL;",
        }
    return config


SECRET_KEY = _secret_key()
DEBUG = os.environ.get("BRIDGESCORE_DEBUG") == "1"
PUBLIC_URL = address.checked_url(
    os.environ.get(address.PUBLIC_URL_VARIABLE) or address.DEFAULT_PUBLIC_URL
)
ALLOWED_HOSTS = address.allowed_hosts(PUBLIC_URL)  # never "*": the Host header is not trusted
CSRF_TRUSTED_ORIGINS = [address.origin(PUBLIC_URL)]
INSTALLED_APPS = [
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.staticfiles",
    "bridgescore.web.apps.BridgescoreWebConfig",
]
MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "bridgescore.web.failures.BodyLimit",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
]
ROOT_URLCONF = "bridgescore.web.urls"
TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.template.context_processors.i18n",
                "django.contrib.auth.context_processors.auth",
            ]
        },
    }
]
DATABASES = {"default": _database()}
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"
# shared by the server's processes (the login rate limit counts every process's tries)
CACHES = {
    "default": {
        "BACKEND": "django.core.cache.backends.filebased.FileBasedCache",
        "LOCATION": str(HOME / "cache"),
    }
}
AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
]
LOGIN_URL = "/login/"
LOGIN_REDIRECT_URL = "/director/"
LOGOUT_REDIRECT_URL = "/"
SESSION_COOKIE_HTTPONLY = True
SESSION_COOKIE_SAMESITE = "Lax"
CSRF_COOKIE_SAMESITE = "Lax"
CSRF_FAILURE_VIEW = "bridgescore.web.failures.csrf_failure"
DATA_UPLOAD_MAX_MEMORY_SIZE = 1_000_000  # a PBN of hand records fits; a 10 MB post does not
DATA_UPLOAD_MAX_NUMBER_FIELDS = 2_000
LANGUAGE_CODE = "en"
LANGUAGES = [("en", "English"), ("fi", "Suomi"), ("es", "Español")]
"""The languages a player may choose (each named in its own language, for the switch)."""
LOCALE_PATHS = [Path(__file__).resolve().parents[1] / "locale"]
"""The one set of catalogues (domain ``django``) of the web app, the reports and the CLI."""
LANGUAGE_COOKIE_NAME = "bridgescore_language"
LANGUAGE_COOKIE_AGE = 365 * 24 * 60 * 60  # the switch is remembered for a year
LANGUAGE_COOKIE_SAMESITE = "Lax"
USE_I18N = True
USE_TZ = True
TIME_ZONE = "UTC"
STATIC_URL = "/static/"
WHITENOISE_USE_FINDERS = True  # served from the package itself: no collectstatic step
WHITENOISE_AUTOREFRESH = DEBUG
WSGI_APPLICATION = "bridgescore.web.wsgi.application"
BRIDGESCORE_ANALYSIS = "background"
"""How the deals' double-dummy analysis runs once hand records are saved
(:class:`bridgescore.web.analysing.Mode`): in a thread of its own (the tests run it at once,
in the test's own thread)."""
LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "formatters": {
        "one_line": {
            "()": "bridgescore.web.failures.OneLine",
            "format": "%(asctime)s %(levelname)s %(name)s: %(message)s",
        }
    },
    "handlers": {"console": {"class": "logging.StreamHandler", "formatter": "one_line"}},
    "loggers": {
        "django": {"handlers": ["console"], "level": "WARNING"},
        "waitress": {"handlers": ["console"], "level": "WARNING", "propagate": False},
        # "Task queue depth is N": a line for every request waiting for a thread, which a
        # round's end makes by design (the results are kept in groups): not a warning here
        "waitress.queue": {"level": "ERROR"},
    },
}
"""A refused request is one line of the log, a server error its traceback
(:class:`bridgescore.web.failures.OneLine`); the server's (waitress's) own warnings in the
same form, but not one line for every request queued at a round's end."""
