"""The skill ladder (``boardlab.sim.ladder``): rungs against the rung below, seats rotated.

On the toy Coin (``tests/toys/coin.py``) the answers are known: with ``luck=0`` the most
gems win, so the gem collector (this module's ``HEURISTIC``) beats random pickers in
all but one game in 9^6 (531,441) — saturated — and a search bot that also takes every gem
only ties it (each tie goes to a fair lottery): one that misses a gem loses.
"""

from __future__ import annotations

import pytest
from toys.coin import CoinGame, GemCollector

import boardlab
from boardlab.figures import read_results
from boardlab.sim import metrics
from boardlab.sim.ladder import CHECK_GAMES, CLASS_BUDGET, RUNGS, STRENGTH_GAMES, ladder

#: ``"heuristic"`` in a game of this module (``lineup.heuristic_agent`` reads it here).
HEURISTIC = GemCollector


class LadderCoin(CoinGame):
    name = "toy_coin_ladder"


def coin():
    return LadderCoin.load(luck=0, rounds=6, options=9)


def test_a_rung_that_wins_every_game_says_saturated_not_a_zero_width_interval():
    climbed = ladder(coin(), ["random", "heuristic", "mcts:60"], games=40)
    first, second = climbed.rungs
    assert (first.agent, first.below, first.games) == ("heuristic", "random", 40)
    assert first.skill.win_rate == 1.0 and first.skill.saturated
    assert first.verdict == "saturated"
    assert first.skill.win_low < 1.0  # Wilson: never [1, 1]
    # a search of 60 samples misses gems the collector never misses: a tie at best
    assert not second.skill.saturated
    assert second.verdict == "clearly worse"
    assert second.skill.win_high < 0.5
    table = climbed.table()
    assert list(table.index) == ["heuristic", "mcts:60"]
    assert table.loc["heuristic", "skill vs luck"].startswith("saturated: heuristic wins 1.000")
    assert table.loc["heuristic", "fair share"] == 0.5
    assert "Skill ladder of toy_coin_ladder (2 players, seats rotated)" in str(climbed)


def test_every_rung_is_played_from_every_seat_equally_often():
    climbed = ladder(coin(), ["random", "heuristic"], games=40)
    lineups = list(climbed.frames["heuristic"]["lineup"])
    assert lineups.count("heuristic,random") == lineups.count("random,heuristic") == 20
    three = ladder(LadderCoin.load(luck=0, players=3), ["random", "heuristic"], games=9)
    seats = [line.split(",").index("heuristic") for line in three.frames["heuristic"]["lineup"]]
    assert sorted(seats) == [0, 0, 0, 1, 1, 1, 2, 2, 2]
    assert three.rungs[0].fair == pytest.approx(1 / 3)


def test_the_same_seed_gives_the_same_ladder():
    a = ladder(coin(), ["random", "heuristic", "mcts:6"], games=8, seed=3)
    b = ladder(coin(), ["random", "heuristic", "mcts:6"], games=8, seed=3)
    assert a == b
    assert a.table().equals(b.table())


def test_a_real_game_climbs_from_random_play():
    climbed = ladder("kilimanjaro", ["random", "heuristic"], games=12, players=2)
    (rung,) = climbed.rungs
    assert (climbed.game, climbed.players, rung.games) == ("kilimanjaro", 2, 12)
    assert rung.verdict == "saturated"  # the heuristic won all 12: the next rung must tell


def test_a_clear_edge_short_of_saturation_is_clearly_better():
    """With ``luck=40`` the lottery decides 40% of the games: the collector wins about 4/5."""
    (rung,) = ladder(LadderCoin.load(luck=40), ["random", "heuristic"], games=60).rungs
    assert rung.skill.win_low > 0.5 and rung.skill.win_rate < 0.97
    assert rung.verdict == "clearly better"
    assert rung.skill.value == pytest.approx(rung.skill.win_rate - 0.5)


@pytest.mark.parametrize(
    "kwargs, words",
    [
        ({"games": 7}, "games=7: a positive multiple of 2"),
        ({"games": 0}, "games=0: a positive multiple of 2"),
        ({"rungs": ["random"]}, "two or more agent specs"),
        ({"rungs": ["random", "random"]}, "each rung a different agent spec"),
        ({"rungs": ["random", "heuristic", "mcts:many"]}, "mcts:many"),
        ({"rungs": ["random", "genius"]}, "no agent 'genius'"),
    ],
)
def test_bad_arguments_fail_naming_them_before_any_game(kwargs, words):
    played = []  # sweep's progress report: called as games finish
    with pytest.raises(ValueError, match=words):
        ladder(
            coin(),
            **{"rungs": ["random", "heuristic"], "games": 4, **kwargs},
            progress=lambda done, total: played.append(done),
        )
    assert played == []


def test_a_cooperative_game_has_no_ladder():
    with pytest.raises(metrics.MetricNotApplicable, match="cooperative"):
        ladder("tembo", games=4)


def test_the_default_ladder_climbs_to_the_class_budget():
    assert RUNGS[-1] == f"mcts:{CLASS_BUDGET}"
    assert RUNGS[:2] == ("random", "heuristic")


# -- the class budget's strength: figures/mcts_ladder.csv ----------------------------------
COMPETITIVE = [name for name in boardlab.game_names() if not boardlab.load(name).cooperative]


def strength_file():
    return read_results("mcts_ladder.csv").set_index("game")


def test_the_strength_file_covers_every_competitive_game_at_the_class_budget():
    table = strength_file()
    assert sorted(table.index) == sorted(COMPETITIVE)
    assert set(table["agent"]) == {f"mcts:{CLASS_BUDGET}"}
    assert set(table["against"]) == {"heuristic"}
    assert dict(table["games"]) == STRENGTH_GAMES
    for name, row in table.iterrows():
        low, high = metrics.wilson(row["wins"], row["games"])
        assert (row["ci low"], row["ci high"]) == pytest.approx((low, high), abs=1e-6), name
        assert row["fair share"] == pytest.approx(1 / boardlab.load(name).num_players)


#: Where mcts:200 does not yet clear the heuristic (figures/mcts_ladder.csv, 240 games,
#: seats rotated): strict, so the test says so the day the file's numbers clear it. None
#: now: Jambo, the last (0.525 [0.462, 0.587]), cleared it with its lead in worth.
NOT_YET: dict[str, str] = {}


@pytest.mark.parametrize(
    "name",
    [
        pytest.param(n, marks=pytest.mark.xfail(reason=NOT_YET[n], strict=True))
        if n in NOT_YET
        else n
        for n in COMPETITIVE
    ],
)
def test_the_search_bot_clearly_beats_the_heuristic_at_the_class_budget(name):
    """The Wilson 95% low end of its win share, seats rotated, above the fair share."""
    row = strength_file().loc[name]
    assert row["ci low"] > row["fair share"], (
        f"{name}: mcts:{CLASS_BUDGET} won {row['wins']:g} of {row['games']} games against the "
        f"heuristic, {row['win share']:.3f} [{row['ci low']:.3f}, {row['ci high']:.3f}], "
        f"not clear of the fair share {row['fair share']:.3f}"
    )


@pytest.mark.parametrize("name", ["kilimanjaro", "kombo_afrika", "jambo"])
def test_the_strength_files_first_games_are_played_the_same_today(name):
    """Deterministic: the first games of a rung, played again now, win what the file says
    (``make test-full`` makes the whole file again and compares; Kalimambo's five-player
    games are left to it)."""
    row = strength_file().loc[name]
    assert row["check games"] == CHECK_GAMES
    agent = f"mcts:{CLASS_BUDGET}"
    climbed = ladder(name, ["heuristic", agent], games=6, seed=int(row["seed"]))
    first = climbed.frames[agent].iloc[:CHECK_GAMES]
    wins = metrics.skill_vs_luck_estimate(first, strong=agent).win_rate * CHECK_GAMES
    assert wins == pytest.approx(row["check wins"], abs=1e-6)


def test_the_command_line_prints_the_ladder(capsys):
    from boardlab.cli import main

    argv = ["ladder", "kilimanjaro", "--set", "players=2", "--rungs", "random,heuristic"]
    assert main([*argv, "--games", "4"]) == 0
    out = capsys.readouterr().out
    assert "Skill ladder of kilimanjaro (2 players, seats rotated)" in out
    assert "saturated: heuristic wins 1.000" in out
    assert main([*argv, "--games", "3"]) == 2
    assert "games=3: a positive multiple of 2" in capsys.readouterr().err
    assert main(["ladder", "tembo", "--games", "4"]) == 2
    assert "cooperative" in capsys.readouterr().err
    assert main(["ladder", "kilimanjaro", "--set", "speed=3"]) == 2
    assert "--set 'speed=3': write --set name=value, name one of" in capsys.readouterr().err
    assert main(["ladder", "chess"]) == 2
    assert "unknown game 'chess'" in capsys.readouterr().err


def test_remaking_one_row_of_the_strength_file_keeps_the_others_byte_for_byte(
    tmp_path, monkeypatch
):
    """``python -m boardlab.sim.ladder jambo``: the named row played again (here a stand-in
    for its 240 games), every other row as it was, in the file's order and format."""
    import importlib

    import pandas as pd

    from boardlab.figures import FOLDER

    ladder_module = importlib.import_module("boardlab.sim.ladder")

    path = tmp_path / "mcts_ladder.csv"
    path.write_bytes((FOLDER / "mcts_ladder.csv").read_bytes())
    before = path.read_text().splitlines()
    asked = []

    def stand_in(games, n_jobs=1):
        asked.append((games, n_jobs))
        row = pd.read_csv(path).set_index("game").loc[["jambo"]].reset_index()
        row["wins"] = 0.5
        return row

    monkeypatch.setattr(ladder_module, "strength", stand_in)
    ladder_module.remake_strength(["jambo"], path, n_jobs=2)
    assert asked == [({"jambo": STRENGTH_GAMES["jambo"]}, 2)]
    after = path.read_text().splitlines()
    changed = [i for i, (a, b) in enumerate(zip(before, after, strict=True)) if a != b]
    jambo = [i for i, line in enumerate(before) if line.startswith("mcts ladder,jambo,")]
    assert changed == jambo and ",0.500000," in after[jambo[0]]
    with pytest.raises(ValueError, match="tembo"):
        ladder_module.remake_strength(["tembo"], path)
    assert path.read_text().splitlines() == after
