"""The director's login, read by its form."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_noop

from bridgescore.web.forms import messages_for


class LoginForm(forms.Form):
    username = forms.CharField(
        max_length=150, error_messages=messages_for(gettext_noop("User name"))
    )
    password = forms.CharField(
        max_length=200, strip=False, error_messages=messages_for(gettext_noop("Password"))
    )
