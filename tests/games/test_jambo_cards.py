"""Rule tests of Jambo's cards, one per card of the card list and one per rule decision
(an uncertain reading, or a question the cards leave open): arrange, play the card, answer
its decisions and check gold, wares, hands, piles, actions left and who decides next."""

from __future__ import annotations

import pytest
from test_jambo import play, refused, situation, texts

from boardlab.games.jambo import (
    Bid,
    ChooseCard,
    ChooseOption,
    ChooseUtility,
    ChooseWare,
    Done,
    EndTurn,
    Pass,
    PlayCard,
    PlayWare,
    React,
    UseUtility,
)
from boardlab.games.jambo.narration import pending_text

K, H, T, L, F, S = range(6)


# -- utilities -----------------------------------------------------------------
@pytest.mark.rule("jambo:well")
def test_well_pays_one_gold_and_draws_one_card():
    state = situation(utilities=[["Well"], []], deck=["Ape", "Guard"], gold=[3, 0])
    play(state, UseUtility("Well"))
    assert state.gold == [2, 0] and state.hands[0] == ["Ape"] and state.actions == 4


@pytest.mark.rule("jambo:drums")
def test_drums_returns_a_ware_and_draws_a_card():
    state = situation(utilities=[["Drums"], []], markets=["KT", ""], deck=["Ape"])
    play(state, UseUtility("Drums"))
    assert state.legal_actions() == [ChooseWare(K), ChooseWare(T)]
    play(state, ChooseWare(T))
    assert state.market[0][T] == 0 and state.supply[T] == 6 and state.hands[0] == ["Ape"]


@pytest.mark.rule("jambo:throne")
def test_throne_swaps_one_of_your_wares_with_one_of_the_opponents():
    state = situation(utilities=[["Throne"], []], markets=["K", "TS"])
    play(state, UseUtility("Throne"), ChooseWare(K))
    assert state.legal_actions() == [ChooseWare(T), ChooseWare(S)]
    play(state, ChooseWare(S))
    assert state.market[0] == [0, 0, 0, 0, 0, 1] and state.market[1] == [1, 0, 1, 0, 0, 0]


@pytest.mark.rule("jambo:boat")
def test_boat_discards_a_hand_card_for_a_ware_of_your_choice():
    state = situation(utilities=[["Boat"], []], hands=[["Guard"], []])
    play(state, UseUtility("Boat"), ChooseCard("Guard"), ChooseWare(L))
    assert state.hands[0] == [] and state.discard[-1] == "Guard" and state.market[0][L] == 1


@pytest.mark.rule("jambo:scale")
def test_scale_draws_two_keeps_one_and_gives_the_other_to_the_opponent():
    state = situation(utilities=[["Scale"], []], deck=["Ape", "Guard"])
    play(state, UseUtility("Scale"))
    assert state.legal_actions() == [ChooseCard("Ape"), ChooseCard("Guard")]
    play(state, ChooseCard("Guard"))
    assert state.hands == [["Guard"], ["Ape"]] and state.known[0] == ["Ape"]


@pytest.mark.rule("jambo:mask")
def test_mask_swaps_a_hand_card_with_the_top_of_the_discard_stack():
    state = situation(utilities=[["Mask of Transformation"], []], hands=[["Guard"], []],
                      discard=["Ape", "Well"])  # fmt: skip
    play(state, UseUtility("Mask of Transformation"), ChooseCard("Guard"))
    assert state.hands[0] == ["Ape"] and state.discard[-2:] == ["Well", "Guard"]


@pytest.mark.rule("jambo:supplies")
def test_supplies_reveals_cards_until_a_ware_card():
    state = situation(utilities=[["Supplies"], []], deck=["Ape", "Guard", "KKF", "Well"],
                      gold=[5, 5])  # fmt: skip
    play(state, UseUtility("Supplies"))
    assert state.legal_actions() == [ChooseOption("pay_gold")]  # no hand card to discard
    play(state, ChooseOption("pay_gold"))
    assert state.gold[0] == 4 and state.hands[0] == ["KKF"]
    assert state.discard[-2:] == ["Ape", "Guard"] and state.deck[-1] == "Well"


@pytest.mark.rule("jambo:kettle")
def test_kettle_discards_one_or_two_cards_and_draws_as_many():
    state = situation(utilities=[["Kettle"], []], hands=[["Guard", "Ape"], []],
                      deck=["KKF", "Well", "Lion"])  # fmt: skip
    play(state, UseUtility("Kettle"), ChooseCard("Guard"))
    assert state.legal_actions() == [ChooseCard("Ape"), Done()]
    play(state, ChooseCard("Ape"))
    assert state.hands[0] == ["KKF", "Well"] and state.discard[-2:] == ["Guard", "Ape"]
    state = situation(utilities=[["Kettle"], []], hands=[["Guard", "Ape"], []], deck=["KKF"])
    play(state, UseUtility("Kettle"), ChooseCard("Guard"), Done())
    assert sorted(state.hands[0]) == ["Ape", "KKF"]


@pytest.mark.rule("jambo:leopard-statue")
def test_leopard_statue_pays_two_gold_for_a_ware_of_your_choice():
    state = situation(utilities=[["Leopard Statue"], []], gold=[2, 0])
    play(state, UseUtility("Leopard Statue"), ChooseWare(S))
    assert state.gold[0] == 0 and state.market[0][S] == 1
    state = situation(utilities=[["Leopard Statue"], []], gold=[1, 0])
    refused(state, UseUtility("Leopard Statue"), "Utilities")


@pytest.mark.rule("jambo:weapons")
def test_weapons_discards_a_hand_card_for_two_gold():
    state = situation(utilities=[["Weapons"], []], hands=[["Ape"], []], gold=[0, 0])
    play(state, UseUtility("Weapons"), ChooseCard("Ape"))
    assert state.gold[0] == 2 and state.hands[0] == []


# -- people --------------------------------------------------------------------
@pytest.mark.rule("jambo:rain-maker", "jambo:people")
def test_rain_maker_takes_the_ware_card_just_played_at_no_action():
    state = situation(hands=[["KKF"], ["Rain Maker"]], gold=[20, 20])
    play(state, PlayWare("KKF", False))
    assert state.current_player == 1
    assert state.legal_actions() == [React("Rain Maker"), Pass()]
    play(state, React("Rain Maker"))
    assert state.hands[1] == ["KKF"] and state.discard[-1] == "Rain Maker"
    assert state.market[0][K] == 2 and state.current_player == 0 and state.actions == 4
    assert state.known[0] == ["KKF"]


@pytest.mark.rule("jambo:shaman")
def test_shaman_exchanges_all_wares_of_one_type():
    state = situation(hands=[["Shaman"], []], markets=["KKT", "SSSSS"])
    play(state, PlayCard("Shaman"))
    assert state.legal_actions() == [ChooseWare(K), ChooseWare(T)]
    play(state, ChooseWare(K))
    assert ChooseWare(S) not in state.legal_actions()  # only 1 salt left in the supply
    play(state, ChooseWare(F))
    assert state.market[0] == [0, 0, 1, 0, 2, 0] and state.supply[K] == 6


@pytest.mark.rule("jambo:psychic", "jambo:psychic-cards")
def test_psychic_looks_at_the_top_six_and_takes_one():
    deck = ["Ape", "Guard", "Well", "KKF", "Lion", "Drums", "Snake"]
    state = situation(hands=[["Psychic"], []], deck=deck)
    play(state, PlayCard("Psychic"))
    assert [a.card for a in state.legal_actions()] == sorted(deck[:6])
    play(state, ChooseCard("Well"))
    assert state.hands[0] == ["Well"]
    assert list(reversed(state.deck[-6:])) == ["Ape", "Guard", "KKF", "Lion", "Drums", "Snake"]
    assert state.observation(0)["deck_top_known"] == ["Ape", "Guard", "KKF", "Lion", "Drums"]
    state = situation({"psychic_cards": 5}, hands=[["Psychic"], []], deck=deck)
    play(state, PlayCard("Psychic"))
    assert [a.card for a in state.legal_actions()] == sorted(deck[:5])


@pytest.mark.rule("jambo:psychic-short-supply", "jambo:reshuffle")
def test_a_psychic_with_fewer_than_six_cards_left_reshuffles_the_discards_beneath_them():
    """Rule decision ``psychic_short_supply="reshuffle"``: 3 cards are left, so the discard
    stack is shuffled beneath them, as drawing them one by one and running out would do;
    the Psychic sees 6 cards, the 3 left on top in their order."""
    state = situation(hands=[["Psychic"], []], deck=["Ape", "Guard", "Well"])
    discards = len(state.discard) + 1  # and the Psychic, discarded when played
    play(state, PlayCard("Psychic"))
    assert state.pending[-1]["n"] == 6 and state.discard == []
    assert len(state.deck) == discards + 3
    top = list(reversed(state.deck[-6:]))
    assert top[:3] == ["Ape", "Guard", "Well"]
    assert [a.card for a in state.legal_actions()] == sorted(set(top))
    assert texts(state)[-2] == (
        f"the card supply holds 3 cards, fewer than the 6 the Psychic looks at: the discard "
        f"stack ({discards} cards) is shuffled and put beneath them"
    )
    assert texts(state, 0)[-1] == f"player 0 looks at the top of the card supply: {', '.join(top)}"
    play(state, ChooseCard("Guard"))
    assert state.hands[0] == ["Guard"] and state.deck[-2:] == ["Well", "Ape"]
    state = situation({"psychic_short_supply": "what_is_left"}, hands=[["Psychic"], []],
                      deck=["Ape", "Guard", "Well"])  # fmt: skip
    play(state, PlayCard("Psychic"))
    assert state.legal_actions() == [ChooseCard("Ape"), ChooseCard("Guard"), ChooseCard("Well")]
    assert state.pending[-1]["n"] == 3 and len(state.deck) == 3


@pytest.mark.rule("jambo:tribal-elder")
def test_tribal_elder_draws_to_five_or_makes_the_opponent_discard_to_three():
    state = situation(hands=[["Tribal Elder", "Ape"], []], deck=["KKF", "Well", "Lion", "Guard"])
    play(state, PlayCard("Tribal Elder"), ChooseOption("draw"))
    assert sorted(state.hands[0]) == ["Ape", "Guard", "KKF", "Lion", "Well"]
    state = situation(hands=[["Tribal Elder"], ["Ape", "Guard", "Well", "Lion", "KKF"]])
    play(state, PlayCard("Tribal Elder"), ChooseOption("discard"))
    assert state.current_player == 1
    play(state, ChooseCard("Guard"), ChooseCard("KKF"))
    assert sorted(state.hands[1]) == ["Ape", "Lion", "Well"] and state.current_player == 0


@pytest.mark.rule("jambo:wise-man")
def test_wise_man_makes_buys_two_cheaper_and_sales_two_dearer_this_turn():
    state = situation(hands=[["Wise Man from Afar", "KKF", "HHH"], []], markets=["HHH", ""],
                      gold=[20, 20], stands=[1, 0])  # fmt: skip
    play(state, PlayCard("Wise Man from Afar"), PlayWare("KKF", False), Pass())
    assert state.gold[0] == 18
    play(state, PlayWare("HHH", True), Pass())
    assert state.gold[0] == 30
    play(state, EndTurn())
    assert state.wise == 0


@pytest.mark.rule("jambo:wise-man-stacks", "jambo:wise-man")
def test_two_wise_men_in_one_turn_each_give_their_bonus():
    """Rule decision ``wise_man_stacks=True``: each Wise Man does what his card says, so two
    make buys 4 cheaper and sales 4 dearer; the variant counts one Wise Man a turn."""
    hands = [["Wise Man from Afar", "Wise Man from Afar", "KKF", "HHH"], []]
    setup = dict(hands=hands, markets=["HHH", ""], gold=[20, 20], stands=[1, 0])
    state = situation(**setup)
    play(state, PlayCard("Wise Man from Afar"), PlayCard("Wise Man from Afar"))
    assert state.wise == 2
    assert texts(state)[-1] == "player 0's ware cards buy for 4 less and sell for 4 more this turn"
    play(state, PlayWare("KKF", False), Pass())
    assert state.gold[0] == 20  # 4 - 4
    play(state, PlayWare("HHH", True), Pass())
    assert state.gold[0] == 34  # 10 + 4
    state = situation({"wise_man_stacks": False}, **setup)
    play(state, PlayCard("Wise Man from Afar"), PlayCard("Wise Man from Afar"))
    assert state.wise == 1
    assert texts(state)[-1] == (
        "player 0's second Wise Man adds nothing: one Wise Man a turn counts (variant)"
    )
    play(state, PlayWare("KKF", False), Pass(), PlayWare("HHH", True), Pass())
    assert state.gold[0] == 20 - 2 + 12


@pytest.mark.rule("jambo:wise-man-portuguese", "jambo:wise-man-sales")
def test_the_wise_mans_bonus_on_a_portuguese_is_once_a_play_or_for_every_ware():
    """Rule decisions ``wise_man_all_sales`` (default: the Wise Man is about ware cards) and
    ``wise_man_portuguese`` (where he reaches the Portuguese: 2 gold more once a play, as a
    ware card selling three wares earns it once; or, variant, for every ware sold)."""
    hands = [["Wise Man from Afar", "Portuguese"], []]
    for params, gold in (
        ({}, [2, 2, 2]),
        ({"wise_man_all_sales": True}, [4, 2, 2]),
        ({"wise_man_all_sales": True, "wise_man_portuguese": "per_ware"}, [4, 4, 4]),
        ({"wise_man_portuguese": "per_ware"}, [2, 2, 2]),  # only where he reaches it
    ):
        state = situation(params, hands=hands, markets=["KTS", ""], gold=[0, 0])
        play(state, PlayCard("Wise Man from Afar"), PlayCard("Portuguese"))
        play(state, ChooseWare(K), ChooseWare(T), ChooseWare(S))
        assert state.gold[0] == sum(gold), params
        sales = [t for t in texts(state) if " sells " in t]
        assert sales == [
            f"player 0 sells 1 {name} for {g} gold"
            for name, g in zip(("trinket", "tea", "salt"), gold, strict=True)
        ], params


@pytest.mark.rule("jambo:portuguese", "jambo:wise-man-sales")
def test_portuguese_sells_any_number_of_wares_for_two_gold_each():
    state = situation(hands=[["Portuguese"], []], markets=["KKT", ""], gold=[0, 0])
    play(state, PlayCard("Portuguese"), ChooseWare(K), ChooseWare(T), Done())
    assert state.gold[0] == 4 and state.market[0] == [1, 0, 0, 0, 0, 0]
    hands = [["Wise Man from Afar", "Portuguese"], []]
    for all_sales, gold in ((False, 2), (True, 4)):
        state = situation({"wise_man_all_sales": all_sales}, hands=hands, markets=["K", ""],
                          gold=[0, 0])  # fmt: skip
        play(state, PlayCard("Wise Man from Afar"), PlayCard("Portuguese"), ChooseWare(K))
        assert state.gold[0] == gold


@pytest.mark.rule("jambo:basket-maker")
def test_basket_maker_pays_two_for_two_wares_of_one_type():
    state = situation(hands=[["Basket Maker"], []], gold=[5, 0])
    play(state, PlayCard("Basket Maker"), ChooseWare(F))
    assert state.gold[0] == 3 and state.market[0][F] == 2 and state.supply[F] == 4
    assert texts(state)[-1] == "player 0 takes 2 fruit from the supply"


@pytest.mark.rule("jambo:wares-choose", "jambo:basket-maker", "jambo:sixth-space")
def test_basket_makers_wares_that_do_not_fit_are_the_players_choice():
    """ "Important Rules": with room for 1 of the 2 tea (the large stand's 6th space), the
    player chooses: take 1 and pay the 6th space's 2 gold, or leave both in the supply."""
    setup = dict(hands=[["Basket Maker"], []], markets=["KKKKK", ""], gold=[10, 0])
    state = situation(**setup)
    play(state, PlayCard("Basket Maker"), ChooseWare(T))
    assert state.gold[0] == 8 and state.supply[T] == 4 and state.current_player == 0
    assert state.legal_actions() == [ChooseWare(T), Done()]
    assert [state.game.choice_path(state, a) for a in state.legal_actions()] == [
        ("take 1 tea and pay 2 gold for the large stand's 6th space",),
        ("leave 2 tea in the supply",),
    ]
    assert pending_text(state) == (
        "player 0 has room for 1 of the Basket Maker's 2 tea: takes one, or leaves the rest in "
        "the supply"
    )
    assert state.conservation()["wares"] == (36, 36)  # the 2 tea held by the decision
    play(state, Done())
    assert state.gold[0] == 8 and state.market[0] == [5, 0, 0, 0, 0, 0] and state.supply[T] == 6
    assert texts(state)[-1] == "player 0 leaves 2 tea in the supply"
    assert state.current_player == 0 and state.actions == 4
    state = situation(**setup)
    play(state, PlayCard("Basket Maker"), ChooseWare(T), ChooseWare(T))
    assert state.gold[0] == 6 and state.market[0][T] == 1 and state.supply[T] == 5
    assert texts(state)[-3:] == [
        "player 0 fills the large stand's 6th space and pays 2 gold",
        "player 0 takes 1 tea from the supply",
        "player 0 leaves 1 tea in the supply",
    ]
    state = situation(**{**setup, "markets": ["KKKKKK", ""]})  # no room: nothing to choose
    play(state, PlayCard("Basket Maker"), ChooseWare(T))
    assert state.supply[T] == 6 and state.current_player == 0 and not state.pending
    assert texts(state)[-1] == "player 0 has no room on the stands: 2 tea stay in the supply"


@pytest.mark.rule("jambo:wares-choose", "jambo:carrier")
def test_carriers_wares_that_do_not_fit_are_their_receivers_choice():
    """The opponent receives the Carrier's wares; without gold for the 6th space he has room
    for 1 of the 2 trinkets, and chooses; then the turn goes on."""
    state = situation(hands=[["Carrier"], []], markets=["", "HHHH"], gold=[5, 1],
                      deck=["Ape", "Guard"])  # fmt: skip
    play(state, PlayCard("Carrier"), ChooseOption("carry_cards"), ChooseWare(K))
    assert state.current_player == 1 and state.legal_actions() == [ChooseWare(K), Done()]
    assert state.game.choice_path(state, ChooseWare(K)) == ("take 1 trinket",)
    play(state, ChooseWare(K))
    assert state.market[1][K] == 1 and state.supply[K] == 5 and state.gold == [5, 1]
    assert texts(state)[-2:] == [
        "player 1 takes 1 trinket from the supply",
        "player 1 leaves 1 trinket in the supply",
    ]
    assert state.current_player == 0 and sorted(state.hands[0]) == ["Ape", "Guard"]
    state = situation(hands=[["Carrier"], []], markets=["SSSSS", ""], gold=[5, 1],
                      deck=["Ape", "Guard"])  # fmt: skip
    play(state, PlayCard("Carrier"), ChooseOption("carry_wares"), ChooseWare(F), Done())
    assert state.market[0] == [0, 0, 0, 0, 0, 5] and state.supply[F] == 6
    assert sorted(state.hands[1]) == ["Ape", "Guard"] and state.current_player == 0


@pytest.mark.rule("jambo:traveling-merchant", "jambo:merchant-wares")
def test_traveling_merchant_auctions_two_wares_first_pass_ends_it():
    state = situation(hands=[["Traveling Merchant"], []], gold=[10, 3])
    play(state, PlayCard("Traveling Merchant"), ChooseWare(T), ChooseWare(S))
    assert state.current_player == 0 and Bid(1) in state.legal_actions()
    play(state, Bid(2))
    assert state.current_player == 1
    assert state.legal_actions() == [Bid(3), Pass()]
    play(state, Bid(3))
    assert state.legal_actions()[0] == Bid(4)
    play(state, Pass())
    assert state.gold == [10, 0] and state.market[1][T] == 1 and state.market[1][S] == 1
    assert state.supply[T] == 5 and state.current_player == 0
    state = situation({"merchant_wares": "own_market"}, hands=[["Traveling Merchant"], []],
                      markets=["KT", ""], gold=[10, 10])  # fmt: skip
    play(state, PlayCard("Traveling Merchant"), ChooseWare(K), ChooseWare(T))
    play(state, Bid(1), Bid(4), Pass())
    assert state.gold == [14, 6] and state.market == [[0] * 6, [1, 0, 1, 0, 0, 0]]


@pytest.mark.rule("jambo:arabian-merchant")
def test_arabian_merchant_auctions_the_top_three_cards_no_bid_discards_them():
    state = situation(hands=[["Arabian Merchant"], []], deck=["Ape", "Guard", "Well", "KKF"])
    play(state, PlayCard("Arabian Merchant"), Bid(1), Bid(2), Pass())
    assert sorted(state.hands[1]) == ["Ape", "Guard", "Well"] and state.gold[1] == 18
    state = situation(hands=[["Arabian Merchant"], []], deck=["Ape", "Guard", "Well", "KKF"])
    play(state, PlayCard("Arabian Merchant"), Pass())
    assert state.discard[-3:] == ["Ape", "Guard", "Well"] and state.hands == [[], []]


@pytest.mark.rule("jambo:dancer", "jambo:dancer-six-ware")
def test_dancer_returns_three_wares_for_a_ware_cards_sell_price():
    state = situation(hands=[["Dancer", "KHTLFS", "KKF"], []], markets=["HHTS", ""], gold=[0, 0])
    play(state, PlayCard("Dancer"))
    assert state.legal_actions() == [ChooseCard("KHTLFS"), ChooseCard("KKF")]
    play(state, ChooseCard("KHTLFS"), ChooseWare(H), ChooseWare(H), ChooseWare(S))
    assert state.gold[0] == 18 and state.market[0] == [0, 0, 1, 0, 0, 0]
    state = situation({"dancer_six_ware": False}, hands=[["Dancer", "KHTLFS", "KKF"], []],
                      markets=["HHTS", ""])  # fmt: skip
    play(state, PlayCard("Dancer"))
    assert state.legal_actions() == [ChooseCard("KKF")]


@pytest.mark.rule("jambo:carrier")
def test_carrier_gives_the_opponent_the_other_option():
    state = situation(hands=[["Carrier"], []], deck=["Ape", "Guard"])
    play(state, PlayCard("Carrier"), ChooseOption("carry_wares"), ChooseWare(T))
    assert state.market[0][T] == 2 and sorted(state.hands[1]) == ["Ape", "Guard"]
    state = situation(hands=[["Carrier"], []], deck=["Ape", "Guard"])
    play(state, PlayCard("Carrier"), ChooseOption("carry_cards"))
    assert state.current_player == 1 and sorted(state.hands[0]) == ["Ape", "Guard"]
    play(state, ChooseWare(K))
    assert state.market[1][K] == 2 and state.current_player == 0


@pytest.mark.rule("jambo:drummer")
def test_drummer_takes_a_utility_from_the_discard_stack():
    state = situation(hands=[["Drummer"], []], discard=["Ape", "Well"], rest="deck")
    play(state, PlayCard("Drummer"))
    assert state.legal_actions() == [ChooseCard("Well")]
    play(state, ChooseCard("Well"))
    assert state.hands[0] == ["Well"] and state.discard == ["Ape", "Drummer"]
    assert state.known[1] == ["Well"]


# -- animals -------------------------------------------------------------------
@pytest.mark.rule("jambo:crocodile", "jambo:crocodile-reading")
def test_crocodile_uses_the_opponents_utility_once_then_discards_it():
    state = situation(hands=[["Crocodile"], []], utilities=[[], ["Weapons"]],
                      gold=[0, 0])  # fmt: skip
    play(state, PlayCard("Crocodile"), Pass())
    assert state.legal_actions() == [ChooseUtility("Weapons", False)]
    play(state, ChooseUtility("Weapons", False))
    assert state.current_player == 0 and state.legal_actions() == [EndTurn()]  # no hand card
    assert state.ready[1] == [] and state.discard[-1] == "Weapons"
    state = situation(hands=[["Crocodile", "Ape"], []], utilities=[[], ["Weapons"]], gold=[0, 0])
    play(state, PlayCard("Crocodile"), Pass(), ChooseUtility("Weapons", False), ChooseCard("Ape"))
    assert state.gold[0] == 2 and state.actions == 4 and state.discard[-1] == "Weapons"
    state = situation({"crocodile": "discard_only"}, hands=[["Crocodile", "Ape"], []],
                      utilities=[[], ["Weapons"]], gold=[0, 0])  # fmt: skip
    play(state, PlayCard("Crocodile"), Pass(), ChooseUtility("Weapons", False))
    assert state.gold[0] == 0 and state.discard[-1] == "Weapons" and state.hands[0] == ["Ape"]


@pytest.mark.rule("jambo:parrot")
def test_parrot_takes_a_ware_from_the_opponents_market():
    state = situation(hands=[["Parrot"], []], markets=["", "TS"])
    play(state, PlayCard("Parrot"), Pass(), ChooseWare(S))
    assert state.market[0][S] == 1 and state.market[1] == [0, 0, 1, 0, 0, 0]


@pytest.mark.rule("jambo:hyena")
def test_hyena_looks_at_the_hand_takes_one_and_gives_one():
    state = situation(hands=[["Hyena", "Ape"], ["Guard", "KKF"]])
    play(state, PlayCard("Hyena"), Pass())
    assert sorted(state.known[0]) == ["Guard", "KKF"]
    assert state.legal_actions() == [ChooseCard("Guard"), ChooseCard("KKF")]
    play(state, ChooseCard("KKF"), ChooseCard("Ape"))
    assert sorted(state.hands[0]) == ["KKF"] and sorted(state.hands[1]) == ["Ape", "Guard"]
    assert sorted(state.known[0]) == ["Ape", "Guard"] and state.known[1] == ["KKF"]


@pytest.mark.rule("jambo:snake")
def test_snake_leaves_each_player_one_utility_of_their_choice():
    state = situation(hands=[["Snake"], []], utilities=[["Well", "Boat"], ["Drums", "Kettle"]])
    play(state, PlayCard("Snake"), Pass(), ChooseUtility("Boat", False))
    assert state.current_player == 1
    play(state, ChooseUtility("Kettle", False))
    assert state.ready == [["Boat"], ["Kettle"]] and state.current_player == 0
    assert {"Well", "Drums"} <= set(state.discard)


@pytest.mark.rule("jambo:elephant", "jambo:wares-choose")
def test_elephant_pools_the_wares_and_drafts_them_back():
    state = situation(hands=[["Elephant"], []], markets=["KKKKKH", "TTTTTS"], gold=[20, 0])
    play(state, PlayCard("Elephant"), Pass())
    assert state.market == [[0] * 6, [0] * 6] and len(state.pending[-1]["wares"]) == 12
    play(state, ChooseWare(S), ChooseWare(K))
    assert state.market[0][S] == 1 and state.market[1][K] == 1 and state.current_player == 0
    while state.pending:
        play(state, state.legal_actions()[0])
    # player 1 has no gold for the 6th space: 5 wares; the 12th returns to the supply
    assert (state.wares_on(0), state.wares_on(1)) == (6, 5)
    assert state.gold == [18, 0] and sum(state.supply) == 25
    assert state.conservation()["wares"] == (36, 36)


@pytest.mark.rule("jambo:ape")
def test_ape_pools_both_hands_and_drafts_them_back():
    state = situation(hands=[["Ape", "Well", "KKF"], ["Guard", "Lion"]])
    play(state, PlayCard("Ape"))
    play(state, Pass())
    assert state.hands == [[], []]
    play(state, ChooseCard("KKF"), ChooseCard("Well"), ChooseCard("Guard"), ChooseCard("Lion"))
    assert sorted(state.hands[0]) == ["Guard", "KKF"] and sorted(state.hands[1]) == ["Lion", "Well"]
    assert sorted(state.known[0]) == ["Lion", "Well"]


@pytest.mark.rule("jambo:lion")
def test_lion_pools_the_utilities_and_drafts_at_most_three_each():
    state = situation(
        hands=[["Lion"], []], utilities=[["Well", "Boat"], ["Drums", "Kettle", "Scale"]]
    )
    play(state, PlayCard("Lion"), Pass())
    for card in ("Scale", "Well", "Kettle", "Drums", "Boat"):
        play(state, ChooseUtility(card, False))
    assert sorted(state.ready[0]) == ["Boat", "Kettle", "Scale"]
    assert sorted(state.ready[1]) == ["Drums", "Well"]


@pytest.mark.rule("jambo:cheetah")
def test_cheetah_lets_the_opponent_choose_gold_or_cards():
    state = situation(hands=[["Cheetah"], []], gold=[5, 3], deck=["Ape", "Guard"])
    play(state, PlayCard("Cheetah"), Pass())
    assert state.current_player == 1
    assert state.legal_actions() == [ChooseOption("gold"), ChooseOption("cards")]
    play(state, ChooseOption("gold"))
    assert state.gold == [7, 1]
    state = situation(hands=[["Cheetah"], []], gold=[5, 1], deck=["Ape", "Guard"])
    play(state, PlayCard("Cheetah"), Pass())
    assert state.legal_actions() == [ChooseOption("cards")]
    play(state, ChooseOption("cards"))
    assert sorted(state.hands[0]) == ["Ape", "Guard"]


@pytest.mark.rule("jambo:mask-timing")
def test_the_mask_variant_allows_it_only_before_the_first_draw():
    setup = dict(utilities=[["Mask of Transformation"], []], hands=[["Ape"], []],
                 discard=["Well"], phase="draw")  # fmt: skip
    state = situation({"mask_before_draw_only": True}, **setup)
    assert UseUtility("Mask of Transformation") in state.legal_actions()
    state = situation({"mask_before_draw_only": True}, **{**setup, "phase": "play"})
    refused(state, UseUtility("Mask of Transformation"), "Utilities")
    state = situation(**{**setup, "phase": "play"})
    assert UseUtility("Mask of Transformation") in state.legal_actions()


@pytest.mark.rule("jambo:bank")
def test_a_limited_bank_pays_only_what_it_holds():
    state = situation({"bank_limit": 52}, hands=[["KKF"], []], markets=["KKF", ""], gold=[20, 30])
    assert state.bank() == 2
    play(state, PlayWare("KKF", True))
    assert state.gold == [22, 30] and state.conservation()["gold"] == (52, 52)


@pytest.mark.rule("jambo:wares-choose")
def test_an_auction_winner_without_room_for_both_wares_chooses_which_to_take():
    state = situation(hands=[["Traveling Merchant"], []], markets=["", "KKKKK"], gold=[10, 10])
    play(state, PlayCard("Traveling Merchant"), ChooseWare(T), ChooseWare(S), Pass())
    assert state.supply[T] == 6  # no bid: the wares stay in the supply
    state = situation(hands=[["Traveling Merchant"], []], markets=["", "KKKKK"], gold=[10, 10])
    play(state, PlayCard("Traveling Merchant"), ChooseWare(T), ChooseWare(S), Bid(1), Bid(2))
    play(state, Pass())
    assert state.current_player == 1  # room for 1 of the 2 wares won
    assert state.legal_actions() == [ChooseWare(T), ChooseWare(S), Done()]
    play(state, ChooseWare(S))
    assert state.market[1][S] == 1 and state.supply[T] == 6
    assert state.gold[1] == 10 - 2 - 2  # the bid, then the large stand's 6th space
    # two of one kind: the same choice, take one or leave both
    state = situation(hands=[["Traveling Merchant"], []], markets=["", "KKKKK"], gold=[10, 10])
    play(state, PlayCard("Traveling Merchant"), ChooseWare(T), ChooseWare(T), Bid(1), Bid(2))
    play(state, Pass())
    assert state.current_player == 1 and state.legal_actions() == [ChooseWare(T), Done()]
    play(state, Done())
    assert state.market[1][T] == 0 and state.supply[T] == 6 and state.gold[1] == 8
    assert texts(state)[-1] == "player 1 leaves 2 tea in the supply"


def test_a_used_utility_drafted_by_the_opponent_is_ready_in_his_turn():
    state = situation(hands=[["Lion"], []], utilities=[["Boat"], []], used=[["Well"], []])
    play(state, PlayCard("Lion"), Pass(), ChooseUtility("Boat", False))
    play(state, ChooseUtility("Well", True))
    assert state.ready == [["Boat"], ["Well"]] and state.spent == [[], []]
