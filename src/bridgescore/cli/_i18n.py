"""The command line's translations: ``_()`` looks a message up in the ``django`` catalogue.

English is the source text. The catalogues are the web app's, one set for the web, the
reports and the CLI: ``bridgescore/locale/<language>/LC_MESSAGES/django.mo`` (Finnish and
Spanish); until one exists for the user's language (``LANGUAGE``, ``LC_ALL``, ``LC_MESSAGES``
or ``LANG``), every message falls back to its English text. Messages with values use
named fields (``_("Deal {number}").format(number=3)``) so a translation may reorder them.
The translation is bound here rather than installed into builtins, so importing the CLI
changes nothing for other code.
"""

from __future__ import annotations

import gettext
from pathlib import Path
from typing import Final

DOMAIN: Final = "django"
LOCALE_DIR: Final = Path(__file__).resolve().parents[1] / "locale"

translation: Final = gettext.translation(DOMAIN, localedir=LOCALE_DIR, fallback=True)
_ = translation.gettext
ngettext = translation.ngettext

__all__ = ["DOMAIN", "LOCALE_DIR", "_", "ngettext", "translation"]
