"""``ISMCTSAgent``: legal, reproducible, within its budget, and blind to hidden cards.

The hidden-information checks use the toy Hunch (``tests/toys/hunch.py``): holding 5,
6 and 7 of the cards 1..8 leaves four low cards and one high one unseen, so the right
bet on the face-down prize is *low* — unless the prize is the 8 and the bot could see
it. A bot that searched the true state would bet *high* there (checked below, so the
case can tell a peeker from an honest bot).
"""

from __future__ import annotations

import random
from typing import ClassVar

import pytest
from botmatch import smallest_variant
from toys.coin import CoinGame, CoinState
from toys.expedition import ExpeditionGame, ExpeditionState, Lay
from toys.hunch import Bet, HunchGame
from toys.market import MarketGame, MarketState

import boardlab
from boardlab.core import InvalidParameter, View
from boardlab.sim import ISMCTSAgent, play
from boardlab.sim.play import seat_seed

HIGH, LOW = Bet("high"), Bet("low")


class PublicView:
    """Only the public methods of a ``View``, counting the samples drawn; ``samples``
    (states) replaces the sampler by copies of those, in turn. An agent that reached
    for the state behind a view (``view._View__state``) fails on it."""

    def __init__(self, view: View, samples=None) -> None:
        self._view = view
        self.player = view.player
        self.game = view.game
        self.calls = 0
        self._samples = samples

    def legal_actions(self) -> list:
        return self._view.legal_actions()

    def observation(self) -> dict:
        return self._view.observation()

    def sample_state(self, rng: random.Random):
        self.calls += 1
        if self._samples is None:
            return self._view.sample_state(rng)
        return self._samples[(self.calls - 1) % len(self._samples)].clone()


class PeekingView(PublicView):
    """A cheat's view: its "samples" are copies of the true state."""

    def __init__(self, state, player: int) -> None:
        super().__init__(View(state, player))
        self._state = state

    def sample_state(self, rng: random.Random):
        self.calls += 1
        return self._state.clone()


def hunch(prize: int):
    """The solitaire with 5, 6, 7 in hand and ``prize`` face down."""
    return HunchGame.load().new_game(0).arrange(hands=[[5, 6, 7]], prize=prize)


class LegalOnly:
    """Wraps an agent: every action it returns must be one of the view's legal actions."""

    def __init__(self, agent) -> None:
        self.agent = agent

    def reset(self, seed: int) -> None:
        self.agent.reset(seed)

    def act(self, view):
        action = self.agent.act(view)
        assert action in view.legal_actions(), f"{action!r} is not legal here"
        return action


GAMES = [(name, smallest_variant(name)) for name in boardlab.game_names()]
TOYS = [
    (HunchGame, {}),
    (HunchGame, {"players": 3, "cards": 12}),
    (MarketGame, {}),
    (ExpeditionGame, {"players": 3}),
]


def load(game) -> boardlab.core.Game:
    name, params = game
    return name.load(**params) if isinstance(name, type) else boardlab.load(name, **params)


@pytest.mark.parametrize("game", GAMES + TOYS, ids=lambda g: f"{getattr(g[0], 'name', g[0])}")
def test_it_plays_only_legal_actions_to_the_end(game):
    game = load(game)
    agents = [LegalOnly(ISMCTSAgent(iterations=4)) for _ in range(game.num_players)]
    state = play(game, agents, seed=1)
    assert state.outcome is not None


@pytest.mark.parametrize("game", GAMES + TOYS[2:], ids=lambda g: f"{getattr(g[0], 'name', g[0])}")
class Shifted(ISMCTSAgent):
    """An ISMCTSAgent whose stream is the usual one for the seat, shifted by ``shift``."""

    def __init__(self, shift: int) -> None:
        self.shift = shift
        super().__init__(iterations=6)

    def reset(self, seed: int) -> None:
        super().reset(seed + self.shift)


@pytest.mark.parametrize("game", GAMES + TOYS[2:], ids=lambda g: f"{getattr(g[0], 'name', g[0])}")
def test_the_same_seed_plays_the_same_game_and_another_seed_may_not(game):
    game = load(game)

    def history(shift, steps=8):
        """The first ``steps`` actions, seeded as ``play`` seeds each seat."""
        agents = [Shifted(shift) for _ in range(game.num_players)]
        for seat, agent in enumerate(agents):
            agent.reset(seat_seed(3, seat))
        state = game.new_game(3)
        while state.current_player is not None and len(state.history) < steps:
            p = state.current_player
            state.apply(agents[p].act(View(state, p)))
        return state.history

    assert history(0) == history(0)
    assert any(history(0) != history(shift) for shift in range(1, 6))


def test_the_same_seed_and_view_give_the_same_decision():
    state = boardlab.load("kilimanjaro", players=2).new_game(4)
    choices = {ISMCTSAgent(iterations=40, seed=9).act(View(state, 0)) for _ in range(3)}
    assert len(choices) == 1


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g[0])
def test_the_root_actions_are_equal_in_every_sample_so_the_tree_keys_agree(game):
    """The tree keys edges by action objects: at the root, every sample must offer the
    view's own actions, equal and hashing alike (actions name what a player sees)."""
    game = load(game)
    state = game.new_game(1)
    rng = random.Random(0)
    for _ in range(30):
        if state.current_player is None:
            break
        view = View(state, state.current_player)
        legal = view.legal_actions()
        for _ in range(3):
            sampled = view.sample_state(rng).legal_actions()
            assert sampled == legal
            assert [hash(a) for a in sampled] == [hash(a) for a in legal]
        state.apply(legal[rng.randrange(len(legal))])


def test_it_reaches_the_game_only_through_the_view_one_sample_an_iteration():
    """A view with nothing behind it but the public methods: the agent needs no more,
    and draws exactly one sample per iteration of its budget."""
    view = PublicView(View(hunch(8), 0))
    agent = ISMCTSAgent(iterations=37)
    assert agent.act(view) == LOW
    assert view.calls == 37
    assert agent.last_iterations == 37
    assert sum(visits for visits, _ in agent.last_statistics.values()) == 37


def test_the_true_prize_cannot_change_its_bet_when_the_samples_are_the_same():
    rng = random.Random(5)
    samples = [View(hunch(8), 0).sample_state(rng) for _ in range(20)]
    bets = set()
    for prize in (8, 1, 2):  # the truth differs; what the bot may know does not
        agent = ISMCTSAgent(iterations=60, seed=2)
        bets.add(agent.act(PublicView(View(hunch(prize), 0), samples)))
        statistics = agent.last_statistics
    assert bets == {LOW}
    assert len({tuple(statistics.items())}) == 1


def test_its_bet_follows_the_view_not_the_true_prize():
    """With the real sampler: the same seed bets the same, whatever the prize is."""
    for prize in (8, 1):
        agent = ISMCTSAgent(iterations=60, seed=2)
        assert agent.act(View(hunch(prize), 0)) == LOW
        _, mean = agent.last_statistics[LOW]
        assert 0.3 < mean < 0.9  # about 4/5 - 1/5: wins when the prize is one of four low


def test_the_case_tells_a_peeker_from_an_honest_bot():
    """Searching the true state (a cheat) bets high on the 8: the checks above could fail."""
    assert ISMCTSAgent(iterations=60).act(PeekingView(hunch(8), 0)) == HIGH
    assert ISMCTSAgent(iterations=60).act(PeekingView(hunch(1), 0)) == LOW


def test_it_makes_the_best_bet_of_a_solitaire_in_every_deal():
    """One player: with ``h`` high cards of 1..8 in hand, ``4 - h`` high and ``1 + h`` low
    ones are unseen, so the best bet is low when ``h >= 2`` (never a tie: five unseen)."""
    game = HunchGame.load()
    for seed in range(30):
        state = game.new_game(seed)
        high = sum(card > 4 for card in state.hands[0])
        best = LOW if high >= 2 else HIGH
        assert ISMCTSAgent(iterations=150, seed=seed).act(View(state, 0)) == best, seed


def test_the_team_return_backs_up_to_every_player_of_a_three_player_game():
    """Three bettors win only together. Player 2, holding 10, 11, 12, sees six low cards
    of nine unseen — alone it would bet low — but after two bets on high only high can
    still win for the team, whose return is everybody's: it bets high."""
    game = HunchGame.load(players=3, cards=12, hand=3)
    state = game.new_game(0).arrange(hands=[[1, 2, 3], [4, 5, 6], [10, 11, 12]], prize=9)
    bets = []
    for p in range(3):
        bet = ISMCTSAgent(iterations=150, seed=p).act(View(state, p))
        bets.append(bet.side)
        state.apply(bet)
    assert bets == ["high", "high", "high"]
    alone = HunchGame.load(players=1, cards=12, hand=3).new_game(0)
    alone.arrange(hands=[[10, 11, 12]], prize=9)
    assert ISMCTSAgent(iterations=150).act(View(alone, 0)) == LOW


def test_one_legal_action_spends_no_samples():
    state = HunchGame.load(players=2).new_game(0)
    state.legal_actions = lambda: [HIGH]  # a position with a single move
    view = PublicView(View(state, 0))
    agent = ISMCTSAgent(iterations=5)
    assert agent.act(view) == HIGH
    assert view.calls == 0
    assert agent.last_iterations == 0


def test_a_time_budget_stops_the_search_and_the_iterations_still_cap_it():
    view = PublicView(View(hunch(8), 0))
    agent = ISMCTSAgent(iterations=None, time_budget=0.05)
    assert agent.act(view) in (HIGH, LOW)
    assert view.calls == agent.last_iterations >= 1
    capped = PublicView(View(hunch(8), 0))
    agent = ISMCTSAgent(iterations=7, time_budget=30.0)
    agent.act(capped)
    assert capped.calls == 7


@pytest.mark.parametrize(
    "kwargs, name",
    [
        ({"iterations": 0}, "iterations"),
        ({"iterations": 2.5}, "iterations"),
        ({"iterations": True}, "iterations"),
        ({"iterations": None}, "iterations"),
        ({"exploration": -1}, "exploration"),
        ({"exploration": "high"}, "exploration"),
        ({"time_budget": 0}, "time_budget"),
        ({"playout_cap": -3}, "playout_cap"),
        ({"progress_weight": -0.5}, "progress_weight"),
        ({"progress_weight": 2}, "progress_weight"),
        ({"progress_weight": True}, "progress_weight"),
        ({"progress_weight": "far"}, "progress_weight"),
        ({"playout_agent": "Trader"}, "playout_agent"),
    ],
)
def test_bad_settings_fail_naming_the_setting(kwargs, name):
    with pytest.raises(InvalidParameter, match=name) as error:
        ISMCTSAgent(**kwargs)
    assert error.value.name == name


def test_a_playout_cap_of_zero_judges_by_the_tree_alone():
    """No random moves after the tree: a one-move solitaire is still searched to its end."""
    agent = ISMCTSAgent(iterations=60, playout_cap=0)
    assert agent.act(View(hunch(8), 0)) == LOW


# -- graded losses (``progress_weight``) --------------------------------------------------
class ProgressState(ExpeditionState):
    """Expedition with the ``progress`` hook: the share of the route cards laid."""

    def progress(self) -> float:
        return sum(self.routes) / (len(self.routes) * self.game.ranks)


class ProgressExpedition(ExpeditionGame):
    name = "toy_expedition_progress"
    state_class = ProgressState


def expedition(routes, hand):
    """Player 0 to move with ``hand`` (``[colour index, rank]`` pairs) on ``routes``: three
    routes of five, a teammate holding three cards, the rest and three storms in the deck."""
    state = ProgressExpedition.load().new_game(0)
    cards = {(c, r) for c in range(3) for r in range(1, 6)}
    laid = {(c, r) for c, n in enumerate(routes) for r in range(1, n + 1)}
    rest = sorted(cards - laid - {tuple(card) for card in hand})
    return state.arrange(hands=[hand, rest[:3]], deck=rest[3:] + ["storm"] * 3, routes=routes)


def test_a_playout_that_did_not_win_backs_up_minus_one_plus_the_weighted_progress():
    """Cut short after the tree (``playout_cap=0``), four iterations for four moves, each
    expanded once: its mean is exactly ``-1 + w·progress`` of the routes it leaves,
    however the sampled draw goes; without the weight every move is the cut-short 0,
    no signal to choose by."""
    state = expedition([2, 0, 0], [[0, 3], [1, 2], [2, 5]])  # only red 3 can be laid
    graded = ISMCTSAgent(iterations=4, playout_cap=0, progress_weight=1.5)
    assert graded.act(View(state, 0)) == Lay("red", 3)
    means = {str(a): mean for a, (_, mean) in graded.last_statistics.items()}
    assert means.pop("lay red 3 on the red route") == pytest.approx(-1 + 1.5 * 3 / 15)
    assert means and all(mean == pytest.approx(-1 + 1.5 * 2 / 15) for mean in means.values())
    plain = ISMCTSAgent(iterations=4, playout_cap=0)
    plain.act(View(state, 0))
    assert {mean for _, mean in plain.last_statistics.values()} == {0.0}


def test_random_playouts_that_never_win_are_told_apart_by_their_progress():
    """Played out to the end at random, this deal is always lost (a route card goes to the
    discards): plain returns are -1 for every move; graded, laying the card is best."""
    state = expedition([2, 0, 0], [[0, 3], [1, 2], [2, 5]])
    plain = ISMCTSAgent(iterations=60)
    plain.act(View(state, 0))
    assert {mean for _, mean in plain.last_statistics.values()} == {-1.0}
    graded = ISMCTSAgent(iterations=60, progress_weight=1.0)
    assert graded.act(View(state, 0)) == Lay("red", 3)
    means = {a: mean for a, (_, mean) in graded.last_statistics.items()}
    assert max(means, key=means.get) == Lay("red", 3)


def test_a_win_beats_every_graded_loss_even_at_the_largest_weight():
    """Blue 5 completes every route: its +1 tops a loss at progress 14/15 graded at 1.99."""
    state = expedition([5, 5, 4], [[2, 5]])
    agent = ISMCTSAgent(iterations=30, playout_cap=0, progress_weight=1.99)
    assert agent.act(View(state, 0)) == Lay("blue", 5)
    statistics = agent.last_statistics
    assert statistics[Lay("blue", 5)][1] == 1.0
    others = [mean for a, (_, mean) in statistics.items() if a != Lay("blue", 5)]
    assert others and max(others) < 1.0


class UnaskedState(MarketState):
    """A competitive toy whose ``progress`` must never be called."""

    def progress(self) -> float:
        raise AssertionError("progress read in a competitive game")


class UnaskedMarket(MarketGame):
    name = "toy_market_unasked"
    state_class = UnaskedState


def test_the_weight_changes_nothing_where_the_game_gives_no_grading():
    """A competitive game is never graded (its ``progress`` is not even read), and a
    cooperative one without ``progress`` (Hunch) plays the same moves with or without it."""
    game = UnaskedMarket.load()
    play(game, [ISMCTSAgent(iterations=8, progress_weight=1.0) for _ in range(2)], seed=1)
    for prize in (8, 1):
        weighted = ISMCTSAgent(iterations=60, seed=2, progress_weight=1.0)
        weighted.act(View(hunch(prize), 0))
        plain = ISMCTSAgent(iterations=60, seed=2)
        plain.act(View(hunch(prize), 0))
        assert weighted.last_statistics == plain.last_statistics


# -- playouts cut off and judged by the standing (issue 29, part 5) ----------------------
class RecordingView(PublicView):
    """A public view that keeps every sample it hands out, to read how deep each went."""

    def __init__(self, view: View) -> None:
        super().__init__(view)
        self.samples: list = []

    def sample_state(self, rng: random.Random):
        sample = super().sample_state(rng)
        self.samples.append(sample)
        return sample


class LowCoin(CoinGame):
    """Coin where the fewest gems lead: the standing must read its scores upside down."""

    name = "toy_coin_low"
    score_order = "low"


def gem_means(agent, game):
    """The mean return of the gem and of the other stones after ``agent`` searched the
    first pick of ``game`` (4 stones, the 4th the gem)."""
    agent.act(View(game.new_game(0), 0))
    means = {a.stone: mean for a, (_, mean) in agent.last_statistics.items()}
    return means[4], {means[k] for k in (1, 2, 3)}


def test_a_playout_cut_short_backs_up_the_standing_of_the_scores():
    """No random move after the tree (cap 0), one iteration a stone: the gem puts the
    picker ahead (+1), any other stone leaves both at 0 gems (a tie: 0). Before the
    standing, every stone backed up the unfinished 0."""
    game = CoinGame.load(luck=0)
    assert gem_means(ISMCTSAgent(iterations=4, playout_cap=0), game) == (1.0, {0.0})
    assert gem_means(ISMCTSAgent(iterations=4, playout_cap=0), LowCoin.load(luck=0)) == (
        -1.0,
        {0.0},
    )


def test_evaluate_gives_the_worths_the_standing_ranks():
    """A worth that counts gems against the picker turns the gem into the worst stone, and
    a worth alike for everybody backs up 0 (a tie), as the unfinished game's returns did."""
    game = CoinGame.load(luck=0)
    against = ISMCTSAgent(iterations=4, playout_cap=0, evaluate=lambda s: [-g for g in s.gems])
    assert gem_means(against, game) == (-1.0, {0.0})
    flat = ISMCTSAgent(iterations=4, playout_cap=0, evaluate=lambda s: [0, 0])
    assert gem_means(flat, game) == (0.0, {0.0})
    assert "evaluate=" in repr(against)
    with pytest.raises(InvalidParameter, match="evaluate"):
        ISMCTSAgent(evaluate="gold")


def test_the_playouts_stop_at_the_cap_by_default():
    """Kombo Afrika's random playouts run about 150 actions to the end: by default each
    stops after ``PLAYOUT_CAP``; ``playout_cap=None`` still plays them to the end."""
    from boardlab.sim.mcts import PLAYOUT_CAP

    state = boardlab.load("kombo_afrika").new_game(2)
    capped = ISMCTSAgent(iterations=20)
    capped.act(View(state, 0))
    assert PLAYOUT_CAP * 20 * 0.8 <= capped.last_playout_steps <= PLAYOUT_CAP * 20
    whole = ISMCTSAgent(iterations=20, playout_cap=None)
    whole.act(View(state, 0))
    assert whole.last_playout_steps > 50 * 20


class ForcedState(CoinState):
    """Coin where player 1 never has a choice: one stone, always the first."""

    def legal_actions(self) -> list:
        legal = super().legal_actions()
        return legal[:1] if self.current_player == 1 else legal


class ForcedCoin(CoinGame):
    name = "toy_coin_forced"
    state_class = ForcedState


def test_a_forced_move_in_the_tree_does_not_end_the_descent():
    """Four iterations expand player 0's four stones; the fifth goes down one of them to
    player 1's forced pick and on to player 0's next real choice, expanding it in the
    same iteration: three moves deep (two when a forced move ended the descent)."""
    view = RecordingView(View(ForcedCoin.load(rounds=2).new_game(0), 0))
    ISMCTSAgent(iterations=5, playout_cap=0).act(view)
    assert [len(sample.history) for sample in view.samples] == [1, 1, 1, 1, 3]


class FirstMover:
    """A playout agent that plays the first legal move, keeping what it was shown."""

    seen: ClassVar[list] = []
    seeds: ClassVar[list] = []

    def reset(self, seed: int) -> None:
        FirstMover.seeds.append(seed)

    def act(self, view):
        legal = view.legal_actions()
        FirstMover.seen.append((view.player, len(legal)))
        return legal[0]


def test_a_playout_agent_plays_every_playout_move_through_its_view():
    """Each playout move is the playout agent's, asked through the mover's view of the
    sample (which offers it the moves: it is that player's turn); the agents, one a seat,
    are re-seeded at each decision from the search's own generator, so the same seed
    searches alike."""
    FirstMover.seen, FirstMover.seeds = [], []
    state = boardlab.load("kombo_afrika").new_game(2)
    agent = ISMCTSAgent(iterations=20, playout_agent=FirstMover, seed=3)
    first = agent.act(View(state, 0))
    assert len(FirstMover.seen) == agent.last_playout_steps > 20
    assert all(options > 0 for _, options in FirstMover.seen)
    assert {player for player, _ in FirstMover.seen} <= {0, 1}
    seeds = FirstMover.seeds
    assert len(seeds) == 2 and len(agent._players) == 2
    FirstMover.seeds = []
    again = ISMCTSAgent(iterations=20, playout_agent=FirstMover, seed=3)
    assert again.act(View(state, 0)) == first and FirstMover.seeds == seeds
    assert "playout_agent=FirstMover" in repr(again)


def test_jambo_searches_with_traders_playouts_judged_by_worth():
    """Jambo's ``SEARCH`` (issue 29): Traders play the playouts, ``worth`` judges them as a
    lead in units of 30 gold, the search stopped once decided."""
    from boardlab.games.jambo.bots import Trader
    from boardlab.games.jambo.worth import worth
    from boardlab.sim.lineup import mcts_agent

    agent = mcts_agent(boardlab.load("jambo"), "200")
    assert (agent.playout_agent, agent.evaluate, agent.iterations) == (Trader, worth, 200)
    assert (agent.playout_cap, agent.lead_scale, agent.stop_when_decided) == (10, 30.0, True)


def test_jambo_worth_prices_wares_cards_and_utilities_in_gold():
    """40 gold of 60: holdings count 0.2 + 0.8 x (1 - 40/60) of their price. Player 0 holds
    a stand (1), a utility in play (2), in hand KKK (1.5), a Guard (1) and a Well (1,
    a utility that would fit) and 3 trinkets, which KKK would sell (3 x 2.5): 14."""
    from boardlab.games.jambo.worth import worth

    state = boardlab.load("jambo").new_game(3)
    state.gold = [40, 20]
    state.market = [[3, 0, 0, 0, 0, 0], [0, 0, 0, 0, 0, 0]]
    state.hands = [["KKK", "Guard", "Well"], []]
    state.ready, state.spent, state.stands = [["Boat"], []], [[], []], [1, 0]
    assert worth(state) == pytest.approx([40 + (0.2 + 0.8 / 3) * 14, 20])
    state.market[0] = [0, 3, 0, 0, 0, 0]  # hides, which no card in hand sells: 3 x 1.5
    assert worth(state)[0] == pytest.approx(40 + (0.2 + 0.8 / 3) * 11)
    state.gold = [60, 20]  # the game ends this round: holdings at a fifth
    assert worth(state)[0] == pytest.approx(60 + 0.2 * 11)


def test_a_sample_is_played_untold():
    """Nobody reads a sample's narration: the rules build none while it is searched."""
    from boardlab.core.events import UNTOLD

    view = RecordingView(View(boardlab.load("kilimanjaro", players=2).new_game(4), 0))
    ISMCTSAgent(iterations=3).act(view)
    assert all(sample._log is UNTOLD for sample in view.samples)


def test_the_bench_reports_seconds_per_game_against_the_heuristic():
    """``python -m boardlab.bench --mcts``: a report, not a timed test — its numbers only
    have to exist and agree with what the search did (its capped playouts)."""
    from boardlab.bench import mcts_game_time

    report = mcts_game_time("kalimambo", iterations=5, games=1)
    assert (report["game"], report["players"], report["games"]) == ("kalimambo", 5, 1)
    assert report["s_per_game"] > 0 and report["actions_per_game"] == 60
    assert report["iterations_per_game"] == 5 * report["searched_per_game"] > 0
    assert 0 < report["playout_steps"] <= 10


def test_the_bench_times_the_same_games_in_another_checkout(tmp_path):
    """``python -m boardlab.bench --mcts --against ROOT``: each side is a process with its
    own ``boardlab``, the same games played on both. Two sides of this very checkout play
    the same moves (the same actions a game), and each side's ratio is to the first."""
    import pathlib

    from boardlab.bench import MCTS_WORKER, Worker, mcts_against

    root = str(pathlib.Path(boardlab.__file__).resolve().parent.parent)
    sides = [Worker(root, MCTS_WORKER), Worker(root, MCTS_WORKER)]
    try:
        report = mcts_against("kalimambo", sides, iterations=3, games=2)
    finally:
        for side in sides:
            side.close()
    this, base = report["sides"]
    assert report["games"] == 2 and this["ratio_wall"] == this["ratio_cpu"] == 1.0
    assert this["actions_per_game"] == base["actions_per_game"] == 60
    assert base["s_per_game"] > 0 and base["ratio_cpu"] > 0


# -- a lead instead of a ranking (``lead_scale``) ------------------------------------------
def test_a_lead_scale_backs_up_the_lead_in_its_units_not_who_leads():
    """Coin, cap 0: the gem puts its picker one gem ahead. Ranked, that is +1; as a lead in
    units of 4 gems, +0.25 — and the other stones still tie (0). Fewest-gems-lead reads
    the lead upside down; a scale below the lead keeps the return within [-1, 1]."""
    game = CoinGame.load(luck=0)
    assert gem_means(ISMCTSAgent(iterations=4, playout_cap=0, lead_scale=4), game) == (
        0.25,
        {0.0},
    )
    low = LowCoin.load(luck=0)
    assert gem_means(ISMCTSAgent(iterations=4, playout_cap=0, lead_scale=4), low) == (
        -0.25,
        {0.0},
    )
    assert gem_means(ISMCTSAgent(iterations=4, playout_cap=0, lead_scale=0.5), game) == (
        1.0,
        {0.0},
    )
    assert "lead_scale=4.0" in repr(ISMCTSAgent(lead_scale=4))


def test_with_three_players_each_lead_is_over_the_best_of_the_others():
    class Three:
        num_players, score_order, cooperative = 3, "high", False

    agent = ISMCTSAgent(lead_scale=4, evaluate=lambda state: [5.0, 3.0, -9.0])
    assert agent._standing(Three())(None) == [0.5, -0.5, -1.0]  # 5-3, 3-5, -9-5 (kept at -1)


@pytest.mark.parametrize("bad", [0, -2, True, "far", None])
def test_a_bad_lead_scale_or_stop_fails_naming_it(bad):
    if bad is not None:
        with pytest.raises(InvalidParameter, match="lead_scale"):
            ISMCTSAgent(lead_scale=bad)
    with pytest.raises(InvalidParameter, match="stop_when_decided"):
        ISMCTSAgent(stop_when_decided=bad if bad is not True else 1)


# -- stopping once the move is decided (``stop_when_decided``) -------------------------------
def test_stopping_when_decided_plays_the_move_the_whole_budget_plays():
    """Hunch, a clear bet: the search stops before its 200 iterations, once the low bet
    leads by more visits than are left; the whole budget bets the same, and a search of
    just the iterations that ran has the very same tree at its root (same seed, same
    numbers drawn)."""
    for seed in range(5):
        early = ISMCTSAgent(iterations=200, seed=seed, stop_when_decided=True)
        whole = ISMCTSAgent(iterations=200, seed=seed)
        view = View(hunch(8), 0)
        assert early.act(view) == whole.act(view) == LOW
        assert whole.last_iterations == 200 and 100 < early.last_iterations < 200
        visits = sorted(v for v, _ in early.last_statistics.values())
        assert visits[-1] - visits[-2] > 200 - early.last_iterations  # nothing could catch up
        just = ISMCTSAgent(iterations=early.last_iterations, seed=seed)
        just.act(view)
        assert just.last_statistics == early.last_statistics
    assert "stop_when_decided=True" in repr(early) and "stop" not in repr(whole)


def test_kombo_afrika_judges_each_new_leaf_by_the_score_lead():
    """Kombo Afrika's ``SEARCH`` (issue 29): no playout, the lead in units of 40 points,
    the search stopped once decided."""
    from boardlab.sim.lineup import mcts_agent

    agent = mcts_agent(boardlab.load("kombo_afrika"), "200")
    assert (agent.playout_cap, agent.lead_scale, agent.stop_when_decided) == (0, 40.0, True)
    assert (agent.iterations, agent.playout_agent, agent.evaluate) == (200, None, None)
