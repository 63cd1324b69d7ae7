"""One package per game, each with the same files: components, rules, render, bots.

Called, this package lists the games of the product: ``boardlab.games()`` is
``boardlab.core.registry.games()``. Being the package itself (not a function
bound over it), ``boardlab.games.<name>`` is a game's package whatever was
imported first, and ``import boardlab.games.jambo.rules as rules`` works as any
import does.
"""

import sys
import types


class _CallablePackage(types.ModuleType):
    """This package, callable: ``boardlab.games()``."""

    def __call__(self) -> list[str]:
        """The names of every game of the product, sorted (not the template, nor test toys)."""
        from boardlab.core.registry import games  # (here: the registry imports the games)

        return games()


sys.modules[__name__].__class__ = _CallablePackage
