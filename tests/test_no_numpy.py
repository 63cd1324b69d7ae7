"""The engines import no numpy: the no-install site's kernel runs them on Pyodide's core,
without the numpy, pandas and matplotlib wheels that only Pyodide's CDN has.

A fresh interpreter with ``sys.modules["numpy"] = None`` (every ``import numpy``,
and so every import of pandas or matplotlib, raises ``ImportError``) imports every
module of the engine layer (``engine_layer.engine_modules``: ``boardlab`` itself,
core, sim, the games' rules), plays a seeded game of every engine to the end, which
must be the very game played here with numpy at hand, and every game's guided first
game (``boardlab.guide``). The third-party modules it loads are exactly what the site
carries for the engines (``lite/build_site.py``).
``browser/test_pyodide.py`` plays the same games inside Pyodide.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from engine_layer import (
    engine_modules,
    narration_faults,
    play_every_engine,
    play_every_guided_game,
)

import boardlab

PACKAGE = Path(boardlab.__file__).parent
TESTS = Path(__file__).parent

#: Run in a fresh interpreter: argv[1] the tests folder, argv[2] the modules (JSON).
BLOCKED = """
import json, sys
sys.modules["numpy"] = None  # from here on, `import numpy` raises ImportError
sys.path.insert(0, sys.argv[1])
import engine_layer
failed = engine_layer.import_all(json.loads(sys.argv[2]))
games = engine_layer.play_every_engine()
guided = engine_layer.play_every_guided_game()
loaded = sorted(
    {name.split(".")[0] for name, module in sys.modules.items() if module is not None}
    - set(sys.stdlib_module_names)
)
control = engine_layer.import_all(["boardlab.render"])
print(json.dumps(
    {"failed": failed, "games": games, "guided": guided, "control": control, "loaded": loaded}
))
"""


@pytest.fixture(scope="module")
def blocked() -> dict:
    names = engine_modules(PACKAGE)
    done = subprocess.run(
        [sys.executable, "-c", BLOCKED, str(TESTS), json.dumps(names)],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, f"the run without numpy failed:\n{done.stderr[-3000:]}"
    return json.loads(done.stdout.splitlines()[-1])


def test_the_engine_layer_is_every_game_s_rules_core_and_sim():
    names = engine_modules(PACKAGE)
    assert names[0] == "boardlab"
    for game in boardlab.game_names():
        assert f"boardlab.games.{game}.rules" in names
        assert f"boardlab.games.{game}.narration" in names
        assert f"boardlab.games.{game}.render" not in names
    for name in ("boardlab.core.game", "boardlab.sim.play", "boardlab.sim.mcts"):
        assert name in names
    assert not [n for n in names if n.startswith(("boardlab.render", "boardlab.widgets"))]


def test_every_engine_module_imports_without_numpy(blocked):
    assert blocked["failed"] == {}, "engine modules that import numpy (or pandas, matplotlib)"
    # the block works: the drawing layer, which needs matplotlib, cannot be imported
    assert "boardlab.render" in blocked["control"]
    assert "numpy" in blocked["control"]["boardlab.render"]


def test_the_engines_need_no_third_party_package_but_networkx(blocked):
    """What the site carries for its kernel beside boardlab (``build_site.SHIPPED``)."""
    loaded = {name for name in blocked["loaded"] if not name.startswith("_")}
    assert loaded == {"boardlab", "engine_layer", "networkx"}


def test_every_engine_plays_the_same_game_to_the_end_without_numpy(blocked):
    here = play_every_engine()
    assert sorted(blocked["games"]) == boardlab.game_names()
    for name, game in blocked["games"].items():
        assert game["status"] == "finished", f"{name}: {game['result']}"
        assert game["narration"], name
        assert narration_faults(game["narration"]) == [], name
        assert (game["digest"], game["steps"]) == (here[name]["digest"], here[name]["steps"])
        assert game["narration"] == here[name]["narration"]


def test_every_guided_first_game_plays_without_numpy(blocked):
    """The guided first games (``boardlab.guide``) run on the engines alone."""
    assert sorted(blocked["guided"]) == boardlab.game_names()
    assert blocked["guided"] == play_every_guided_game()
    assert all(lesson["finished"] for lesson in blocked["guided"].values())
