"""The ``search`` agent: information-set Monte Carlo tree search (ISMCTS), for any game the kernel runs.

A player does not know the hidden information, so the search does not pretend to: every iteration samples a world
consistent with what the player has seen (:func:`determinize`, which the rules plugins implement through the
``determinize`` hook), and the statistics of all those worlds are gathered in one tree of the player's own
decisions (single-observer ISMCTS, Cowling, Powley and Whitehouse 2012). Each sampled world is played once from
every root candidate, with the same dice and the same policy stream (common random numbers: the candidates are
compared on equal terms, which takes far fewer iterations than drawing a new world for each); with ``depth`` above
1, the player's later decisions, up to ``depth`` in all, are chosen in the tree by availability-corrected UCB1
(by default the budget goes to the root: the policy plays on). The policy's first choice stands unless another
candidate did better in the same worlds by more than ``confidence`` standard errors of the paired differences: a
few noisy samples do not overturn a good policy, clear evidence does.

What the kernel cannot know about a game comes from a **policy** agent (any agent; the ``search`` entry point takes
it by name with its knobs, by default ``POLICY``: the installed agent called ``heuristic``), used three ways:

* ``candidates(game, decision, width)``: the options worth searching, best first. A decision with one candidate
  (trivial or low-stakes) is answered at once, so the budget goes to the decisions that matter;
* ``rollout(game, decision)`` (or ``choose``): the other players' moves in the tree and every move after it;
* ``evaluate(game, player)``: the chance that ``player``'s side wins, where a rollout stops (``horizon``
  decisions after the tree). A policy without it plays every rollout to the end.

The budget is ``iterations`` per searched decision, which keeps games reproducible from their seeds; ``seconds``
adds a time ceiling (a decision then stops early on a slow machine, so the same seed may give another game).
"""

from __future__ import annotations

import math
import time
from typing import TYPE_CHECKING, Any, Callable

from . import rng as rngmod
from .determinize import determinize
from .game import Decision, Game

if TYPE_CHECKING:
    from .agents import Agent


class Node:
    """Statistics of one option in the tree: visits, total reward, how often it was available, its children."""

    __slots__ = ("visits", "reward", "available", "children")

    def __init__(self) -> None:
        self.visits = 0
        self.reward = 0.0
        self.available = 0
        self.children: dict[str, Node] = {}


class SearchAgent:
    """See the module docstring. ``side`` is the team the agent wins with (``state["result"]["winner"]``)."""

    def __init__(self, side: str, seed: int, policy: Agent, iterations: int = 7, seconds: float | None = None,
                 width: int = 3, depth: int = 1, horizon: int = 30, exploration: float = 0.7,
                 confidence: float = 1.0) -> None:
        self.side = side
        self.confidence = confidence
        self.policy = policy
        self.stream = rngmod.Stream(rngmod.derive(seed, 1))
        self.iterations = iterations
        self.seconds = seconds
        self.width = width
        self.depth = depth
        self.horizon = horizon
        self.exploration = exploration
        #: Seconds spent on each searched decision, on the clock and in CPU time of the thread that searched
        #: (benchmarks read them; on a shared machine, or in a Dask worker whose own threads also run, the thread's
        #: CPU time is the fairer measure).
        self.timings: list[float] = []
        self.cpu_timings: list[float] = []

    # -- the Agent protocol -----------------------------------------------------------------------------------------

    def choose(self, game: Game, decision: Decision) -> str:
        candidates = self._candidates(game, decision)
        if len(candidates) == 1:
            return candidates[0]
        start, cpu = time.perf_counter(), time.thread_time()
        root = Node()
        rewards: dict[str, list[float]] = {c: [] for c in candidates}  # per sampled world, in order
        for _ in range(self.iterations):
            if self.seconds is not None and time.perf_counter() - start > self.seconds:
                break
            world = determinize(game, decision.player, self.stream)
            seed = self.stream.below(1 << 62)
            for n, option in enumerate(candidates):  # every candidate in the same world, with the same dice
                copy = world if n == len(candidates) - 1 else world.copy()
                rewards[option].append(self._iterate(copy, decision.player, root, option, seed))
        self.timings.append(time.perf_counter() - start)
        self.cpu_timings.append(time.thread_time() - cpu)
        return self._verdict(candidates, rewards)

    def _verdict(self, candidates: list[str], rewards: dict[str, list[float]]) -> str:
        """The policy's first choice, unless another candidate did better in the same worlds by more than
        ``confidence`` standard errors of the paired differences (then the one that did best of those)."""
        if getattr(self.policy, "candidates", None) is None:  # no first choice to trust: the best mean
            return max(candidates, key=lambda c: (sum(rewards[c]) / max(len(rewards[c]), 1), -candidates.index(c)))
        first = candidates[0]
        best, best_gain = first, 0.0
        done = len(rewards[first])
        for option in candidates[1:]:
            diffs = [b - a for a, b in zip(rewards[first], rewards[option])][:done]
            if len(diffs) < 2:
                continue
            mean = sum(diffs) / len(diffs)
            spread = math.sqrt(sum((d - mean) ** 2 for d in diffs) / (len(diffs) - 1) / len(diffs))
            if mean > self.confidence * spread and mean > best_gain and mean > 0:
                best, best_gain = option, mean
        return best

    # -- one iteration ------------------------------------------------------------------------------------------------

    def _candidates(self, game: Game, decision: Decision) -> list[str]:
        pick = getattr(self.policy, "candidates", None)
        if pick is None:
            return list(decision.option_ids)
        found = pick(game, decision, self.width) if _takes_width(pick) else pick(game, decision)
        return list(found)[: self.width] or [decision.option_ids[0]]

    def _iterate(self, world: Game, player: str, root: Node, first: str, seed: int) -> float:
        """Play ``first`` in ``world``, then descend the tree of the player's later decisions (up to ``depth``
        in all) choosing by UCB1, play on with the policy and score the end; every node passed is updated."""
        reseed = getattr(self.policy, "reseed", None)
        if reseed is not None:
            reseed(seed)  # the same policy choices after every root candidate, as far as the games agree
        world.apply(first, player=player)
        child = root.children.setdefault(first, Node())
        child.available += 1
        path = [root, child]
        node = child
        applied, searched = 1, 1
        while not world.over and applied < self.horizon and searched < self.depth:
            pending = world.pending
            if not pending:
                break
            decision = next((d for d in pending if d.player == player), pending[0])
            if decision.player != player:
                world.apply(self._move(world, decision), player=decision.player)
                applied += 1
                continue
            options = self._candidates(world, decision)
            if len(options) == 1:
                world.apply(options[0], player=player)
                applied += 1
                continue
            key, expanded = self._select(node, options)
            world.apply(key, player=player)
            applied += 1
            searched += 1
            node = node.children[key]
            path.append(node)
            if expanded:
                break
        reward = self._rollout(world, player, self.horizon - applied)
        for visited in path:
            visited.visits += 1
            visited.reward += reward
        return reward

    def _select(self, node: Node, options: list[str]) -> tuple[str, bool]:
        """An option not tried yet (in the policy's order), else the best by availability-corrected UCB1."""
        for option in options:
            child = node.children.get(option)
            if child is None:
                child = node.children[option] = Node()
            child.available += 1
        for option in options:
            if node.children[option].visits == 0:
                return option, True

        def ucb(option: str) -> float:
            child = node.children[option]
            return child.reward / child.visits + self.exploration * math.sqrt(math.log(child.available) / child.visits)

        return max(options, key=ucb), False

    def _move(self, world: Game, decision: Decision) -> str:
        play: Callable[[Game, Decision], str] = getattr(self.policy, "rollout", None) or self.policy.choose
        return play(world, decision)

    def _rollout(self, world: Game, player: str, horizon: int) -> float:
        evaluate = getattr(self.policy, "evaluate", None)
        steps = 0
        while not world.over and (evaluate is None or steps < horizon):
            pending = world.pending
            if not pending:
                break
            for decision in pending:
                world.apply(self._move(world, decision), player=decision.player)
                steps += 1
        if world.over:
            return 1.0 if (world.state["result"] or {}).get("winner") == self.side else 0.0
        return float(evaluate(world, player)) if evaluate is not None else 0.5


def _takes_width(func: Callable[..., Any]) -> bool:
    import inspect

    try:
        return "width" in inspect.signature(func).parameters
    except (TypeError, ValueError):
        return False


#: The policy the ``search`` entry point uses unless told otherwise: the heuristic, trusting its prior on what is
#: hidden (its ``hunch`` knob) as fully as the sampled worlds do (a rules plugin's ``determinize`` may draw the
#: hidden information with the same odds), so that the moves played out in a world aim where that world's secret
#: is likely to be.
POLICY = "heuristic;hunch=1"


def policy_spec(text: str) -> tuple[str, dict[str, Any]]:
    """``NAME[;KEY=VALUE...]`` (``:`` works too outside ``--agents``) as an agent's name and its knobs, a value
    read as a number when it looks like one."""
    name, *items = [part.strip() for part in text.replace(":", ";").split(";")]
    knobs: dict[str, Any] = {}
    for item in items:
        key, eq, value = (part.strip() for part in item.partition("="))
        if not eq or not key:
            raise ValueError(f"policy knob {item!r} is not KEY=VALUE (policy {text!r})")
        knobs[key] = _number(value)
    return name, knobs


def _number(text: str) -> Any:
    for kind in (int, float):
        try:
            return kind(text)
        except ValueError:
            pass
    return text


#: The most iterations a searched decision may be given (7, the default, take about 1 s of CPU here at most; this
#: many, some 20 minutes): past it a typo, not a plan. ``seconds`` sets a time ceiling instead.
MOST_ITERATIONS = 10_000


def search_agent(side: str, seed: int, policy: str = POLICY, iterations: int = 7, seconds: float = 0.0,
                 width: int = 3, depth: int = 1, horizon: int = 30, exploration: float = 0.7,
                 confidence: float = 1.0) -> SearchAgent:
    """The ``search`` entry point of ``swrebellion.agents``. ``policy``: an agent name with its knobs
    (``NAME;KEY=VALUE...``); ``seconds``: a time ceiling per decision (0: none)."""
    from swrebellion import agents

    number = agents.knob_number
    # (a budget past MOST_ITERATIONS would keep one decision going for hours, with nothing on the screen)
    iterations = int(number("iterations", iterations, 1, MOST_ITERATIONS))
    name, knobs = policy_spec(str(policy))
    return SearchAgent(side, seed, policy=agents.make(name, side, rngmod.derive(seed, 2), knobs),
                       iterations=iterations, seconds=number("seconds", seconds, 0) or None,
                       width=int(number("width", width, 1)), depth=int(number("depth", depth, 1)),
                       horizon=int(number("horizon", horizon, 0)), exploration=number("exploration", exploration, 0),
                       confidence=number("confidence", confidence, 0))
