"""Published results: a static HTML site as clubs publish, and the same as one PDF."""

from bridgescore.report.html import build_site
from bridgescore.report.pdf import build_pdf

__all__ = ["build_pdf", "build_site"]
