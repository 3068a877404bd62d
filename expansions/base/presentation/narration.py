"""How base-game events read in a game's account (``describe_event`` hook), in the reader's language.

Events arrive already redacted for the viewer: a hidden field is a ``{"$secret": ...}`` stub (with a ``count``
for lists), so the account names a card exactly when the viewer may see it ("The Rebels draw 2 mission cards:
Sabotage, Infiltration" for the Rebel, "... 2 mission cards" for the Empire). Every sentence is a gettext message
(:mod:`swrebellion.i18n`), and every sentence is in one table, :data:`MESSAGES`: by event type, its variants (a
card shown or hidden, a mission won or lost), each one sentence or a pair, the Rebels' and the Empire's, since the
verb agrees with the side ("The Rebels draw", "The Empire draws") in English as in Russian. The wording of a type
(:func:`line`) picks the variant and fills the fields; :meth:`Words.tell` takes the side's sentence from the table.
Sentences with plural forms (``ngettext``) stay with their wording, since the count picks among them.

Events keep their English fields (causes, reasons: the golden logs pin them); :data:`PHRASES` marks the words
those fields hold, so they read in the reader's language, and rule ids in them are left out of the account.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any, Callable, Iterable

from swrebellion.engine.secrets import KEY, redact
from swrebellion.i18n import N_, gettext, language, ngettext, npgettext, pgettext

from ..names import articles, counted, join, local_text, marker_name, name, names, readable
from ..ops.flow import LATER_MOMENTS
from ..tables import tables
from . import restrictions

if TYPE_CHECKING:
    from swrebellion.engine.game import Game

_ = gettext
Line = Callable[[dict[str, Any], "Words"], str]
LINES: dict[str, Line] = {}
#: A sentence of the account: one for every side, or a pair ``(the Rebels', the Empire's)`` of which the event's side
#: picks one (the verb agrees with the side: "The Rebels draw", "The Empire draws").
Message = str | tuple[str, str]
#: Event type -> the type whose messages it shares (``moved`` is worded as ``move``), set by :func:`line`.
WORDED_AS: dict[str, str] = {}
#: Events that are not worth a line: deck orders nobody sees, answers told by the events they cause, dice the
#: next event reports.
QUIET = {"shuffle", "reveal-choices", "setup-probes"}
_RULE_ID = re.compile(r"\s*\((?:RULINGS |RB-|RS-|RE-|C-)[^)]*\)")


def line(*types: str):
    """Register the function as the wording of these event types."""

    def register(func: Line) -> Line:
        for type_ in types:
            LINES[type_] = func
            WORDED_AS[type_] = types[0]
        return func

    return register


class Words:
    """What a wording needs: names in the reader's language, lists, counts, and one sentence per side."""

    def __init__(self, game: Game, viewer: str | None = None) -> None:
        self.game = game
        self.viewer = viewer

    # -- names and lists --------------------------------------------------------------------------------------

    def name(self, thing: object) -> str:
        """An id's name; a place may be the Rebel Base space; an English phrase of an event field, translated."""
        if isinstance(thing, str) and thing not in names(self.game) and thing in PHRASE_SET:
            return gettext(thing)
        return readable(self.game, thing)

    def marker(self, marker: str) -> str:
        """A marker's name (target markers and rings share ids with cards)."""
        return marker_name(self.game, marker)

    def die(self, die: str) -> str:
        """"red hit" in the reader's language."""
        colour, _, face = die.partition(" ")
        return f"{dice_colour(colour)} {dice_face(face)}"

    def join(self, items: list[str]) -> str:
        """"A", "A and B", "A, B and C" in the reader's language."""
        return join(items)

    def names(self, ids: Iterable[object]) -> str:
        return self.join([self.name(i) for i in ids])

    def units(self, units: dict[str, int]) -> str:
        """"2 TIE Fighters and 1 AT-AT" (Russian: "TIE-истребитель ×2 и AT-AT ×1")."""
        return self.join([counted(self.game, n, u) for u, n in units.items() if n])

    def visible(self, value: Any) -> bool:
        """True if the viewer sees this field (it is not a secret stub)."""
        return not (isinstance(value, dict) and KEY in value)

    def cards(self, value: Any) -> str | None:
        """The names of cards the viewer may see, or None for a hidden list."""
        if not self.visible(value):
            return None
        return self.names(value) if value else None

    def phrase(self, value: object) -> str:
        """An event field that is an id (a card that caused something) or one of the English :data:`PHRASES`."""
        if value is None:
            return ""
        if isinstance(value, str) and value in names(self.game):
            return name(self.game, value)
        text = _RULE_ID.sub("", str(value))
        return gettext(text) if text in PHRASE_SET else text.replace("-", " ")

    def because(self, value: object) -> str:
        """" (Sabotage)": the cause of an event after its sentence, or nothing."""
        return _(" ({cause})").format(cause=self.phrase(value)) if value else ""

    # -- sentences ----------------------------------------------------------------------------------------------

    def tell(self, event: dict[str, Any], variant: str = "", **fields: Any) -> str:
        """The message ``variant`` of ``event``'s type (:data:`MESSAGES`), the side's own when it has one per side
        (the side named by the event's :data:`SIDE_FIELD`, else its ``faction``), in the reader's language."""
        kind = WORDED_AS.get(event["type"], event["type"])
        message = MESSAGES[kind][variant]
        if not isinstance(message, str):
            message = message[0] if side(event[SIDE_FIELD.get(kind, "faction")]) == "rebel" else message[1]
        return gettext(message).format(**fields)

    def by(self, faction: str, rebel: str, empire: str, **fields: Any) -> str:
        """The sentence for the side ``faction`` (``rebel`` or ``empire``, or a team role of one), for wordings that
        keep their messages beside them (other plugins'; the base game's are in :data:`MESSAGES`)."""
        message = rebel if side(faction) == "rebel" else empire
        return gettext(message).format(**fields)

    def say(self, message: str, **fields: Any) -> str:
        return gettext(message).format(**fields)

    def seat(self, faction: str, role: str | None) -> str:
        """In team play, the seat of ``faction`` that plays ``role`` ("Rebel General", RB-TEAM-01), for a sentence
        that names the player who acted; "" when one player holds the side or the role is not known."""
        roles = self.game.state["data"].get("roles", {}).get(side(faction), {})
        if not role or role not in roles or roles.get("admiral") == roles.get("general"):
            return ""
        return seat_title(roles[role])


def side(faction) -> str:
    return str(faction).split("-")[0]


def seat_title(player: str) -> str:
    """A player's seat as the rules name it, a title: "Rebel", "Empire", and in team play "Rebel Admiral", "Imperial
    General" (RB-TEAM-01)."""
    titles = {"rebel": _("Rebel"), "empire": _("Empire"), "rebel-admiral": _("Rebel Admiral"),
              "rebel-general": _("Rebel General"), "empire-admiral": _("Imperial Admiral"),
              "empire-general": _("Imperial General")}
    return titles.get(player, player)


def theater_where(theater: str) -> str:
    return pgettext("where a battle is", "in space") if theater == "space" else \
        pgettext("where a battle is", "on the ground")


def theater_of(theater: str) -> str:
    """"space"/"ground" as an adjective: a space battle, ground tactic cards."""
    return pgettext("kind of battle", "space") if theater == "space" else pgettext("kind of battle", "ground")


# -- the messages --------------------------------------------------------------------------------------------------

#: Every sentence the base game's account uses, by event type and variant (a wording below picks the variant and
#: fills the fields; the table picks the side's sentence). ``""`` is the variant of a type with one.
MESSAGES: dict[str, dict[str, Message]] = {
    "round": {"": N_("== Round {round} · time {time} · reputation {reputation} ==")},
    "setup-loyalty": {
        "": N_("Setup: Rebel loyalty in {rebel}; subjugated: {subjugated}; Imperial loyalty in {imperial}."),
    },
    "starting-units": {"": (N_("The Rebels' starting units: {units}."), N_("The Empire's starting units: {units}."))},
    "setup-complete": {"": N_("Setup complete.")},
    "base-chosen": {
        "yours": N_("You hide your base in {system}."),
        "hidden": N_("The Rebels choose the hidden location of their base."),
    },
    "time": {"": N_("The time marker advances to {time}.")},
    "reputation": {"": N_("The Rebel reputation marker moves to {reputation}{cause}.")},
    "game-over": {
        "nobody": N_("Game over: {reason}."),
        "won": (N_("Game over: the Rebels win ({reason})."), N_("Game over: the Empire wins ({reason}).")),
    },
    "pass": {"": (N_("The Rebels pass."), N_("The Empire passes.")), "seat": N_("The {seat} passes.")},
    "roll": {"": (N_("  The Rebels roll {dice}."), N_("  The Empire rolls {dice}."))},
    "dice-set": {"": (N_("  The Rebels set dice: {dice}."), N_("  The Empire sets dice: {dice}."))},
    "drew-missions": {
        "shown": (N_("The Rebels draw {what}: {cards}."), N_("The Empire draws {what}: {cards}.")),
        "hidden": (N_("The Rebels draw {what}."), N_("The Empire draws {what}.")),
    },
    "cards-moved": {
        "": (N_("  The Rebels move {what} from {source} to {to}{cause}."),
             N_("  The Empire moves {what} from {source} to {to}{cause}.")),
    },
    "tactics-drawn": {
        "shown": (N_("  The Rebels draw {what}: {cards}."), N_("  The Empire draws {what}: {cards}.")),
        "hidden": (N_("  The Rebels draw {what}."), N_("  The Empire draws {what}.")),
    },
    "kept-action": {
        "shown": (N_("The Rebels keep the action card {card}."), N_("The Empire keeps the action card {card}.")),
        "hidden": (N_("The Rebels keep an action card."), N_("The Empire keeps an action card.")),
    },
    "action-played": {
        "with-leader": (N_("The Rebels play the action card {card} with {leader}."),
                        N_("The Empire plays the action card {card} with {leader}.")),
        "alone": (N_("The Rebels play the action card {card}."), N_("The Empire plays the action card {card}.")),
    },
    "card-taken": {
        "shown": (N_("The Rebels take {card} from {where}."), N_("The Empire takes {card} from {where}.")),
        "hidden": (N_("The Rebels take a card from {where}."), N_("The Empire takes a card from {where}.")),
    },
    "cards-revealed": {
        "": (N_("  Cards shown to the Rebels{cause}: {cards}."), N_("  Cards shown to the Empire{cause}: {cards}.")),
    },
    "hand-shown": {
        "hidden": (N_("  The Rebels show their {kind} cards{cause}."),
                   N_("  The Empire shows its {kind} cards{cause}.")),
        "shown": (N_("  The Rebels show their {kind} cards{cause}: {cards}."),
                  N_("  The Empire shows its {kind} cards{cause}: {cards}.")),
    },
    "looked-at-missions": {
        "": (N_("  The Rebels look at the top {what} of their mission deck{cause}."),
             N_("  The Empire looks at the top {what} of its mission deck{cause}.")),
    },
    "looked-at-objectives": {
        "hidden": (N_("  The Rebels look at the top of the objective deck."),
                   N_("  The Empire looks at the top of the objective deck.")),
        "shown": (N_("  The Rebels look at the top of the objective deck: {cards}."),
                  N_("  The Empire looks at the top of the objective deck: {cards}.")),
    },
    "objective-played": {"": N_("The Rebels play the objective {card}.")},
    "objective-scored": {"": N_("The Rebels complete {card}.")},
    "objective-kept": {"": N_("  {card} goes back to the Rebel hand.")},
    "objective-buried": {
        "shown": N_("The Rebel objective {card} goes to the bottom of the objective deck{cause}."),
        "hidden": N_("A Rebel objective goes to the bottom of the objective deck{cause}."),
    },
    "mission-discarded": {
        "": (N_("The Rebels discard the mission {card}{cause}."), N_("The Empire discards the mission {card}{cause}.")),
    },
    "objective-discarded": {"": N_("The objective {card} is discarded{cause}.")},
    "objective-returned": {
        "top": N_("The objective {card} goes back on top of the objective deck{cause}."),
        "bottom": N_("The objective {card} goes back to the bottom of the objective deck{cause}."),
    },
    "mission-margin": {"": N_("  {card} succeeds by {n}.")},
    "effect-chosen": {"": N_("  {card}: {choice}.")},
    "effect-delayed": {"": N_("  {card} will take effect at the {when}.")},
    "effect-failed": {"": N_("  {card} has no effect: {reason}.")},
    "no-target": {"": N_("  {card} has no effect: there is {what} to choose.")},
    "target": {
        "leader": N_("  {card} targets {leader} in {system}."),
        "system": N_("  {card} targets {system}."),
    },
    "assigned": {
        "shown": (N_("The Rebels assign {leaders} to the mission {card} (face down)."),
                  N_("The Empire assigns {leaders} to the mission {card} (face down).")),
        "hidden": (N_("The Rebels assign {leaders} to a face-down mission."),
                   N_("The Empire assigns {leaders} to a face-down mission.")),
        # team play: who acted (RB-TEAM-02: each player assigns his own leaders)
        "seat-shown": N_("The {seat} assigns {leaders} to the mission {card} (face down)."),
        "seat-hidden": N_("The {seat} assigns {leaders} to a face-down mission."),
    },
    "mission-revealed": {
        "": (N_("The Rebels reveal the mission {card} with {leaders} ({mode})."),
             N_("The Empire reveals the mission {card} with {leaders} ({mode}).")),
        "seat": N_("The {seat} reveals the mission {card} with {leaders} ({mode})."),
    },
    "mission-system": {"": N_("  {card} takes place in {system}.")},
    "opposed": {"": (N_("  The Rebels send {leader} to oppose it."), N_("  The Empire sends {leader} to oppose it."))},
    "mission-result": {
        "resolved": N_("  {card} is resolved."),
        "succeeds unopposed": N_("  {card} succeeds (unopposed)."),
        "fails unopposed": N_("  {card} fails (unopposed)."),
        # the successes as a score, so that 1 or 0 of them read as well as 3 ("1 successes" did not)
        "succeeds counted": N_("  {card} succeeds (successes: {mine} against {theirs})."),
        "fails counted": N_("  {card} fails (successes: {mine} against {theirs})."),
        "succeeds": N_("  {card} succeeds."),
        "fails": N_("  {card} fails."),
    },
    "mission-fails": {"": N_("  {card}: the mission {mission} fails.")},
    "mission-returned": {
        "shown": (N_("The Rebels take their unrevealed mission {card} back into their hand."),
                  N_("The Empire takes its unrevealed mission {card} back into its hand.")),
        "hidden": (N_("The Rebels take an unrevealed mission back into their hand."),
                   N_("The Empire takes an unrevealed mission back into its hand.")),
    },
    "mission-ended": {
        "": (N_("  {card} goes back to the Rebel hand."), N_("  {card} goes back to the Imperial hand.")),
    },
    "leader-effect": {"": N_("  Until the end of the round no leader may oppose {leader}."),
                      "spent": N_("  {leader} cannot be used until the next Refresh Phase{cause}.")},
    "leaders-ready": {"": N_("{leaders} may be used again.")},
    "activate": {
        "": (N_("The Rebels activate {system} with {leader}."), N_("The Empire activates {system} with {leader}.")),
        "seat": N_("The {seat} activates {system} with {leader}."),  # team play: who acted (RB-TEAM-02)
    },
    "move": {
        "nothing": (N_("  The Rebels move nothing from {source} to {to}."),
                    N_("  The Empire moves nothing from {source} to {to}.")),
        "units": (N_("  The Rebels move {things} from {source} to {to}."),
                  N_("  The Empire moves {things} from {source} to {to}.")),
        # team play: the player whose leader activated (RB-TEAM-02)
        "seat-nothing": N_("  The {seat} moves nothing from {source} to {to}."),
        "seat-units": N_("  The {seat} moves {things} from {source} to {to}."),
    },
    "retreat": {
        "": (N_("  The Rebels retreat {things} from {source} to {to}."),
             N_("  The Empire retreats {things} from {source} to {to}.")),
    },
    "loyalty": {
        "rebel": N_("{system} is now loyal to the Rebellion."),
        "empire": N_("{system} is now loyal to the Empire."),
        "neutral": N_("{system} is now neutral."),
    },
    "loyalty-unchanged": {"": N_("  The loyalty of {system} cannot change."),
                          "already": (N_("{system} is already loyal to the Rebellion."),
                                      N_("{system} is already loyal to the Empire."))},
    "subjugation": {"placed": N_("{system} is subjugated."), "lifted": N_("{system} is no longer subjugated.")},
    "sabotage": {
        "placed": N_("A sabotage marker is placed in {system}."),
        "removed": N_("The sabotage marker is removed from {system}."),
    },
    "system-destroyed": {"": N_("{system} is destroyed{cause}!")},
    "systems-named": {
        "": (N_("  The Rebels name {systems}: the base is in none of them."), N_("  The Empire names {systems}.")),
    },
    "base-revealed": {"": N_("The Rebel base is revealed in {system} ({how})!")},
    "base-answer": {
        "in region": N_("The Rebels answer that their base is in the region of {system}."),
        "not in region": N_("The Rebels answer that their base is not in the region of {system}."),
        "in": N_("The Rebels answer that their base is in {system}."),
        "not in": N_("The Rebels answer that their base is not in {system}."),
    },
    "base-relocated": {
        "shown": N_("The Rebels move their base from {old} to {new}."),
        "hidden": N_("The Rebels move their base away from {old} to a hidden system."),
    },
    "relocation-impossible": {"": N_("  The base cannot move: {reason}.")},
    "built": {
        "": (N_("The Rebels build a {unit} for {at}: it waits on build-queue space {space}."),
             N_("The Empire builds a {unit} for {at}: it waits on build-queue space {space}.")),
    },
    "queued": {
        "": (N_("  The Rebels put {units} on build-queue space {space}."),
             N_("  The Empire puts {units} on build-queue space {space}.")),
    },
    "queue-advanced": {
        "": (N_("The Rebel units ready to deploy: {units}."), N_("The Imperial units ready to deploy: {units}.")),
    },
    "queue-moved": {
        "": (N_("  The Rebels move a {unit} from build-queue space {source} to {to}."),
             N_("  The Empire moves a {unit} from build-queue space {source} to {to}.")),
    },
    "build-blocked": {
        "for-system": (N_("  The Rebels cannot build for {at}: no unit of that icon is left."),
                       N_("  The Empire cannot build for {at}: no unit of that icon is left.")),
        "no-supply": (N_("  The Rebels cannot build: no unit is left in the supply."),
                      N_("  The Empire cannot build: no unit is left in the supply.")),
    },
    "deployed": {"": (N_("The Rebels deploy a {unit} to {to}."), N_("The Empire deploys a {unit} to {to}."))},
    "not-deployed": {
        "": (N_("The Rebels leave a {unit} on build-queue space 1."),
             N_("The Empire leaves a {unit} on build-queue space 1.")),
    },
    "gained-units": {"": (N_("The Rebels gain {units} in {at}."), N_("The Empire gains {units} in {at}."))},
    "recruited": {
        "placed": (N_("The Rebels recruit {leader} and place them in {at}."),
                   N_("The Empire recruits {leader} and places them in {at}.")),
        "pool": (N_("The Rebels recruit {leader}."), N_("The Empire recruits {leader}.")),
    },
    "leader-placed": {"": N_("  {leader} goes to {at}{cause}.")},
    "leader-moved": {
        "pool": N_("  {leader} returns to the leader pool{cause}."),
        "elsewhere": N_("  {leader} goes to {to}{cause}."),
    },
    "mission-cancelled": {
        "": (N_("  The Rebels' {card} is cancelled{cause}: the card goes back to their hand, {leaders} to the pool."),
             N_("  The Empire's {card} is cancelled{cause}: the card goes back to its hand, {leaders} to the pool.")),
    },
    "leaders-to-pool": {"": N_("  {leaders} go to the leader pool{cause}.")},
    "leaders-moved": {
        "pool": N_("  {leaders} go to the leader pool{cause}."),
        "taken": N_("  {leaders} are taken from {source} to {to}{cause}."),
        "elsewhere": N_("  {leaders} go to {to}{cause}."),
    },
    "leaders-retrieved": {"": N_("Leaders return to their pools.")},
    "leader-added": {
        "": (N_("  The Rebels add {leader} to the combat."), N_("  The Empire adds {leader} to the combat.")),
    },
    "captured": {"": N_("{leader} is captured in {at}{cause}.")},
    "rescued": {"": N_("{leader} is rescued and goes to {to}{cause}.")},
    "detained": {"": N_("{leader} is detained in {at} until after the next Refresh Phase.")},
    "leader-detained": {"": N_("{leader} stays detained in {at}.")},
    "leader-replaced": {"": N_("  {leader} becomes {by}.")},
    "leader-eliminated": {
        "at": N_("{leader} is eliminated in {at}{cause}."),
        "nowhere": N_("{leader} is eliminated{cause}."),
    },
    "ring-attached": {"": N_("  {leader} now carries the {ring}.")},
    "ring-replaced": {"": N_("  {leader} loses the {ring}.")},
    "ring-used": {"": N_("  {leader} uses the {ring}: {effect}.")},
    "probes-handed": {"": N_("The Rebels hand over {what}{cards}."),
                      "shuffled": N_("The Rebels hand over {what}{cards}; the others go back into the probe deck, "
                                     "which is shuffled.")},
    "probes-taken": {"": N_("The Rebels take {what} from the Imperial hand{cards}.")},
    "probes-planted": {"": N_("  They go back into the probe deck: {top} on top, {bottom} at the bottom.")},
    "combat": {"": N_("Combat in {system}!")},
    "combat-round": {"": N_("  Combat round {round} in {system}.")},
    "tactic-played": {
        "": (N_("  The Rebels play the tactic card {card}."), N_("  The Empire plays the tactic card {card}.")),
        "does": (N_("  The Rebels play the tactic card {card}: {does}"),
                 N_("  The Empire plays the tactic card {card}: {does}")),
    },
    "tactic-discarded": {
        "": (N_("  The Rebels discard the tactic card {card}."), N_("  The Empire discards the tactic card {card}.")),
    },
    "damage": {
        "": (N_("  The Rebels take damage {where}: {dealt}."), N_("  The Empire takes damage {where}: {dealt}.")),
    },
    "blocked": {
        "": (N_("  The Rebels block {amount} damage with {card}."),
             N_("  The Empire blocks {amount} damage with {card}.")),
    },
    "combat-effect": {
        "": (N_("  The Rebels are affected for {until}: {what}{cause}."),
             N_("  The Empire is affected for {until}: {what}{cause}.")),
    },
    "battle-won": {
        "space": (N_("  The Rebels win the space battle in {system}."),
                  N_("  The Empire wins the space battle in {system}.")),
        "ground": (N_("  The Rebels win the ground battle in {system}."),
                   N_("  The Empire wins the ground battle in {system}.")),
    },
    "combat-end": {"": N_("  The combat in {system} is over.")},
    "death-star-plans": {
        "hit": N_("  {card}: a direct hit, the Death Star is destroyed!"),
        "miss": N_("  {card}: no direct hit."),
    },
}

#: The field naming the side of a per-side message, where it is not ``faction``.
SIDE_FIELD = {"game-over": "winner", "roll": "who", "dice-set": "who", "cards-revealed": "to", "battle-won": "winner"}


# -- setup and rounds ---------------------------------------------------------------------------------------------


@line("round")
def _round(e, w):
    return "\n" + w.tell(e, round=e["round"], time=e["time"], reputation=e["reputation"])


@line("setup-loyalty")
def _setup_loyalty(e, w):
    return w.tell(e, rebel=w.names(e["rebel"]), subjugated=w.names(e["subjugated"]),
                  imperial=w.names(e["imperial"]))


@line("starting-units")
def _starting_units(e, w):
    places = "; ".join(f"{w.name(where)}: {w.units(units)}" for where, units in e["units"].items())
    return w.tell(e, units=places)


@line("setup-complete")
def _setup_complete(e, w):
    return w.tell(e)


@line("base-chosen")
def _base_chosen(e, w):
    where = base_at_setup(w.game, w.viewer)
    if where is not None:
        return w.tell(e, "yours", system=w.name(where))
    return w.tell(e, "hidden")


def base_at_setup(game, viewer) -> str | None:
    """Where the Rebel base was hidden at setup, if ``viewer`` may know it (its own secret, in the viewer's view
    of the state): the place the first relocation left, else the base now."""
    current = redact(game.state["data"].get("base"), viewer)
    if not isinstance(current, str):
        return None
    for event in game.state["log"]:
        if event["type"] == "base-relocated":
            return event["old"]
    return current


@line("time")
def _time(e, w):
    return w.tell(e, time=e["time"])


@line("reputation")
def _reputation(e, w):
    return w.tell(e, reputation=e["reputation"], cause=w.because(e.get("cause")))


@line("game-over")
def _game_over(e, w):
    if e.get("winner") is None:
        return w.tell(e, "nobody", reason=w.phrase(e["reason"]))
    return w.tell(e, "won", reason=w.phrase(e["reason"]))


@line("pass")
def _pass(e, w):
    seat = w.seat(e["faction"], e.get("role"))
    return w.tell(e, "seat", seat=seat) if seat else w.tell(e)


@line("roll")
def _roll(e, w):
    dice = "; ".join(f"{dice_colour(colour)}: {', '.join(dice_face(f) for f in faces)}"
                     for colour, faces in e["dice"].items() if faces)
    if not dice or e.get("who") is None:
        return ""
    return w.tell(e, dice=dice)


COLOURS = {"red": N_("red"), "black": N_("black"), "green": N_("green")}
FACES = {"hit": N_("hit"), "blank": N_("blank"), "direct-hit": N_("direct hit"), "special": N_("special")}


def dice_colour(colour: str) -> str:
    return gettext(COLOURS[colour]) if colour in COLOURS else colour


def dice_face(face: str) -> str:
    return gettext(FACES[face]) if face in FACES else face.replace("-", " ")


@line("dice-set")
def _dice_set(e, w):
    dice = ", ".join(f"{dice_colour(colour)} {dice_face(face)}" for colour, face in e["dice"])
    return w.tell(e, dice=dice)


# -- cards ----------------------------------------------------------------------------------------------------------

_DRAWN = {
    "drew-missions": lambda n: npgettext("drawn", "{n} mission card", "{n} mission cards", n),
    "drew-actions": lambda n: npgettext("drawn", "{n} action card", "{n} action cards", n),
    "drew-objectives": lambda n: npgettext("drawn", "{n} objective card", "{n} objective cards", n),
    "drew-probes": lambda n: npgettext("drawn", "{n} probe card", "{n} probe cards", n),
    "drew-projects": lambda n: npgettext("drawn", "{n} project card", "{n} project cards", n),
}


@line(*_DRAWN)
def _drew(e, w):
    if not e["count"]:  # nothing drawn (an empty deck, a hand already full): nothing to tell
        return ""
    what = _DRAWN[e["type"]](e["count"]).format(n=e["count"])
    shown = w.cards(e.get("cards"))
    if shown:
        return w.tell(e, "shown", what=what, cards=shown)
    return w.tell(e, "hidden", what=what)


#: Card zones as ``move_cards`` events record them (``hand:rebel:actions``), in words.
_ZONES = {
    "hand:rebel": N_("the Rebel hand"), "hand:empire": N_("the Imperial hand"),
    "deck:probes": N_("the probe deck"), "deck:projects": N_("the project deck"),
    "deck:objectives": N_("the objective deck"), "deck:rebel": N_("the Rebel mission deck"),
    "deck:empire": N_("the Imperial mission deck"), "deck:rebel:actions": N_("the Rebel action deck"),
    "deck:empire:actions": N_("the Imperial action deck"), "discard": N_("the discard pile"),
    "mission": N_("a face-down mission"), "starting-actions": N_("the starting action cards"),
}


def zone_words(zone: str) -> str:
    """``hand:rebel:actions`` as "the Rebel hand", ``discard:projects`` as "the discard pile"."""
    parts = zone.split(":")
    for key in (zone, ":".join(parts[:2]), parts[0]):
        if key in _ZONES:
            return gettext(_ZONES[key])
    return zone


@line("cards-moved")
def _cards_moved(e, w):
    shown = w.cards(e["cards"])
    n = len(e["cards"]) if w.visible(e["cards"]) else e["cards"].get("count", 1)
    what = shown or npgettext("moved", "{n} card", "{n} cards", n).format(n=n)
    return w.tell(e, what=what, source=zone_words(e["source"]), to=zone_words(e["to"]),
                  cause=w.because(e.get("card")))


@line("cards-returned")
def _cards_returned(e, w):
    n = e["count"]
    if e["to"] == "top":
        return w.say(npgettext("returned", "  {n} card goes back on top of {deck}.", "  {n} cards go back on top of {deck}.",
                               n), n=n, deck=zone_words(f"deck:{e['deck']}"))
    return w.say(npgettext("returned", "  {n} card goes to the bottom of {deck}.", "  {n} cards go to the bottom of {deck}.",
                           n), n=n, deck=zone_words(f"deck:{e['deck']}"))


@line("tactics-drawn")
def _tactics_drawn(e, w):
    n = e["count"]
    what = npgettext("drawn", "{n} {theater} tactic card", "{n} {theater} tactic cards", n).format(
        n=n, theater=theater_of(e["theater"]))
    shown = w.cards(e.get("cards"))
    if shown:
        return w.tell(e, "shown", what=what, cards=shown)
    return w.tell(e, "hidden", what=what)


@line("kept-action")
def _kept_action(e, w):
    if w.visible(e["card"]):
        return w.tell(e, "shown", card=w.name(e["card"]))
    return w.tell(e, "hidden")


@line("action-played")
def _action_played(e, w):
    if e.get("leader"):
        said = w.tell(e, "with-leader", card=w.name(e["card"]), leader=w.name(e["leader"]))
    else:
        said = w.tell(e, "alone", card=w.name(e["card"]))
    card = tables(w.game).actions.get(e["card"])
    if card is None:
        return said
    # what the card did, from the pack's summary; an Immediate card is played unasked, so say why (RS-ACT-06)
    summary = _(" Its effect: {effect}").format(effect=local_text(card.summary)) if card.summary else ""
    why = _(" An Immediate card is played as soon as it is gained.") if card.timing == "immediate" else ""
    return said + summary + why


@line("card-taken")
def _card_taken(e, w):
    pile = str(e.get("deck", ""))
    where = _("their discard pile") if pile.startswith("discard:") else _("their deck")
    if w.visible(e["card"]):
        return w.tell(e, "shown", card=w.name(e["card"]), where=where)
    return w.tell(e, "hidden", where=where)


@line("cards-revealed")
def _cards_revealed(e, w):
    shown = w.cards(e["cards"])
    what = shown or npgettext("shown", "{n} card", "{n} cards", e["count"]).format(n=e["count"])
    return w.tell(e, cause=w.because(e.get("cause")), cards=what)


@line("hand-shown", "tactics-shown")
def _hand_shown(e, w):
    shown = w.cards(e["cards"])
    kind = e.get("kind", "tactics")
    if shown is None and w.visible(e["cards"]):
        shown = _("no cards")
    if shown is None:
        return w.tell(e, "hidden", kind=w.phrase(kind), cause=w.because(e.get("card")))
    return w.tell(e, "shown", kind=w.phrase(kind), cause=w.because(e.get("card")), cards=shown)


@line("looked-at-objectives")
def _looked_at_objectives(e, w):
    shown = w.cards(e["cards"])
    if shown is None:
        return w.tell(e, "hidden")
    return w.tell(e, "shown", cards=shown)


@line("arranged-objectives")
def _arranged_objectives(e, w):
    n = e["to_bottom"]
    return w.say(npgettext("objectives", "  {n} of them goes to the bottom of the objective deck.",
                           "  {n} of them go to the bottom of the objective deck.", n), n=n)


@line("objectives-to-bottom")
def _objectives_to_bottom(e, w):
    n = e["count"]
    return w.say(npgettext("objectives", "  {n} objective card goes to the bottom of the objective deck.",
                           "  {n} objective cards go to the bottom of the objective deck.", n), n=n)


@line("objective-played")
def _objective_played(e, w):
    return w.tell(e, card=w.name(e["card"]))


@line("objective-scored")
def _objective_scored(e, w):
    if e.get("reputation"):
        return w.say(ngettext("The Rebels complete {card} (+{n} reputation).",
                              "The Rebels complete {card} (+{n} reputation).", e["reputation"]),
                     card=w.name(e["card"]), n=e["reputation"])
    return w.tell(e, card=w.name(e["card"]))


@line("objective-kept")
def _objective_kept(e, w):
    return w.tell(e, card=w.name(e["card"]))


@line("objective-buried")
def _objective_buried(e, w):
    if w.visible(e["card"]):
        return w.tell(e, "shown", card=w.name(e["card"]), cause=w.because(e.get("by")))
    return w.tell(e, "hidden", cause=w.because(e.get("by")))


@line("objective-discarded")
def _objective_discarded(e, w):
    return w.tell(e, card=w.name(e["card"]), cause=w.because(e.get("cause")))


@line("mission-discarded", "discarded-mission")  # the old name of a discard down to the hand limit, in older logs
def _mission_discarded(e, w):
    return w.tell(e, card=w.name(e["card"]), cause=w.because(e.get("cause") or e.get("by")))  # by: older logs


@line("objective-returned")
def _objective_returned(e, w):
    where = "bottom" if str(e.get("to", "")).endswith("bottom") else "top"
    return w.tell(e, where, card=w.name(e["card"]), cause=w.because(e.get("cause")))


@line("mission-margin")
def _mission_margin(e, w):
    """Said only when the margin counts for something (a mission that won by at least one success)."""
    return w.tell(e, card=w.name(e["card"]), n=e["margin"]) if e["margin"] > 0 else ""


@line("looked-at-missions")
def _looked_at_missions(e, w):
    n = e["count"]
    return w.tell(e, what=npgettext("moved", "{n} card", "{n} cards", n).format(n=n), cause=w.because(e.get("card")))


@line("effect-chosen")
def _effect_chosen(e, w):
    return w.tell(e, card=w.name(e["card"]), choice=branch_label(w.game, e["card"], e["option"]))


def branch_label(game, card: str, option: str) -> str:
    """The label of a ``choose_one`` branch of a card's effect, in the reader's language."""
    content = game.rules.content
    item = next((content.items(k)[card] for k in sorted(content.counts(), key=lambda k: (k == "markers", k))
                 if card in content.items(k)), None)
    stack = [getattr(item, key, None) or [] for key in ("target", "effect", "failure")]
    for ability in ("top", "bottom"):
        stack.append(getattr(getattr(item, ability, None), "effect", None) or [])
    while stack:
        node = stack.pop()
        if hasattr(node, "model_dump"):
            node = node.model_dump()
        if isinstance(node, list):
            stack.extend(node)
        elif isinstance(node, dict):
            if node.get("id") == option and "label" in node:
                return local_text(node["label"])
            stack.extend(v for v in node.values() if isinstance(v, (list, dict)))
    return option.replace("-", " ")


@line("effect-delayed")
def _effect_delayed(e, w):
    return w.tell(e, card=w.name(e["card"]), when=w.phrase(e["until"]))


@line("effect-failed")
def _effect_failed(e, w):
    return w.tell(e, card=w.name(e.get("card")), reason=w.phrase(e["reason"]))


@line("no-target")
def _no_target(e, w):
    what = _("no leader") if e.get("wanted") == "leader" else _("no system")
    return w.tell(e, card=w.name(e["card"]), what=what)


@line("target")
def _target(e, w):
    if e.get("card") in tables(w.game).missions:  # a mission's system is told by "mission-system"
        return ""
    if e.get("leader"):
        return w.tell(e, "leader", card=w.name(e.get("card")), leader=w.name(e["leader"]), system=w.name(e["system"]))
    return w.tell(e, "system", card=w.name(e.get("card")), system=w.name(e["system"]))


# -- missions -------------------------------------------------------------------------------------------------------


@line("assigned")
def _assigned(e, w):
    seat = _leaders_seat(e, w)
    if w.visible(e["card"]):
        return w.tell(e, f"{seat and 'seat-'}shown", seat=seat, leaders=w.names(e["leaders"]), card=w.name(e["card"]))
    return w.tell(e, f"{seat and 'seat-'}hidden", seat=seat, leaders=w.names(e["leaders"]))


@line("mission-revealed")
def _mission_revealed(e, w):
    mode = _("an attempt") if e.get("mode") == "attempt" else _("resolved at once")
    seat = _leaders_seat(e, w)
    return w.tell(e, "seat" if seat else "", seat=seat, card=w.name(e["card"]), leaders=w.names(e["leaders"]),
                  mode=mode)


def _leaders_seat(e, w) -> str:
    """In team play, the seat of the player whose leaders these are (RB-TEAM-02: a mission's leaders are one
    player's, blue the Admiral's, orange the General's); "" otherwise."""
    leader = tables(w.game).leaders.get((e.get("leaders") or [None])[0] or "")
    return w.seat(e["faction"], leader.role) if leader else ""


@line("mission-system")
def _mission_system(e, w):
    return w.tell(e, card=w.name(e["card"]), system=w.name(e["system"]))


@line("opposed")
def _opposed(e, w):
    return w.tell(e, leader=w.name(e["leader"]))


@line("mission-result")
def _mission_result(e, w):
    card, outcome = w.name(e["card"]), "succeeds" if e["success"] else "fails"
    if e.get("resolved"):
        return w.tell(e, "resolved", card=card)
    if e.get("unopposed"):
        return w.tell(e, f"{outcome} unopposed", card=card)
    successes = e.get("successes")
    if isinstance(successes, dict) and e.get("faction") in successes:
        mine = successes[e["faction"]]
        theirs = sum(v for k, v in successes.items() if k != e["faction"])
        return w.tell(e, f"{outcome} counted", card=card, mine=mine, theirs=theirs)
    return w.tell(e, outcome, card=card)


@line("mission-fails")
def _mission_fails(e, w):
    return w.tell(e, card=w.name(e.get("card")), mission=w.name(e.get("mission")))


@line("mission-returned")
def _mission_returned(e, w):
    if w.visible(e["card"]):
        return w.tell(e, "shown", card=w.name(e["card"]))
    return w.tell(e, "hidden")


@line("mission-ended")
def _mission_ended(e, w):
    if e.get("to") != "hand":
        return ""
    return w.tell(e, card=w.name(e["card"]))


@line("leader-effect")
def _leader_effect(e, w):
    if e["kind"] in ("no-opposition", "spent"):
        return w.tell(e, "spent" if e["kind"] == "spent" else "", leader=w.name(e["leader"]),
                      cause=w.because(e.get("card")))
    return w.say(ngettext("  Until the end of the round {leader} has {n} extra success on missions.",
                          "  Until the end of the round {leader} has {n} extra successes on missions.", e["amount"]),
                 leader=w.name(e["leader"]), n=e["amount"])


# -- the board ------------------------------------------------------------------------------------------------------


@line("leaders-ready")
def _leaders_ready(e, w):
    return w.tell(e, leaders=w.names(e["leaders"]))


@line("activate")
def _activate(e, w):
    leader = tables(w.game).leaders.get(e["leader"])
    seat = w.seat(e["faction"], leader.role if leader else None)  # blue leaders are the Admiral's (RB-TEAM-02)
    return w.tell(e, "seat" if seat else "", seat=seat, system=w.name(e["system"]), leader=w.name(e["leader"]))


@line("move", "moved")
def _move(e, w):
    things = [counted(w.game, n, u) for u, n in e["units"].items() if n]
    things += [w.name(lid) for lid in e.get("leaders") or ()]
    source = e.get("source") or e.get("from")
    if e["type"] == "moved" or e.get("card"):  # a card's move: the seat that played it (older logs: the side)
        seat = w.seat(e["faction"], e.get("role"))
    else:
        seat = _activator(e, w)
    prefix = "seat-" if seat else ""
    if not things:
        return w.tell(e, prefix + "nothing", seat=seat, source=w.name(source), to=w.name(e["to"]))
    return w.tell(e, prefix + "units", seat=seat, things=w.join(things), source=w.name(source), to=w.name(e["to"]))


def _activator(e, w) -> str:
    """In team play, the seat that moved units in an activation: the player of the leader who activated (the
    latest ``activate`` event of the side before this move); "" otherwise."""
    if not w.seat(e["faction"], "admiral"):  # one player holds the side: nothing to tell apart
        return ""
    log = w.game.state["log"]
    at = next((i for i in range(len(log) - 1, -1, -1) if log[i] is e or log[i] == e), len(log))
    for event in reversed(log[:at]):
        if event["type"] == "activate" and side(event["faction"]) == side(e["faction"]):
            leader = tables(w.game).leaders.get(event["leader"])
            return w.seat(e["faction"], leader.role) if leader else ""
    return ""


@line("retreat")
def _retreat(e, w):
    things = [counted(w.game, n, u) for u, n in e["units"].items() if n]
    things += [w.name(lid) for lid in e.get("leaders") or ()]
    return w.tell(e, things=w.join(things) or _("nothing"), source=w.name(e.get("from")), to=w.name(e["to"]))


@line("loyalty")
def _loyalty(e, w):
    return w.tell(e, e["loyalty"] if e["loyalty"] in ("rebel", "empire") else "neutral", system=w.name(e["system"]))


@line("loyalty-unchanged")
def _loyalty_unchanged(e, w):
    return w.tell(e, "already" if e.get("reason") == "already loyal" else "", system=w.name(e["system"]))


@line("subjugation")
def _subjugation(e, w):
    return w.tell(e, "placed" if e["subjugated"] else "lifted", system=w.name(e["system"]))


@line("sabotage")
def _sabotage(e, w):
    return w.tell(e, "placed" if e.get("placed") else "removed", system=w.name(e["system"]))


@line("system-destroyed")
def _system_destroyed(e, w):
    return w.tell(e, system=w.name(e["system"]), cause=w.because(e.get("cause")))


@line("system-barred")  # older logs: Boba Fett? Where? barred missions and cards for the round before it restricted
def _system_barred(e, w):
    return "  " + restrictions.sentence(w.game, side(e["faction"]), e["system"], ["missions", "cards"],
                                        "end-of-round", False, e.get("card"))


@line("restricted")
def _restricted(e, w):
    return "  " + restrictions.sentence(w.game, side(e["faction"]), e["system"], e["bars"], e["until"],
                                        e["conditional"], e.get("card"))


@line("systems-named")
def _systems_named(e, w):
    return w.tell(e, systems=w.names(e["systems"]))


@line("base-revealed")
def _base_revealed(e, w):
    how = {"voluntary": _("the Rebels reveal it"), "forced": _("the Empire found it"),
           "relocation": _("the Rebels left it")}.get(e.get("how"), w.phrase(e.get("how")))
    return w.tell(e, system=w.name(e["system"]), how=how)


@line("base-relocated")
def _base_relocated(e, w):
    if w.visible(e["new"]):
        return w.tell(e, "shown", old=w.name(e["old"]), new=w.name(e["new"]))
    return w.tell(e, "hidden", old=w.name(e["old"]))


@line("relocation-impossible")
def _relocation_impossible(e, w):
    return w.tell(e, reason=w.phrase(e["reason"]))


@line("base-answer")
def _base_answer(e, w):
    answer = ("in" if e["here"] else "not in") + (" region" if e.get("region") else "")
    return w.tell(e, answer, system=w.name(e["system"]))


# -- units and building ---------------------------------------------------------------------------------------------


@line("built")
def _built(e, w):
    return w.tell(e, unit=w.name(e["unit"]), at=w.name(e.get("at")), space=e["space"])


@line("queued")
def _queued(e, w):
    return w.tell(e, units=counted(w.game, e["count"], e["unit"]), space=e["space"])


@line("queue-advanced")
def _queue_advanced(e, w):
    if not e["ready"]:
        return ""
    return w.tell(e, units=w.units(e["ready"]))


@line("queue-moved")
def _queue_moved(e, w):
    return w.tell(e, unit=w.name(e["unit"]), source=e["source"], to=e["to"])


@line("build-blocked")
def _build_blocked(e, w):
    if "at" in e:
        return w.tell(e, "for-system", at=w.name(e["at"]))
    return w.tell(e, "no-supply")


@line("deployed")
def _deployed(e, w):
    return w.tell(e, unit=w.name(e["unit"]), to=w.name(e["to"]))


@line("not-deployed")
def _not_deployed(e, w):
    return w.tell(e, unit=w.name(e["unit"]))


@line("gained-units")
def _gained_units(e, w):
    return w.tell(e, units=counted(w.game, e["count"], e["unit"]), at=w.name(e["at"]))


@line("destroyed")
def _destroyed(e, w):
    where = w.name(e["at"]) if "space" not in e else _("build-queue space {space}").format(space=e["space"])
    return w.say(ngettext("{units} is destroyed in {at}{cause}.", "{units} are destroyed in {at}{cause}.", e["count"]),
                 units=counted(w.game, e["count"], e["unit"]), at=where, cause=w.because(e.get("cause")))


# -- leaders --------------------------------------------------------------------------------------------------------


@line("recruited")
def _recruited(e, w):
    if e.get("at") and e["at"] not in ("pool",):
        return w.tell(e, "placed", leader=w.name(e["leader"]), at=w.name(e["at"]))
    return w.tell(e, "pool", leader=w.name(e["leader"]))


@line("leader-placed")
def _leader_placed(e, w):
    return w.tell(e, leader=w.name(e["leader"]), at=w.name(e.get("at") or e["system"]),
                  cause=w.because(e.get("card")))


@line("leader-moved", "leader-returned")
def _leader_moved(e, w):
    if e.get("to") == "pool":
        return w.tell(e, "pool", leader=w.name(e["leader"]), cause=w.because(e.get("cause")))
    return w.tell(e, "elsewhere", leader=w.name(e["leader"]), to=w.name(e["to"]), cause=w.because(e.get("cause")))


@line("mission-cancelled")
def _mission_cancelled(e, w):
    return w.tell(e, card=w.name(e["card"]), leaders=w.names(e["leaders"]), cause=w.because(e.get("cause")))


@line("leaders-to-pool")
def _to_pool(e, w):
    return w.tell(e, leaders=w.names(e["leaders"]), cause=w.because(e.get("card")))


@line("leaders-moved")
def _leaders_moved(e, w):
    if e.get("to") == "pool":
        return w.tell(e, "pool", leaders=w.names(e["leaders"]), cause=w.because(e.get("card")))
    if e.get("source"):
        return w.tell(e, "taken", leaders=w.names(e["leaders"]), source=w.name(e["source"]), to=w.name(e["to"]),
                      cause=w.because(e.get("card")))
    return w.tell(e, "elsewhere", leaders=w.names(e["leaders"]), to=w.name(e["to"]), cause=w.because(e.get("card")))


@line("leaders-retrieved")
def _leaders_retrieved(e, w):
    return w.tell(e)


@line("leader-added")
def _leader_added(e, w):
    return w.tell(e, leader=w.name(e["leader"]))


@line("captured")
def _captured(e, w):
    return w.tell(e, leader=w.name(e["leader"]), at=w.name(e["at"]), cause=w.because(e.get("cause")))


@line("rescued")
def _rescued(e, w):
    return w.tell(e, leader=w.name(e["leader"]), to=w.name(e["to"]), cause=w.because(e.get("cause")))


@line("detained")
def _detained(e, w):
    return w.tell(e, leader=w.name(e["leader"]), at=w.name(e["at"]))


@line("leader-detained")
def _leader_detained(e, w):
    return w.tell(e, leader=w.name(e["leader"]), at=w.name(e["at"]))


@line("leader-replaced")
def _leader_replaced(e, w):
    return w.tell(e, leader=w.name(e["leader"]), by=w.name(e["by"]))


@line("leader-eliminated")
def _leader_eliminated(e, w):
    cause = w.because(e.get("card") or e.get("cause"))
    if e.get("at"):
        return w.tell(e, "at", leader=w.name(e["leader"]), at=w.name(e["at"]), cause=cause)
    return w.tell(e, "nowhere", leader=w.name(e["leader"]), cause=cause)


@line("ring-attached")
def _ring_attached(e, w):
    return w.tell(e, leader=w.name(e["leader"]), ring=w.marker(e["ring"]))


@line("ring-replaced")
def _ring_replaced(e, w):
    return w.tell(e, leader=w.name(e["leader"]), ring=w.marker(e["ring"]))


@line("ring-used")
def _ring_used(e, w):
    return w.tell(e, leader=w.name(e["leader"]), ring=w.marker(e["ring"]),
                  effect=ring_effect(w, str(e.get("effect", ""))))


def ring_effect(w: Words, effect: str) -> str:
    """What a ring did, from the English the rules logged (base/rules/rings.py)."""
    if effect.startswith("an Imperial ") and effect.endswith(" became a blank"):
        return w.say(N_("an Imperial {face} became a blank"), face=dice_face(effect[len("an Imperial "):-15]))
    if effect.endswith(" is freed"):
        return w.say(N_("{leader} is freed"), leader=w.name(effect[:-9]))
    return w.phrase(effect)


# -- probes and the base --------------------------------------------------------------------------------------------


@line("probes-handed")
def _probes_handed(e, w):
    shown = w.cards(e["cards"])
    n = e["count"]
    what = npgettext("handed", "{n} probe card", "{n} probe cards", n).format(n=n)
    variant = "shuffled" if _shuffles_the_rest(w, e.get("card")) else ""
    return w.tell(e, variant, what=what, cards=f": {shown}" if shown else "")


def _shuffles_the_rest(w, card: str | None) -> bool:
    """True when the card that handed the probe cards over puts the ones it did not keep back into the deck
    shuffled (Intercept Transmissions): its effect data has a step with ``rest: shuffle``."""
    if card is None:
        return False
    content = w.game.rules.content
    item = next((content.items(k)[card] for k in ("missions", "actions") if k in content.counts()
                 and card in content.items(k)), None)

    def walk(node) -> bool:
        if isinstance(node, dict):
            return node.get("rest") == "shuffle" or any(walk(v) for v in node.values())
        return isinstance(node, list) and any(walk(v) for v in node)

    return item is not None and walk(item.model_dump(mode="json").get("effect"))


@line("probes-taken")
def _probes_taken(e, w):
    shown = w.cards(e["cards"])
    n = e["count"]
    what = npgettext("taken", "{n} probe card", "{n} probe cards", n).format(n=n)
    return w.tell(e, what=what, cards=f": {shown}" if shown else "")


@line("probes-planted")
def _probes_planted(e, w):
    return w.tell(e, top=e["top"], bottom=e["bottom"])


# -- combat ---------------------------------------------------------------------------------------------------------


@line("combat")
def _combat(e, w):
    return w.tell(e, system=w.name(e["system"]))


@line("combat-round")
def _combat_round(e, w):
    return w.tell(e, round=e["round"], system=w.name(e["system"]))


@line("tactic-played")
def _tactic_played(e, w):
    """The card and what it does (the pack's summary): the other side learns what the card did, not only its name."""
    summary = _summary(w, e["card"])
    if summary:
        return w.tell(e, "does", card=w.name(e["card"]), does=summary)
    return w.tell(e, card=w.name(e["card"]))


def _summary(w, card: str) -> str:
    """A card's summary in the reader's language, or "" when the packs give none."""
    content = w.game.rules.content
    for kind in ("tactics", "advanced-tactics"):
        item = content.items(kind).get(card) if kind in content.counts() else None
        if item is not None and getattr(item, "summary", None) is not None:
            return local_text(item.summary)
    return ""


@line("tactic-discarded")
def _tactic_discarded(e, w):
    return w.tell(e, card=w.name(e["card"]))


@line("damage")
def _damage(e, w):
    """Each damaged unit and how much it took, in words: "2 Stormtroopers, 1 damage each; 1 AT-AT, 2 damage"."""
    dealt = []
    for unit, hits in e["dealt"].items():
        for amount in sorted(set(hits), reverse=True):
            copies = hits.count(amount)
            damage = ngettext("{n} damage", "{n} damage", amount).format(n=amount)
            units = w.name(unit) if copies == 1 else counted(w.game, copies, unit)
            dealt.append((_("{units}, {damage}") if copies == 1 else _("{units}, {damage} each")).format(
                units=units, damage=damage))
    return w.tell(e, where=theater_where(e["theater"]), dealt="; ".join(dealt))


@line("blocked")
def _blocked(e, w):
    return w.tell(e, amount=e["amount"], card=w.name(e["card"]))


EFFECTS = {
    "prevent": N_("some hits are prevented"),
    "forbid": N_("no tactic card may be played next round"),
    "no-repair": N_("no damage may be removed with specials"),
    "shed": N_("damage may be taken off afterwards"),
    "redirect": N_("damage may be moved onto another unit"),
    "pick-first": N_("it chooses its tactic card first, face up"),
    "dice": N_("fewer attack dice"),
    "no-retreat": N_("no retreat"),
    "no-block": N_("no damage may be blocked"),
    "no-tactics": N_("no tactic cards may be played"),
    "ignore-transport": N_("units may retreat without transport"),
    "health": N_("units' health changes"),
    "recolour-hits": N_("hits may go on units of either colour"),
}
UNTIL = {"combat": N_("this combat"), "round": N_("this combat round"), "step": N_("this step")}


@line("combat-effect")
def _combat_effect(e, w):
    what = gettext(EFFECTS[e["kind"]]) if e["kind"] in EFFECTS else w.phrase(e["kind"])
    return w.tell(e, until=gettext(UNTIL.get(e["until"], e["until"])), what=what, cause=w.because(e.get("card")))


@line("battle-won")
def _battle_won(e, w):
    return w.tell(e, "space" if e["theater"] == "space" else "ground", system=w.name(e["system"]))


@line("combat-end")
def _combat_end(e, w):
    return w.tell(e, system=w.name(e["system"]))


@line("death-star-plans")
def _death_star_plans(e, w):
    if e["hit"]:
        return w.tell(e, "hit", card=w.name(e["card"]))
    return w.tell(e, "miss", card=w.name(e["card"]))


#: The English words events carry in their fields (causes, reasons, dice faces, deck kinds), marked for translation.
PHRASES = (
    N_("combat"), N_("hand limit"), N_("leader limit"), N_("end of combat"), N_("escorted the rescued leader"),
    N_("the captured ring moved to another leader"), N_("no Imperial units left"),
    N_("base relocated"), N_("ground units"), N_("its last target marker is gone"), N_("leader"), N_("special"),
    N_("no Death Star Under Construction"), N_("no transport in a destroyed system"),
    N_("returned to the supply to build"), N_("stranded in a destroyed system"), N_("system destroyed"),
    N_("effect"), N_("never revealed"), N_("cannot change"), N_("units may not move there"),
    N_("not in the supply"), N_("none of these leaders can be recruited"),
    N_("no unit on the build queue can be deployed here"), N_("no drawn system can hold the base"),
    N_("condition not met"), N_("an additional card cannot cancel"), N_("a captured leader cannot be detained"),
    N_("reroll 1 die"), N_("the failed mission succeeds"), N_("end of the Command Phase"), N_("the end of the combat round"), N_("end of round"),
    N_("reputation reached the time marker"), N_("the time marker reached the reputation marker"),
    N_("the Empire holds the revealed Rebel base"), N_("the Rebel base's system was destroyed"),
    N_("missions"), N_("objectives"), N_("actions"), N_("tactics"),
    N_("probes"), N_("projects"),
)
PHRASE_SET = frozenset(PHRASES) | frozenset(LATER_MOMENTS.values())


def word(lines: dict[str, Line], event: dict[str, Any], words: Words) -> str | None:
    """The line ``lines`` gives an event, or ``None`` (no wording, or the event was logged with other fields than
    the wording expects: the kernel's plain wording then tells it, and an account never fails). English lines get
    their "a"/"an" right."""
    wording = lines.get(event["type"])
    if wording is None:
        return None
    try:
        text = wording(event, words)
    except (KeyError, TypeError, AttributeError):
        return None
    return articles(text) if language() == "en" else text


def describe(game, event: dict, viewer: str | None = None) -> str | None:
    if event["type"] in QUIET:
        return ""
    return word(LINES, event, Words(game, viewer))


__all__ = ["LINES", "PHRASES", "QUIET", "Words", "describe", "line", "side", "word"]
