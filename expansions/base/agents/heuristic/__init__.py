"""The ``heuristic`` agent: plays the base game the way a sensible person would, from its side's view only.

The Rebels hide the base in a good place, not always the same one (``hiding``), and keep it hidden (they never show it of their own accord), guard it, gain loyalty, spread
out for their objectives and fight only favourable battles; the Empire probes, hunts through the systems that may
still hold the base (``knowledge.possible_bases``), builds up near them and attacks what it can beat. Both sides
attempt the missions they can win, oppose the dangerous ones, retreat from hopeless battles and play objectives and
action cards when they can.

Each decision kind of the base game has a scorer (``choices.SCORERS``) that rates every option from
``game.view(player)`` and the public content tables. Other plugins teach it their own kinds through the
``agent_scorers`` hook, with the helpers of ``kit.KIT``; a kind nobody teaches it gets a generic answer: take what
is offered rather than decline, at random among equals.

The agent also serves the ``search`` agent as its policy: ``candidates`` says which options are worth searching
(one when the decision is trivial or low-stakes), ``evaluate`` estimates a side's chance to win, and ``rollout``
answers quickly inside simulations.

Knobs (``--agents rebel=heuristic:aggression=0.8``): ``aggression`` (0-1: how much loss a battle may cost),
``reserve`` (leaders kept in the pool for opposing and defending), ``opposition`` (how eagerly to oppose),
``margin`` (how close two Command Phase options must score for the search to look at both), ``hunch`` (how far
the Empire trusts its read of where the Rebels hid the base, ``hiding.base_odds``: 0 weighs every system that may
hold it alike; the ``search`` agent's policy takes 1, the odds its sampled worlds are drawn with).
"""

from __future__ import annotations

from swrebellion.engine.rng import Stream

from .choices import DECLINE, SCORERS
from .evaluate import evaluate as _evaluate
from .hiding import HUNCH
from .kit import KIT
from .seen import Seen

#: Decision kinds whose outcome can change the game: the search looks at these (the others it leaves to us).
STAKES = {"command-action", "oppose", "retreat", "choose-base", "relocate-base"}


class HeuristicAgent:
    """See the module docstring. One agent may answer for any player (it reads the side from the view)."""

    def __init__(self, side: str = "rebel", seed: int = 0, aggression: float = 0.5, reserve: int = 1,
                 opposition: float = 1.0, margin: float = 2.0, hunch: float = HUNCH, exact_odds: bool = False) -> None:
        self.side = side
        self.exact_odds = bool(exact_odds)  # retreat by the exact combat odds (issue 34), not the estimate
        self.hunch = float(hunch)
        self.margin = float(margin)
        self.stream = Stream(seed)
        self.aggression = float(aggression)
        self.reserve = int(reserve)
        self.opposition = float(opposition)
        self.pending_plans: dict = {}
        #: player -> (game, next decision number, plan). The game object itself, not its id: the search hands this
        #: agent many short-lived copies, and a freed copy's id goes to the next one.
        self._memory: dict[str, tuple] = {}
        self._deciding = None

    # -- the Agent protocol -----------------------------------------------------------------------------------------

    def choose(self, game, decision) -> str:
        return self._pick(game, decision, self.scores(game, decision))

    def _pick(self, game, decision, scores: dict[str, float]) -> str:
        best = max(scores.values())
        top = [o.id for o in decision.options if scores[o.id] >= best - 1e-9]
        choice = top[0] if len(top) == 1 else top[self.stream.below(len(top))]
        self._committed(game, decision, choice)
        return choice

    def scores(self, game, decision) -> dict[str, float]:
        """Every option's score for ``decision`` (higher is better)."""
        self._deciding = (game, decision)
        self.pending_plans = {}
        seen = Seen(game, decision.player)
        seen.hunch = self.hunch
        scorer = scorers(game.rules).get(decision.kind, generic)
        scores = scorer(self, seen, decision)
        return {o.id: float(scores.get(o.id, 0.0)) for o in decision.options}

    # -- what the search asks --------------------------------------------------------------------------------------

    def candidates(self, game, decision, width: int = 3) -> list[str]:
        """Options worth searching, best first: only the best one when the decision is low-stakes or when one
        option is clearly ahead of the others (``margin``)."""
        scores = self.scores(game, decision)
        ranked = sorted(decision.options, key=lambda o: -scores[o.id])
        if decision.kind not in STAKES or len(ranked) == 1:
            return [self._pick(game, decision, scores)]
        best = scores[ranked[0].id]
        margin = self.margin if decision.kind == "command-action" else self.margin / 4
        close = [o.id for o in ranked[:width] if scores[o.id] >= best - max(margin, 0.25 * abs(best))]
        if len(close) == 1 or (decision.kind == "command-action" and not any(c.startswith("activate:") for c in close)):
            return [self._pick(game, decision, scores)]  # one clear choice, or only the order of missions to reveal
        return close

    def evaluate(self, game, player: str) -> float:
        """Chance that ``player``'s side wins, from ``player``'s view of ``game``."""
        return _evaluate(game, player, self.hunch)

    def rollout(self, game, decision) -> str:
        return self.choose(game, decision)

    def reseed(self, seed: int) -> None:
        """Start afresh from ``seed``, forgetting plans (the search plays one sampled world once per candidate)."""
        self.stream = Stream(seed)
        self._memory.clear()

    def noise(self) -> float:
        return self.stream.random()

    # -- memory of one's own multi-step plans --------------------------------------------------------------------

    def remember(self, decision, plan) -> None:
        """Keep ``plan`` for this player's next decision (an activation's leader, sources, units; an assignment's
        leaders): the steps of one action come to the same player one after another."""
        game = self._deciding[0] if self._deciding else None
        self._memory[decision.player] = (game, _number(decision) + 1, plan)

    def recall(self, decision):
        game = self._deciding[0] if self._deciding else None
        entry = self._memory.get(decision.player)
        if entry and entry[0] is game and entry[1] == _number(decision):
            return entry[2]
        return None

    def _committed(self, game, decision, choice: str) -> None:
        """Scorers leave the plan behind each option (or ``"*"``: whatever is chosen) in ``pending_plans``."""
        plan = self.pending_plans.get(choice, self.pending_plans.get("*"))
        if plan is not None:
            self.remember(decision, plan)
        self.pending_plans = {}


def scorers(rules) -> dict:
    """The base game's scorers with those the enabled plugins teach (``agent_scorers``), once per rules."""
    known = rules.cache.get("heuristic.scorers")
    if known is None:
        known = dict(SCORERS)
        for taught in rules.call("agent_scorers", agent="heuristic", kit=KIT):
            known.update(taught or {})
        rules.cache["heuristic.scorers"] = known
    return known


def _number(decision) -> int:
    """How many questions the player has been asked, this one included (decision ids are ``player.N``)."""
    return int(decision.id.rpartition(".")[2])


def generic(agent: HeuristicAgent, seen: Seen, decision) -> dict[str, float]:
    """A decision kind the heuristic does not know: act rather than decline (what is offered is usually there to be
    used), at random among the rest."""
    return {o.id: (0.0 if o.id in DECLINE else 1.0) + 0.01 * agent.noise() for o in decision.options}


def heuristic_agent(side: str, seed: int, aggression: float = 0.5, reserve: int = 1,
                    opposition: float = 1.0, margin: float = 2.0, hunch: float = HUNCH,
                    exact_odds: int = 0) -> HeuristicAgent:
    """The ``heuristic`` entry point of ``swrebellion.agents``."""
    from swrebellion.agents import knob_number

    return HeuristicAgent(side, seed, aggression=knob_number("aggression", aggression, 0, 1),
                          reserve=int(knob_number("reserve", reserve, 0)),
                          opposition=knob_number("opposition", opposition, 0),
                          margin=knob_number("margin", margin, 0), hunch=knob_number("hunch", hunch, 0),
                          exact_odds=bool(int(exact_odds)))
