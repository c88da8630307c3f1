"""Every address the web app answers, and who may use it (checked in each view)."""

from __future__ import annotations

from django.urls import path

from bridgescore.web import views

urlpatterns = [
    path("", views.home, name="home"),
    path("login/", views.login_view, name="login"),
    path("logout/", views.logout_view, name="logout"),
    path("director/", views.director_home, name="director"),
    path("director/new/", views.new_session, name="new_session"),
    path("director/new/teams/", views.new_teams_session, name="new_teams_session"),
    path("director/s/<int:session_id>/", views.control, name="control"),
    path("director/s/<int:session_id>/grid/", views.control_grid, name="control_grid"),
    path(
        "director/s/<int:session_id>/cell/<int:round_no>/<int:table>/",
        views.director_cell,
        name="director_cell",
    ),
    path("director/s/<int:session_id>/state/", views.session_state, name="session_state"),
    path("director/s/<int:session_id>/cards/", views.table_cards, name="table_cards"),
    path("director/s/<int:session_id>/export.<str:fmt>", views.export, name="export"),
    path("director/club/<int:club_id>/", views.roster, name="roster"),
    path("director/s/<int:session_id>/pairs/", views.session_pairs, name="session_pairs"),
    path("director/s/<int:session_id>/penalties/", views.penalties, name="penalties"),
    path("director/s/<int:session_id>/change/", views.late_change, name="late_change"),
    path("director/s/<int:session_id>/site.zip", views.export_site, name="export_site"),
    path("director/s/<int:session_id>/draw/", views.swiss_draw, name="swiss_draw"),
    path("t/<str:token>/", views.table_home, name="table"),
    path("t/<str:token>/entry/", views.table_entry, name="table_entry"),
    path("t/<str:token>/takeover/", views.table_takeover, name="table_takeover"),
    path("t/<str:token>/confirm/", views.table_confirm, name="table_confirm"),
    path("r/<str:public_id>/", views.results_page, {"page": "index.html"}, name="results"),
    path("r/<str:public_id>/<str:page>", views.results_page, name="results_page"),
]
