"""The WSGI application (for ``bridgescore serve`` and any other WSGI server)."""

from __future__ import annotations

import os

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "bridgescore.web.settings")
application = get_wsgi_application()
