"""The club web app: sessions set up by directors, results entered at the tables on the
players' phones, live and published results. Django, served by waitress.

Nothing below ``bridgescore.web`` is imported by the library; the CLI's ``serve``
command starts it (:mod:`bridgescore.web.serve`).
"""
