"""The forms a table's phone posts: a result (with the opponents' yes), the table code, a
call to the director, the choice of a result waiting for East-West."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_noop

from bridgescore.web import said
from bridgescore.web.forms import (
    MOST_ROUNDS,
    NOTE_LENGTH,
    ResultForm,
    field_error,
    messages_for,
    shared_fields,
)


@shared_fields
class TableResultForm(ResultForm):
    """A table's result: its round, and whether the opponents accepted it on this phone
    (``confirm``) or are to confirm it on their own (``pending``); without either it is a
    preview. A table never gives an adjusted score: rulings are the director's."""

    round = forms.IntegerField(
        min_value=1,
        max_value=MOST_ROUNDS,
        error_messages=messages_for(
            gettext_noop("Round"),
            required=said.part(gettext_noop("the round is missing: reload the page")),
            min_value=said.part(gettext_noop("{what}: rounds are numbered from 1")),
            max_value=said.part(
                gettext_noop("{what}: there is no round above {most}"), most=MOST_ROUNDS
            ),
        ),
    )
    confirm = forms.BooleanField(required=False)
    pending = forms.BooleanField(required=False)
    adjusted = forms.CharField(required=False)

    def clean_adjusted(self) -> str:
        if str(self.cleaned_data.get("adjusted") or "").strip():
            raise field_error(
                said.part(
                    gettext_noop("only the director gives an adjusted score: call the director")
                )
            )
        return ""


class CodeForm(forms.Form):
    """The table's code, typed to take the table over or to confirm on another phone."""

    code = forms.CharField(
        max_length=12,
        strip=True,
        error_messages=messages_for(
            gettext_noop("Table code"),
            required=said.part(gettext_noop("type the table's code (on the table card)")),
            max_length=said.part(gettext_noop("Table code: that is not a table code")),
        ),
    )


class CallForm(forms.Form):
    """A table calling the director, with an optional note."""

    note = forms.CharField(
        required=False,
        max_length=NOTE_LENGTH,
        error_messages=messages_for(
            gettext_noop("Note"),
            max_length=said.part(gettext_noop("Note: at most {most} characters"), most=NOTE_LENGTH),
        ),
    )


class ChoiceOfPending(forms.Form):
    """The opponents' phone accepting or rejecting one result sent to it."""

    accept = forms.UUIDField(required=False, error_messages=messages_for(gettext_noop("Result")))
    reject = forms.UUIDField(required=False, error_messages=messages_for(gettext_noop("Result")))
