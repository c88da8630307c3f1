"""The Django app of the club web app."""

from __future__ import annotations

from django.apps import AppConfig


class BridgescoreWebConfig(AppConfig):
    name = "bridgescore.web"
    label = "bridgescore"
    verbose_name = "bridgescore"
    default_auto_field = "django.db.models.BigAutoField"
