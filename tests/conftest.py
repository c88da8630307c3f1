"""Shared test setup: one hypothesis profile for the whole suite.

No deadline (a cold import or a loaded CI machine must not turn a correct
property into a flaky failure); the example count stays at hypothesis's default
so that the suite remains fast.
"""

from __future__ import annotations

from hypothesis import settings

settings.register_profile("bridgescore", deadline=None)
settings.load_profile("bridgescore")
