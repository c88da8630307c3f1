"""What could be made on a deal: double-dummy tables, par, and high-card points.

The value types (:class:`DoubleDummy`, :class:`ParContract`, :class:`Par`,
:class:`Analysis`) and their PBN forms need nothing outside the library; the solver
(:func:`bridgescore.analysis.solver.solve`) needs the ``dd`` extra (endplay, which
bundles Bo Haglund's DDS) and says so in one line where it is missing.
"""

from __future__ import annotations

from bridgescore.analysis.model import (
    Analysis,
    AnalysisError,
    DoubleDummy,
    Par,
    ParContract,
    high_card_points,
)

__all__ = [
    "Analysis",
    "AnalysisError",
    "DoubleDummy",
    "Par",
    "ParContract",
    "high_card_points",
]
