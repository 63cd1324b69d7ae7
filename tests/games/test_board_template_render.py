"""Achi's board drawn: counters by their gids, the click map, the graph, the PNG."""

from __future__ import annotations

import matplotlib

matplotlib.use("Agg")

from matplotlib.text import Text

import boardlab
from boardlab.games._board_template import Place, render


def test_the_board_shows_every_counter_and_whose_turn_it_is():
    state = boardlab.load("board_template").new_game()
    state.apply(Place(4))
    fig = render.draw(state)
    gids = {t.get_gid(): t.get_text() for t in fig.findobj(Text) if t.get_gid()}
    assert gids["counter:b2"] == "0" and "counter:a1" not in gids and gids["point:a1"] == "a1"
    assert fig.axes[0].get_title(loc="left") == "Achi · turn 2: player 1 places"
    assert render.to_png(state).startswith(b"\x89PNG") and len(render.graph(state).edges) == 16


def pixel(state, u, v):
    """The pixel of ``to_png(state)`` (80 dpi, y down) showing the board point ``(u, v)``."""
    fig, ax = render._axes(state)
    ax.apply_aspect()
    x, y = ax.transData.transform((u, v)) * 80 / fig.dpi
    return x, fig.get_size_inches()[1] * 80 - y


def test_a_click_names_the_point_under_it_and_nothing_off_the_board():
    state = boardlab.load("board_template").new_game()
    assert render.locate(state, *pixel(state, 1, 1)) == "b2"
    assert render.locate(state, *pixel(state, 2.3, 2.5)) is None
    assert render.locate(state, 0, 0) is None
    place, (left, bottom, right, top) = render.click_example(state)
    assert render.locate(state, *pixel(state, (left + right) / 2, (bottom + top) / 2)) == place


def test_the_places_are_the_nine_points_named_as_the_moves_name_them():
    state = boardlab.load("board_template").new_game()
    names = [name for name, _ in render.places(state)]
    assert names == ["a1", "b1", "c1", "a2", "b2", "c2", "a3", "b3", "c3"]
    assert {label.split()[-1] for label in map(str, state.legal_actions())} == set(names)
