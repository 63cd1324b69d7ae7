"""Regenerate every figure in ``figures/``: ``python -m boardlab.figures [--out DIR]``.

Figures are made by the package from seeded games, never by hand, so the
README and notebooks show what the code does today.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable
from pathlib import Path

import boardlab
from boardlab.render import fig_to_png
from boardlab.sim import RandomAgent, compare, metrics, play

#: The seed of every pictured game.
SEED = 9


def kilimanjaro_midgame():
    """A three-player Kilimanjaro game stopped halfway, counters placed."""
    from boardlab.games.kilimanjaro.bots import GreedyClimber

    game = boardlab.load("kilimanjaro")
    final = play(game, [GreedyClimber(), RandomAgent(), RandomAgent()], seed=SEED)
    states = boardlab.replay(final.record())
    return states[len(states) * 2 // 3]


def kilimanjaro_board():
    state = kilimanjaro_midgame()
    return state.game.renderer().draw(state, reveal=True)


def kilimanjaro_track_graph():
    state = kilimanjaro_midgame()
    return state.game.renderer().draw_graph(state)


def kilimanjaro_catch_up():
    """Lead changes and winning margin with and without the catch-up rule."""
    from boardlab.games.kilimanjaro.bots import GreedyClimber
    from boardlab.render.metrics import plot_variants

    variants = {
        "printed rules": {},
        "no playing on others": {"play_on_others": "never"},
        "play on anyone": {"play_on_others": "anyone"},
        "send-back variant": {"change_position": "send_back"},
    }
    frame = compare(
        "kilimanjaro",
        variants,
        agents=lambda game: [GreedyClimber() for _ in range(game.num_players)],
        games=400,
        seed=0,
    )
    return plot_variants(
        frame,
        [metrics.LEAD_CHANGES, metrics.MARGIN],
        labels=["lead changes per game", "winning margin (spaces)"],
        title="Kilimanjaro, 3 GreedyClimber bots",
    )


FIGURES: dict[str, Callable] = {
    "kilimanjaro_board.png": kilimanjaro_board,
    "kilimanjaro_track_graph.png": kilimanjaro_track_graph,
    "kilimanjaro_catch_up.png": kilimanjaro_catch_up,
}


def main(argv: list[str] | None = None) -> list[Path]:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", default="figures", help="folder to write into")
    args = parser.parse_args(argv)
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    written = []
    for name, make in FIGURES.items():
        path = out / name
        path.write_bytes(fig_to_png(make()))
        written.append(path)
        print(f"wrote {path}")
    return written


if __name__ == "__main__":
    main()
