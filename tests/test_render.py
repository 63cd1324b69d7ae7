"""The shared drawing helpers of ``boardlab.render``: colours, pyplot-free axes, PNG bytes.

Each game's renderer is tested beside its rules, in ``tests/games/test_<game>_render.py``.
"""

import matplotlib

matplotlib.use("Agg")

from matplotlib.figure import Figure

from boardlab.render import PLAYER_COLOURS, board_axes, fig_to_png, new_axes

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def test_render_helpers():
    assert len(set(PLAYER_COLOURS)) == len(PLAYER_COLOURS) >= 4
    fig, ax = new_axes()
    assert isinstance(fig, Figure) and fig.axes == [ax]
    fig, ax = board_axes((0, 10), (0, 5), unit=0.5, top=0.5, bottom=0.5)
    assert tuple(fig.get_size_inches()) == (5.0, 3.5)
    assert fig_to_png(fig).startswith(PNG_SIGNATURE)
