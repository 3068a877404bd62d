"""Sampling the base game's secrets for a search agent (the ``determinize`` hook, docs/hooks.md).

For a player of one side, everything the other side keeps secret and every deck order is replaced by a random
assignment consistent with what the player's view shows:

* **the hidden base** (for the Empire): among the probe cards the Empire has never seen, a system that could still
  hold it as far as public events tell (``knowledge.possible_bases``), each with a chance in proportion to how
  well it hid the base on the setup board both sides saw (``heuristic.hiding.weights``: a Rebel hides far from
  the Empire; all alike once the base has moved);
* **the other side's hands**, redealt from the cards the player has not seen: mission cards (starting missions
  stay in hand, regular cards trade places with the mission deck, projects with the project deck; a face-down
  assigned card gets a card its leaders can attempt), action cards (recruit cards trade with the action deck;
  starting cards come from those not yet seen played), the Rebel's objectives (traded with the objective deck
  stage by stage, so the deck keeps its public stage order), the Empire's probe cards (traded with the probe
  deck) and the combat hands of tactic cards (traded with their deck);
* **every deck's order**, shuffled.

Nothing here reads a hidden value to decide: each pool is the union of the hidden places, sorted, then shuffled
with the search's own stream, so two games that differ only in what the player cannot see give the same world.
What a player learnt about hidden cards from effects (a card seen handed over, a deck order arranged by a card)
is not used: such worlds are still possible, only less likely than the sample treats them.
"""

from __future__ import annotations

from swrebellion.engine import peek
from swrebellion.engine.determinize import hidden_from, redeal
from swrebellion.engine.secrets import KEY

from ..cards import hidden_hand
from ..knowledge import possible_bases
from ..tables import OPPONENT, tables


def faction_of(game, player: str) -> str | None:
    for faction, players in game.state["data"].get("teams", {}).items():
        if player in players:
            return faction
    return None


def determinize(game, player: str, rng) -> None:
    """The hook: resample, in place, what ``player`` cannot see (see the module docstring)."""
    data = game.state["data"]
    faction = faction_of(game, player)
    if faction is None or "decks" not in data:
        return
    other = OPPONENT[faction]
    _base(game, player, rng)
    _missions(game, player, other, rng)
    _actions(game, player, other, rng)
    _objectives(game, player, rng)
    _probes(game, player, rng)
    _tactics(game, player, other, rng)
    for name in sorted(data["decks"]):  # decks nobody may look at (not a side's own open deck)
        node = data["decks"][name]
        if name != "objectives" and hidden_from(node, player) and not node[KEY]:
            rng.shuffle(peek(node))


# -- the base ---------------------------------------------------------------------------------------------------------


def _base(game, player: str, rng) -> None:
    """The Empire does not know the hidden base: it is drawn among the unseen probe cards that could hold it, the
    better hiding places more often."""
    data = game.state["data"]
    if data.get("base_revealed") is not None or not hidden_from(data.get("base"), player):
        return
    t = tables(game)
    deck = peek(data["decks"]["probes"])
    card = peek(data.get("base_card"))
    pool = sorted(deck + ([card] if card is not None else []))
    unseen = set(pool)
    seen = {c for c in t.probes if c not in unseen}  # cards in the Empire's hand, discarded or out of the game
    possible = set(possible_bases(game, data, game.state["log"], seen, player))
    candidates = [c for c in pool if t.probes[c] in possible]
    if not candidates:
        return
    from .heuristic.hiding import weights

    chance = weights(game, [t.probes[c] for c in candidates])
    chosen = rng.choice(candidates) if chance is None else _weighted(candidates, chance, rng)
    pool.remove(chosen)
    rng.shuffle(pool)
    deck[:] = pool
    data["base"]["value"] = t.probes[chosen]
    data["base_card"]["value"] = chosen


def _weighted(items: list, weights: list[float], rng):
    """One of ``items``, each with a chance in proportion to its weight."""
    mark = rng.random() * sum(weights)
    for item, weight in zip(items, weights):
        mark -= weight
        if mark < 0:
            return item
    return items[-1]


# -- hands ------------------------------------------------------------------------------------------------------------


def _missions(game, player: str, other: str, rng) -> None:
    """The other side's mission hand and face-down assigned cards, with its mission deck (and the projects)."""
    from ..rules.missions import meets

    hand = hidden_hand(game, player, other, "missions")
    if hand is None:
        return
    data, t = game.state["data"], tables(game)
    slots = [entry for entry in data["assigned"][other] if hidden_from(entry["card"], player)]
    cards = hand + [peek(entry["card"]) for entry in slots]
    starting = [c for c in cards if t.missions[c].deck == "starting"]
    regular = [c for c in cards if t.missions[c].deck == "regular"]
    projects = [c for c in cards if t.missions[c].deck == "project"]
    zones = [regular, peek(data["decks"][f"missions-{other}"])]
    redeal(rng, zones)
    if other == "empire" and "projects" in data["decks"]:
        redeal(rng, [projects, peek(data["decks"]["projects"])])
    cards = sorted(starting + regular + projects)
    rng.shuffle(cards)
    for entry in slots:  # a card its leaders can attempt (they met its requirement when it was assigned)
        fit = next((c for c in cards if meets(game, c, entry["leaders"])), cards[0])
        cards.remove(fit)
        entry["card"]["value"] = fit
    hand[:] = cards


def _actions(game, player: str, other: str, rng) -> None:
    """The other side's action cards: recruit cards trade with the action deck; starting cards come from those of
    the side not seen played. (Cards drawn for recruiting stay as they are while they are chosen from: the choice
    offered to the other side depends on them, RB-REC-05.)"""
    hand = hidden_hand(game, player, other, "actions")
    if hand is None:
        return
    data, t = game.state["data"], tables(game)
    recruit = [c for c in hand if not t.actions[c].starting]
    starting = [c for c in hand if t.actions[c].starting]
    redeal(rng, [recruit, peek(data["decks"][f"actions-{other}"])])
    played = {e["card"] for e in game.state["log"] if e["type"] == "action-played"}
    unseen = sorted(c for c, a in t.actions.items() if a.faction == other and a.starting and c not in played)
    rng.shuffle(unseen)
    hand[:] = recruit + unseen[: len(starting)]


def _objectives(game, player: str, rng) -> None:
    """The objective deck keeps its public stage order (RB-OBJ-12); cards of a stage trade places with the
    Rebel's hand when the player cannot see it."""
    data = game.state["data"]
    if "objectives" not in data["decks"] or not hidden_from(data["decks"]["objectives"], player):
        return
    t = tables(game)
    deck = peek(data["decks"]["objectives"])
    held = data["hands"]["rebel"].get("objectives")
    hand = peek(held) if hidden_from(held, player) else []
    stages = list(data.get("objective_stages") or [])
    if len(stages) != len(deck):
        rng.shuffle(deck)
        return
    pool: dict[int, list[str]] = {}
    for card in sorted(deck + hand):
        pool.setdefault(t.objectives[card].stage, []).append(card)
    if any(len(pool.get(stage, [])) < stages.count(stage) for stage in set(stages)):
        rng.shuffle(deck)  # stages that do not add up (a scenario's deck): keep the cards, shuffle the order
        return
    for cards in pool.values():
        rng.shuffle(cards)
    deck[:] = [pool[stage].pop() for stage in stages]
    hand[:] = sorted(card for cards in pool.values() for card in cards)


def _probes(game, player: str, rng) -> None:
    """The Empire's probe cards, hidden from the Rebel, trade places with the probe deck."""
    data = game.state["data"]
    held = data["hands"]["empire"].get("probes")
    if hidden_from(held, player):
        redeal(rng, [peek(held), peek(data["decks"]["probes"])])


def _tactics(game, player: str, other: str, rng) -> None:
    """The other side's tactic cards in a combat trade places with the decks of their theaters."""
    data = game.state["data"]
    combat = data.get("combat")
    if not combat or not hidden_from(combat["hands"].get(other), player):
        return
    t = tables(game)
    hand = peek(combat["hands"][other])
    for theater in ("space", "ground"):
        for owner, name in ((None, f"tactics-{theater}"), (other, f"tactics-{theater}-{other}")):
            if name not in data["decks"] or not hidden_from(data["decks"][name], player):
                continue
            # a card of one side's own is redealt with that side's own deck only: never into the shared one
            mine = [c for c in hand if c in t.tactics and t.tactics[c].theater == theater
                    and t.tactics[c].faction == owner]
            redeal(rng, [mine, peek(data["decks"][name])])
            hand[:] = [c for c in hand if c not in t.tactics or t.tactics[c].theater != theater
                       or t.tactics[c].faction != owner] + mine

