"""The command line's translations: ``_()`` looks a message up in the ``django`` catalogue,
in the language of the command that is running.

English is the source text. The catalogues are the web app's, one set for the web, the
reports and the CLI: ``bridgescore/locale/<language>/LC_MESSAGES/django.mo`` (Finnish and
Spanish). The language is the running command's (``--lang``, else ``LANGUAGE``, ``LC_ALL``,
``LC_MESSAGES`` or ``LANG``: :func:`bridgescore.cli._common.cli_words`), looked up when
``_()`` is called. Outside a command (a module's help written when it is imported) ``_()``
gives the English text, so help is translated when it is shown, in the language asked for
then. Messages with values use named fields (``_("Deal {number}").format(number=3)``) so a
translation may reorder them. Nothing is installed into builtins.
"""

from __future__ import annotations

from typing import Final

from bridgescore.cli._common import cli_words
from bridgescore.i18n import DOMAIN, LOCALE_DIR


def _(message: str) -> str:
    """``message`` in the running command's language (as written outside a command)."""
    return cli_words().gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form for ``n`` in the running command's language (English outside a command)."""
    return cli_words().ngettext(singular, plural, n)


__all__: Final = ["DOMAIN", "LOCALE_DIR", "_", "ngettext"]
