"""Shared test setup: one hypothesis profile for the whole suite.

No deadline (a cold import or a loaded CI machine must not turn a correct
property into a flaky failure); the example count stays at hypothesis's default
so that the suite remains fast.
"""

from __future__ import annotations

import os
import tempfile

from hypothesis import settings

# The web app's home (secret key, default database) in a folder of the test run's own,
# never the user's ~/.bridgescore.
os.environ.setdefault("BRIDGESCORE_HOME", tempfile.mkdtemp(prefix="bridgescore-test-home-"))
os.environ.setdefault("BRIDGESCORE_SECRET_KEY", "test-only-secret-key-" + "x" * 40)

settings.register_profile("bridgescore", deadline=None)
settings.load_profile("bridgescore")
