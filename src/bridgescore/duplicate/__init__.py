"""Comparing results of the same board across tables: matchpoints, Neuberg,
IMP tables, butler, cross-IMPs, teams swings, victory points."""
