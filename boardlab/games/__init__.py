"""One package per game, each with the same files: components, rules, render, bots.

A plain package: ``boardlab.games.<name>`` is a game's package and
``import boardlab.games.jambo.rules as rules`` works as any import does. The
list of the games is ``boardlab.game_names()`` (``boardlab/core/registry.py``),
which finds every public package here by its name.
"""
