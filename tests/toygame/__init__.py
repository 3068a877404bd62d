"""Hideout: a tiny hidden-information game used to test the kernel without any Star Wars rules.

The hider secretly picks a hideout among five places; both players draw from one shuffled deck into secret
hands; each round both secretly play a card at once (a simultaneous decision), and when the seeker plays the
higher card a die decides whether the seeker may guess the hideout. After five rounds the hider wins.

It is also the example third-party plugin: it registers content kinds (``content.py``: places and variants) and
ships a content pack of them (``pack/``, loaded and validated like any pack), an effect op (``toy_bonus``), steps, a value
(``register_values``) and a scenario builder, and tests install it through a real entry point. The
numbers of a game (rounds, deck, hands, the die, the places) are the content's ``standard`` variant.
"""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field

from swrebellion.engine import peek, secret
from swrebellion.engine.effects import context
from swrebellion.hookspecs import hookimpl
from swrebellion.plugins import Expansion

EXPANSION = Expansion(id="hideout", name="Hideout (kernel test game)", version="0.1.0", packs=((__name__, "pack"),))
VARIANT = "standard"


class Bonus(BaseModel):
    """Add ``amount`` to a player's score."""

    model_config = ConfigDict(extra="forbid")
    amount: int = Field(ge=1)


def toy_bonus(game, frame) -> None:
    """Add ``amount`` to the score of the player the effect is played for."""
    game.state["data"]["score"][context(game)["player"]] += frame["params"]["amount"]  # the runner ends the op


@hookimpl
def register_content_kinds(registry):
    from . import content

    content.register(registry)


@hookimpl
def register_effect_ops(registry):
    registry.register("toy_bonus", Bonus, toy_bonus)


@hookimpl
def register_steps(registry):
    registry.register("hideout-deal", deal)
    registry.register("hideout-round", play_round)
    registry.register("hideout-guess", guess)


@hookimpl
def register_values(registry):
    registry.declare("hideout-die", "how many dice the seeker rolls", {})
    registry.modify("hideout-die", last_round_dice)


def last_round_dice(game, value, context):
    """The seeker rolls more dice in the last round (the variant says how many)."""
    variant = _variant(game)
    return variant.last_round_dice if game.state["data"]["round"] == variant.rounds else None


def _variant(game):
    return game.rules.content.items("variants")[VARIANT]


def _places(game) -> list[dict]:
    names = game.rules.content.items("places")
    return [{"id": p, "label": names[p].name.en} for p in _variant(game).places]


def _start(game, data: dict) -> None:
    game.state["players"] = ["hider", "seeker"]
    game.state["dice"] = {"d6": list(_variant(game).die)}
    game.state["data"] = data


@hookimpl
def setup_game(game):
    _start(
        game,
        {
            "round": 1,
            "hideout": secret(None, "hider"),
            "deck": secret(list(range(1, _variant(game).cards + 1))),
            "hands": {"hider": secret([], "hider"), "seeker": secret([], "seeker")},
            "score": {"hider": 0, "seeker": 0},
        },
    )
    game.push("hideout-round")
    game.push("hideout-deal")


@hookimpl
def build_scenario(game, spec):
    """Scenario keys: ``hideout``, ``hands`` ({player: [cards]}), ``deck`` (top first), ``round``."""
    _start(
        game,
        {
            "round": spec.get("round", 1),
            "hideout": secret(spec.get("hideout"), "hider"),
            "deck": secret(list(spec.get("deck", []))),
            "hands": {p: secret(list(spec.get("hands", {}).get(p, [])), p) for p in ("hider", "seeker")},
            "score": {"hider": 0, "seeker": 0},
        },
    )
    game.push("hideout-round")
    return {"hideout", "hands", "deck", "round"}


def deal(game, frame) -> None:
    data = game.state["data"]
    if "choice" not in frame:
        game.shuffle(data["deck"], "deck")
        for player in ("hider", "seeker"):
            peek(data["hands"][player]).extend(game.draw(data["deck"], _variant(game).hand))
            game.log("draw", player=player, cards=secret(peek(data["hands"][player])[:], player))
        game.ask("hider", "choose-hideout", _places(game), "Where do you hide?")
        return
    data["hideout"]["value"] = frame["choice"]["id"]
    game.pop()


def play_round(game, frame) -> None:
    data = game.state["data"]
    if "choices" not in frame:
        game.ask_simultaneous(
            [(p, "play-card", [{"id": str(c), "data": c} for c in sorted(peek(data["hands"][p]))], "Play a card")
             for p in ("hider", "seeker")]
        )
        return
    played = {p: frame["choices"][p]["data"] for p in ("hider", "seeker")}
    for player, card in played.items():
        peek(data["hands"][player]).remove(card)
        drawn = game.draw(data["deck"], 1)
        peek(data["hands"][player]).extend(drawn)
    game.log("played", cards=played)
    del frame["choices"]
    if played["seeker"] > played["hider"]:
        roll = game.roll({"d6": game.modify("hideout-die", 1)}, who="seeker", purpose="may guess")
        if "hit" in roll["d6"]:
            game.push("hideout-guess")
            return
    _next_round(game)


def guess(game, frame) -> None:
    data = game.state["data"]
    if "choice" not in frame:
        game.ask("seeker", "guess", _places(game), "Where is the hideout?")
        return
    game.pop()
    if frame["choice"]["id"] == peek(data["hideout"]):
        data["hideout"] = peek(data["hideout"])  # revealed: public from now on
        game.end("seeker", "found the hideout")
        return
    game.log("wrong-guess", place=frame["choice"]["id"])
    _next_round(game)


def _next_round(game) -> None:
    data = game.state["data"]
    if data["round"] >= _variant(game).rounds or not all(peek(h) for h in data["hands"].values()):
        game.end("hider", "stayed hidden")
        return
    data["round"] += 1


@hookimpl
def determinize(game, player, rng):
    """Hideout's secrets, sampled for a search agent: the hideout among the places not yet guessed wrong (public),
    the other player's hand redealt with the deck, the deck shuffled."""
    from swrebellion.engine.determinize import hidden_from, redeal

    data = game.state["data"]
    if hidden_from(data["hideout"], player) and peek(data["hideout"]) is not None:
        wrong = {e["place"] for e in game.state["log"] if e["type"] == "wrong-guess"}
        data["hideout"]["value"] = rng.choice([p["id"] for p in _places(game) if p["id"] not in wrong])
    other = "seeker" if player == "hider" else "hider"
    if hidden_from(data["hands"][other], player):
        redeal(rng, [peek(data["hands"][other]), peek(data["deck"])])
    else:
        rng.shuffle(peek(data["deck"]))
