"""Every address the web app answers, and who may use it (checked in each view)."""

from __future__ import annotations

from django.urls import path
from django.views.i18n import set_language

from bridgescore.web.director import club, control, desk, files, sessions
from bridgescore.web.pad import views as pad
from bridgescore.web.public import pages
from bridgescore.web.table import app, entry, phones

urlpatterns = [
    # the tables' first: a phone asks them most (every result), and they are tried in order
    path("t/<str:token>/", phones.table_home, name="table"),
    path("t/<str:token>/entry/", entry.table_entry, name="table_entry"),
    path("t/<str:token>/takeover/", phones.table_takeover, name="table_takeover"),
    path("t/<str:token>/confirm/", phones.table_confirm, name="table_confirm"),
    path("t/<str:token>/call/", entry.table_call, name="table_call"),
    path("t/<str:token>/plan.json", app.table_plan, name="table_plan"),
    path("t/<str:token>/jsi18n/", app.table_i18n, name="table_i18n"),
    path("t/<str:token>/sw.js", app.table_service_worker, name="table_service_worker"),
    path("t/<str:token>/manifest.webmanifest", app.table_manifest, name="table_manifest"),
    path("", pages.home, name="home"),
    path("language/", set_language, name="set_language"),
    path("login/", pages.login_view, name="login"),
    path("logout/", pages.logout_view, name="logout"),
    path("director/", sessions.director_home, name="director"),
    path("director/new/", sessions.new_session, name="new_session"),
    path("director/new/teams/", sessions.new_teams_session, name="new_teams_session"),
    path("director/s/<int:session_id>/", control.control, name="control"),
    path("director/s/<int:session_id>/grid/", control.control_grid, name="control_grid"),
    path(
        "director/s/<int:session_id>/cell/<int:round_no>/<int:table>/",
        control.director_cell,
        name="director_cell",
    ),
    path("director/s/<int:session_id>/state/", control.session_state, name="session_state"),
    path("director/s/<int:session_id>/hands/", control.session_hands, name="session_hands"),
    path("director/s/<int:session_id>/cards/", files.table_cards, name="table_cards"),
    path("director/s/<int:session_id>/export.<str:fmt>", files.export, name="export"),
    path("director/club/<int:club_id>/", club.roster, name="roster"),
    path("director/s/<int:session_id>/pairs/", club.session_pairs, name="session_pairs"),
    path("director/s/<int:session_id>/penalties/", club.penalties, name="penalties"),
    path("director/s/<int:session_id>/change/", club.late_change, name="late_change"),
    path("director/s/<int:session_id>/site.zip", files.export_site, name="export_site"),
    path("director/s/<int:session_id>/draw/", control.swiss_draw, name="swiss_draw"),
    path(
        "director/s/<int:session_id>/table/<int:table>/release/",
        desk.release_table,
        name="release_table",
    ),
    path("director/s/<int:session_id>/table/<int:table>/seen/", desk.takeover_seen, name="seen"),
    path(
        "director/s/<int:session_id>/call/<int:call_id>/answer/",
        desk.answer_call,
        name="answer_call",
    ),
    path("pad/", pad.pad_home, name="pad"),
    path("pad/sheet.json", pad.pad_sheet, name="pad_sheet"),
    path("pad/evening.json", pad.pad_evening, name="pad_evening"),
    path("pad/share/", pad.pad_share, name="pad_share"),
    path("pad/g/<str:public_id>/", pad.pad_game, name="pad_game"),
    path("pad/g/<str:public_id>/qr.svg", pad.pad_qr, name="pad_qr"),
    path("pad/sw.js", pad.pad_service_worker, name="pad_service_worker"),
    path("pad/manifest.webmanifest", pad.pad_manifest, name="pad_manifest"),
    path("pad/jsi18n/", pad.pad_i18n, name="pad_i18n"),
    path("r/<str:public_id>/", pages.results_page, {"page": "index.html"}, name="results"),
    path("r/<str:public_id>/<str:page>", pages.results_page, name="results_page"),
]

handler400 = "bridgescore.web.failures.bad_request"
handler403 = "bridgescore.web.failures.forbidden"
handler404 = "bridgescore.web.failures.not_found"
handler500 = "bridgescore.web.failures.server_error"
