"""Action cards (RS-ACT-01..15): when each card may be played and by whom; what it does is its ``effect`` data.

Each card is used once and then leaves the game (RS-ACT-02); using it is always optional (RS-ACT-03). By timing
word (RS-ACT-04..07):

* **Assignment** (Brilliant Administrator, Rebel Planning, Ambush, Public Support, ...): played in the Assignment
  Phase instead of an assignment, with a pictured leader from the pool (RS-ASG-08, RS-ACT-08), when its first step
  has something to act on (:func:`assignment_options`); the card's ``effect`` places him and does the rest.
* **Start of Combat** (It's a Trap, Ready for Action, ...): after Add Leader (``combat``), offered by
  :func:`start_options` when a pictured leader is free in the system, or where the card's ``trigger`` step says
  (Ready for Action brings him from the pool).
* **Immediate** (Human-Cyborg Relations, Resourceful Astromech, The Millennium Falcon): resolved as soon as gained,
  Rebel first (RS-ACT-06); ``missions.assignment_step`` runs them before the first assignment, which is the same
  moment in play (nothing happens in between). Their rings then act in missions: :func:`r2d2`, :func:`c3po`,
  :func:`falcon`.
* **Special**: at the moment its text says. It Is Your Destiny is offered by the ``rescue`` op
  (:func:`offer_destiny`). The others start with a ``trigger`` step naming one of :data:`MOMENTS`; the rules open a
  window at each moment (:func:`special_window`: missions, combat attacks, Death Star Plans, captures) and offer the
  cards whose trigger holds for one of their pictured leaders (:func:`eligible`, RS-ACT-08/10, RS-LDR-06).

A restriction that lasts (``rules.restrictions``) may bar a side's missions and action cards in a system
(:func:`barred`, :func:`barred_systems`): Boba Fett? Where? bars both to the opponent for the round. Who decides: the player who controls the leader playing the card (RS-ACT-14); a card
with none, the General.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from swrebellion.engine.effects import run_effect
from swrebellion.i18n import N_

from .. import board
from ..cards import hand
from ..moments import CARD_WINDOWS
from ..moments import MOMENTS as ALL_MOMENTS
from ..names import text
from ..tables import BASE_SPACE, OPPONENT, tables
from .combat import state
from .plans import effect_tests, feasibility, feasible, plan, playable
from .restrictions import barred_option, restricted, restricted_systems
from .rings import player_of

if TYPE_CHECKING:
    from swrebellion.engine.game import Game

DESTINY = "it-is-your-destiny"


def _context(game, faction: str, card: str, actor: str | None) -> dict:
    ctx = {"faction": faction, "player": player_of(game, faction, actor), "card": card}
    if actor:
        ctx.update(actor=actor, leaders=[actor])
    return ctx


def _play(game, faction: str, card: str, actor: str | None, into: str | None = None, **extra) -> None:
    """Turn the card face up, take it out of the game (RS-ACT-02) and run its effect."""
    hand(game, faction, "actions").remove(card)
    game.log("action-played", faction=faction, card=card, leader=actor)
    run_effect(game, plan(game, card).effect, {**_context(game, faction, card, actor), **extra}, into=into)


# -- Assignment --------------------------------------------------------------------------------------------------


def assignment_options(game, faction: str, role: str | None = None, pool: list[str] | None = None) -> list[dict]:
    """Assignment cards in hand with a pictured leader in the pool and something to act on (RS-ASG-08); in team
    play only those whose leader the assigning seat ``role`` controls (RS-ACT-14, RB-TEAM-02). ``pool``: those
    leaders, when the caller has listed them (the Assignment Phase lists them for its own options)."""
    held = hand(game, faction, "actions")
    try:  # _assignment_cards inline: at every card question
        playable_now = game.rules.cache["base-assignment-cards"]
    except KeyError:
        playable_now = _assignment_cards(game)
    if playable_now.isdisjoint(held):  # the usual answer: no set nor list to make
        return []
    t = tables(game)
    cards = sorted(playable_now.intersection(held))
    if pool is None:
        pool = [lid for lid in board.pool(game, faction) if board.controlled_by(game, lid, role)]
    try:
        made = game.rules.cache[_ASSIGNMENT_OPTIONS]
    except KeyError:
        made = game.rules.cache[_ASSIGNMENT_OPTIONS] = {}
    options = []
    for card in cards:
        for actor in t.actions[card].leaders:
            if actor in pool and feasible(game, card, _context(game, faction, card, actor)):
                option = made.get((card, actor))
                if option is None:  # made once per rules and handed out again, never changed (as named_options says)
                    option = made[card, actor] = {
                        "id": f"action:{card}:{actor}",
                        "label": text(game, N_("Play {card} with {leader}"), card=card, leader=actor),
                        "data": {"card": card, "actor": actor}}
                options.append(option)
    return options


_ASSIGNMENT_OPTIONS = "base.assignment-card-options"


def _assignment_cards(game) -> frozenset[str]:
    """The Assignment action cards whose effect is data (:func:`~.plans.playable`), found once per set of rules:
    the hand is read against them at every assignment choice."""
    try:
        return game.rules.cache["base-assignment-cards"]  # type: ignore[no-any-return]
    except KeyError:
        found = frozenset(card for card, info in tables(game).actions.items()
                          if info.timing == "assignment" and playable(game, card))
        return game.rules.cache.setdefault("base-assignment-cards", found)  # type: ignore[no-any-return]


def play_assignment_card(game, faction: str, chosen: dict) -> None:
    """The assignment frame gets the effect's context back (``ctx``) to fight any combat it started."""
    _play(game, faction, chosen["card"], chosen["actor"], into="ctx")


# -- Immediate -----------------------------------------------------------------------------------------------------


# -- the rings in missions -------------------------------------------------------------------------------------------


# -- Special: It Is Your Destiny ----------------------------------------------------------------------------------------


def offer_destiny(game, where: str, mission_leaders: list[str]) -> bool:
    """Right after a rescue by a mission in a system where a pictured leader (Vader) is, the Empire may capture one
    of that mission's free Rebel leaders (after the Rebel chose who goes with the rescued leader). Asked whenever the
    Empire holds any action card, the card or not (a window opened only for the card would tell the Rebel it is
    held: :func:`special_window`); without it the only option is ``pass``. True when it asks."""
    t = tables(game)
    held = hand(game, "empire", "actions")
    if DESTINY not in t.actions or not held or not mission_leaders:
        return False
    present = [l for l in t.actions[DESTINY].leaders if board.leader(game, l)["at"] == where]
    if not present:
        return False
    options = [{"id": "pass", "label": text(game, N_("Do not play {card}"), card=DESTINY)}]
    if DESTINY in held:
        options += [{"id": f"capture:{l}", "label": text(game, N_("Capture {leader}"), leader=l)}
                    for l in mission_leaders]
    game.ask(player_of(game, "empire", present[0]), "play-destiny", options, text(game, N_("Play {card}?"), card=DESTINY),
             visible_to=board.team(game, "empire"))
    return True


def play_destiny(game, choice: dict | None) -> bool:
    """Play the card on the chosen leader (its effect captures him where he is). True when it was played."""
    if choice is None or choice["id"] == "pass":
        return False
    _play(game, "empire", DESTINY, tables(game).actions[DESTINY].leaders[0], leader=choice["id"].partition(":")[2])
    return True


# -- who may play a card now ----------------------------------------------------------------------------------------

#: The moments Special cards answer (``trigger`` op): the card windows of the one declaration of moments
#: (``moments.MOMENTS``), where the rules code opens a window for them.
MOMENTS = CARD_WINDOWS


def pictured(game, card: str) -> list[str]:
    """The card's pictured leaders and those who count as them (RS-LDR-06: Luke Skywalker (Jedi) for Luke)."""
    cache = game.rules.cache.get("base-pictured")
    if cache is None:  # content never changes in play
        cache = game.rules.cache["base-pictured"] = {}
    if card not in cache:
        t = tables(game)
        leaders = list(t.actions[card].leaders)
        cache[card] = leaders + sorted(l for l, info in t.leaders.items() if info.replaces in leaders)
    return list(cache[card])


def barred(game: Game, faction: str, where: str | None) -> bool:
    """The side may not use action cards there: a restriction that lasts (``restrict``, ``cards``: Boba Fett?
    Where?)."""
    return restricted(game, faction, where, "cards")


def barred_systems(game, faction: str) -> list[str]:
    """Where the side's missions may not take place: a restriction that lasts (``restrict``, ``missions``: Boba
    Fett? Where?)."""
    return restricted_systems(game, faction, "missions")


def eligible(game, faction: str, card: str, ctx: dict, barring: bool = True) -> list[str | None]:
    """The pictured leaders who may play ``card`` now (``None`` for a card picturing none), RS-ACT-08/10: a leader
    serving the side, never captured; present in the system unless the card's ``trigger`` says otherwise; and the
    card must have something to act on. A card that starts with a ``trigger`` acts where it is played, so each of
    its steps that has a feasibility test must pass; other cards test their first step. Nothing in a system barred
    to the side (Boba Fett? Where?), unless ``barring`` is false (to offer the card withheld, saying why)."""
    p = plan(game, card)
    if not p.playable or (barring and barred(game, faction, ctx.get("system"))):
        return []
    trigger = p.effect[0]["op"] == "trigger" if p.effect else False
    tests = effect_tests(game, card) if trigger else ()
    out: list[str | None] = []
    for lid in pictured(game, card) or [None]:
        if lid is not None and board.leader_faction(game, lid) != faction:
            continue
        c = {**ctx, **_context(game, faction, card, lid)}
        if trigger:
            ok = True
            for test, params in tests:  # a plain loop, not all() over a generator: every window a card answers
                if not test(game, params, c):
                    ok = False
                    break
        else:
            ok = actor_ok(game, "in-system", lid, c) and feasible(game, card, c)
        if ok:
            out.append(lid)
    return out


def held_by(game, faction: str, player: str) -> list[str]:
    """The side's action cards that belong to ``player`` (RS-ACT-14: the player who controls a pictured leader;
    either teammate for a card picturing none)."""
    return [card for card in sorted(set(hand(game, faction, "actions")))
            if player in board.card_players(game, faction, pictured(game, card))]


def start_options(game, faction: str, player: str | None = None) -> list[dict]:
    """Start of Combat cards the side may play in this combat (RS-ACT-05/08): one option per card, or per card and
    leader when several of its leaders could (Ready for Action: Piett or Veers). With ``player``: only the cards
    and leaders he controls (RS-ACT-14)."""

    t = tables(game)
    ctx = {"system": state(game)["system"], "moment": "start-of-combat"}
    closed = barred(game, faction, ctx["system"])
    options = []
    for card in sorted(set(hand(game, faction, "actions"))):
        if t.actions[card].timing != "start-of-combat":
            continue
        actors = [a for a in eligible(game, faction, card, ctx, barring=False)
                  if player is None or player in board.card_players(game, faction, [a] if a else [])]
        for actor in actors:
            words = text(game, N_("Play {card} with {leader}"), card=card, leader=actor) if len(actors) > 1 else \
                text(game, N_("Play {card}"), card=card)
            options.append(_closed({"id": card + (f":{actor}" if len(actors) > 1 else ""),
                                    "label": words, "data": {"card": card, "actor": actor}}, faction, ctx, closed))
    return options


def _closed(option: dict, faction: str, ctx: dict, closed: bool) -> dict:
    """A card's option, withheld saying why when a restriction bars the side's cards where it would be played."""
    return barred_option(option, faction, "cards", ctx["system"]) if closed else option


# -- Special cards: a window at each moment ----------------------------------------------------------------------------


def special_options(game, faction: str, moment: str, info: dict, player: str | None = None) -> list[dict]:
    """The Special cards the side may play at ``moment``; with ``player``, only those he controls (RS-ACT-14)."""
    cards = _answering(game, moment).intersection(hand(game, faction, "actions"))
    if not cards:  # the usual answer: no card in hand answers the moment
        return []
    ctx = {**info, "moment": moment}
    closed = barred(game, faction, ctx.get("system"))
    options = []
    for card in sorted(cards):
        for actor in eligible(game, faction, card, ctx, barring=False):
            if player is not None and player not in board.card_players(game, faction, [actor] if actor else []):
                continue
            options.append(_closed({"id": f"{card}:{actor}" if actor else card,
                                    "label": text(game, N_("Play {card} with {leader}"), card=card, leader=actor)
                                    if actor else text(game, N_("Play {card}"), card=card),
                                    "data": {"card": card, "actor": actor}}, faction, ctx, closed))
    return options


def _answers(game, card: str) -> tuple[bool, str | None]:
    """Whether the action card answers moments (a Special card, or an Assignment card whose effect starts with a
    ``trigger``: False Orders), and the one moment its trigger names (None: any). The ``trigger`` op is the base
    game's alone (an op name is registered once), and its test fails at any other moment. Read once per set of
    rules: the special windows open at every mission and attack."""
    cache = game.rules.cache.get("base-answers")
    if cache is None:
        cache = game.rules.cache["base-answers"] = {}
    found = cache.get(card)
    if found is None:
        p = plan(game, card)
        answers = tables(game).actions[card].timing in ("special", "assignment") and bool(p.effect) \
            and p.effect[0]["op"] == "trigger"
        first = feasibility(game, p.effect[0]) if answers else None  # (the trigger's test, its parameters)
        only = getattr(first[1], "moment", None) if first is not None else None
        found = cache[card] = (answers, only)
    return found


def _answering(game, moment: str) -> frozenset[str]:
    """The action cards that answer ``moment`` (:func:`_answers`: a trigger naming it or any moment); any other
    card's trigger would fail at once there (eligible would find no leader), so it is never tried. Found once per
    set of rules and moment: a special window opens at every stage of every mission and attack, for each side."""
    try:
        return game.rules.cache["base-answering"][moment]  # type: ignore[no-any-return]
    except KeyError:
        answers = {card: _answers(game, card) for card in tables(game).actions}
        found = frozenset(card for card, (yes, only) in answers.items() if yes and only in (None, moment))
        game.rules.cache.setdefault("base-answering", {})[moment] = found
        return found


def answered_at(game: Game, moment: str) -> bool:
    """Whether an action card of the game answers ``moment``: the guard of the base game's step at a rule moment that
    is a card window and no ``later`` moment (``moments.STEPPED``), so that in a game none of whose cards answer it
    the moment leaves no frame in the state (the built-in games stay as they were)."""
    return bool(_answering(game, moment))


def _answered_by(game, faction: str, moment: str) -> tuple[str, ...]:
    """The action cards printed for ``faction`` that answer ``moment`` (:func:`_answering`), found once per set of
    rules: whether any could ever be played there is what opens the window, not the hand."""
    cache = game.rules.cache.setdefault("base-answered-by", {})
    found = cache.get((faction, moment))
    if found is None:
        t = tables(game)
        found = cache[faction, moment] = tuple(sorted(c for c in _answering(game, moment)
                                                      if t.actions[c].faction == faction))
    return found  # type: ignore[no-any-return]


def special_window(game: Game, frame: dict[str, Any], moment: str, faction: str, info: dict[str, Any]) -> bool:
    """At ``moment`` (``MOMENTS``), offer the side's Special cards whose ``trigger`` holds, one after another until
    it passes (RS-ACT-03, RS-ACT-07). ``info`` is what the cards may read (``system``, ``mission``, ``leader``,
    ``dice``). True while the window is busy (a question open, a card being played): the calling step returns and
    runs again. The contexts of the cards played are kept in ``frame["played"]`` (``roll`` reads set dice there).

    A window that opened only when a card in hand could answer it would be a pause the other side sees (issue 33):
    so each player of the side holding any action card (the hand's size is public) is asked wherever a card printed
    for the side, that he could play (RS-ACT-14), answers the moment, whether or not he holds one; with nothing
    playable the question offers only ``pass``, which a person's front end answers without asking (a player may
    also choose never to be asked). The question is seen by the side alone (``visible_to``), and the other side's
    views are the same whatever the hand holds (tests/base/test_windows_leak.py)."""
    windows = frame.setdefault("windows", [])
    key = f"{moment}:{faction}"
    if key in windows:
        return False
    if "special_ctx" in frame:
        frame.setdefault("played", []).append(frame.pop("special_ctx"))
    chosen = frame.pop("special", None)
    if chosen is not None and chosen["id"] != "pass":
        data = chosen["data"]
        _play(game, faction, data["card"], data["actor"], into="special_ctx", moment=moment, **info)
        return True
    # In team play each teammate is asked about his own cards (RS-ACT-14), Admiral first; a pass ends his turn.
    # The usual case, no card printed for the side answering the moment, asks nobody.
    printed = _answered_by(game, faction, moment)
    held = hand(game, faction, "actions") if printed else ()
    for player in board.side_players(game, faction):
        seat_key = f"{key}:{player}"
        if seat_key in windows:
            continue
        if held and chosen is None and any(player in board.card_players(game, faction, pictured(game, card))
                                           for card in printed):  # (a pass just chosen ends that player's turn)
            playable = not set(printed).isdisjoint(held)
            options = special_options(game, faction, moment, info, player) if playable else []
            game.ask(player, "special-action", options + [{"id": "pass", "label": N_("Play no action card")}],
                     ALL_MOMENTS[moment].prompt or N_("Play an action card?"), key="special",
                     visible_to=board.team(game, faction))
            return True
        chosen = None
        windows.append(seat_key)
    windows.append(key)
    return False


def window(game: Game, frame: dict[str, Any], moment: str, acting: str, info: dict[str, Any]) -> bool:
    """Open the card window ``moment`` (:func:`special_window`) for each side its declaration asks
    (``moments.MOMENTS[moment].cards``): ``acting``, the side the moment is about; ``other``, the other side; ``both``,
    the acting side first. True while a side's window is busy: the calling step returns and runs again."""
    asked = ALL_MOMENTS[moment].cards
    sides = {"acting": (acting,), "other": (OPPONENT[acting],)}.get(asked or "", (acting, OPPONENT[acting]))
    return any(special_window(game, frame, moment, side, info) for side in sides)  # the first busy one answers


# -- after a successful mission: Son of Skywalker, the Millennium Falcon ring -----------------------------------


def mission_info(frame: dict[str, Any]) -> dict[str, Any]:
    """What a Special action card's trigger reads of the mission being resolved: side, card, leaders on it."""
    return {"faction": frame["faction"], "card": frame["card"], "leaders": list(frame["leaders"])}


def actor_ok(game, rule: str, lid: str | None, ctx) -> bool:
    """Where a pictured leader must be to play the card (RS-ACT-08/10: never a captured one)."""
    if lid is None:
        return True
    at = board.leader(game, lid)["at"]
    if rule == "target":
        return ctx.get("leader") == lid
    if board.is_captured(game, lid):
        return False
    if rule == "pool":
        return at == "pool" and not board.is_spent(game, lid)
    if rule == "on-mission":
        return lid in (ctx.get("mission") or {}).get("leaders", ())
    if rule == "on-board":
        return at != ctx.get("system") and (at in game.state["data"]["systems"] or at == BASE_SPACE)
    return at == ctx.get("system")
