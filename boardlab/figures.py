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
SEED = 7


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
    from matplotlib.figure import Figure

    variants = {
        "printed rules": {},
        "no playing on others": {"play_on_others": "never"},
        "play on anyone": {"play_on_others": "anyone"},
        "send-back variant": {"change_position": "send_back"},
    }
    frame = compare("kilimanjaro", variants, games=1000, seed=0)
    fig = Figure(figsize=(9, 3.6))
    for ax, metric, label in zip(
        fig.subplots(1, 2),
        (metrics.LEAD_CHANGES, metrics.MARGIN),
        ("lead changes per game", "winning margin (spaces)"),
        strict=True,
    ):
        names = list(variants)
        stats = [metric(frame[frame["variant"] == name]) for name in names]
        means = [s[0] for s in stats]
        errors = [[s[0] - s[1] for s in stats], [s[2] - s[0] for s in stats]]
        ax.barh(names, means, xerr=errors, color="#56B4E9", capsize=4)
        ax.invert_yaxis()
        ax.set_xlabel(label + " (mean, 95% CI)")
        ax.set_title(metric.name)
    fig.suptitle("Kilimanjaro, 3 random players, 1,000 games per variant")
    fig.tight_layout()
    return fig


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
