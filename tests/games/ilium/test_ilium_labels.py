"""Ilium's action labels: every action said in plain words for buttons and screen readers,
while its text stays the machine form."""

from __future__ import annotations

import kleos
from kleos.games.ilium.actions import (
    ChooseSite,
    ChooseToken,
    EndGameOffer,
    PlaceCube,
    PlaceGroup,
    PlayCard,
    StopCubes,
)


def test_every_ilium_action_has_a_plain_label_naming_its_path_or_site() -> None:
    game = kleos.make("ilium", players=3, seed=1)
    labels = {
        PlayCard(2): "play a 2",
        PlaceGroup("p12", 3): "place your group on p12 (SKF–SCM), space 3",
        PlaceCube("p12", 0): "place a supply cube on p12 (SKF–SCM), space 0",
        StopCubes(): "no more cubes",
        ChooseSite("HIS"): "dig at HIS (Hisarlik)",
        ChooseToken("Coins"): "take the lowest Coins token",
        EndGameOffer(True): "end the game now",
        EndGameOffer(False): "play on to the last card",
    }
    for action, label in labels.items():
        assert game.action_label(action) == label


def test_the_legal_actions_of_an_envelope_carry_their_labels() -> None:
    game = kleos.make("ilium", players=2, seed=2)
    state = game.new_initial_state()
    for action in state.legal_actions():
        label = game.action_label(action)
        assert label.startswith("place your group on ") and str(action).split()[1][:3] in label


def test_every_ilium_action_targets_the_space_site_token_or_card_it_is_played_on() -> None:
    """Spaces and sites by id, the token type at the site being dug, the card by its value;
    "no more cubes" and the end-game answers act on nothing drawn."""
    game = kleos.make("ilium", players=3, seed=1)
    state = game.new_initial_state()
    state.takes = ((0, game.board.site_index("HIS")),)
    targets = {
        PlayCard(2): "card:2",
        PlaceGroup("p12", 3): "space:p12:3",
        PlaceCube("p12", 0): "space:p12:0",
        StopCubes(): None,
        ChooseSite("HIS"): "site:HIS",
        ChooseToken("Coins"): "token:HIS:Coins",
        EndGameOffer(True): None,
    }
    for action, target in targets.items():
        assert game.action_target(state, action) == target
    assert [game.action_short(a) for a in targets] == [
        "play 2",
        "place group",
        "place cube",
        "no more cubes",
        "dig here",
        "take Coins",
        "end now",
    ]


def test_an_occupied_space_or_a_site_out_of_turn_says_why_it_cannot_be_chosen() -> None:
    """`explain_target`: the legal action on an element, else the rule that refuses the
    likeliest action on it, in the words of the refusals."""
    game = kleos.make("ilium", players=3, seed=1)
    state = game.new_initial_state()
    me = state.current_player
    assert game.explain_target(state, "space:p12:3", me) == (
        "you may place your group on p12 (SKF–SCM), space 3"
    )
    state.apply(PlaceGroup("p12", 3))
    state.apply(StopCubes())
    decider = state.current_player
    assert game.explain_target(state, "space:p12:3", decider) == "space p12:3 is already occupied"
    assert game.explain_target(state, "space:p12:3", me) == (
        f"not your turn: it is {game.player_name(decider)}'s decision"
    )
