"""A phone's post of one result as JSON, as ``table.js`` sends it: the answer's body with
its HTTP status under ``http`` (shared by the web tests)."""

from __future__ import annotations

import json

from django.test import Client


def send_entry(device: Client, token: str, **fields: object) -> dict[str, object]:
    response = device.post(
        f"/t/{token}/entry/", data=json.dumps(fields), content_type="application/json"
    )
    body: dict[str, object] = response.json()
    body["http"] = response.status_code
    return body
