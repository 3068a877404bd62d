"""How the expansion's events read in a game's account (``describe_event``; the base game describes the rest), in
the reader's language: the same helpers and conventions as the base game's account (``api.words.Words``)."""

from __future__ import annotations

from swrebellion.expansions.base.api.words import Words, word
from swrebellion.i18n import N_, gettext, ngettext, npgettext, pgettext

_ = gettext
LINES: dict = {}


def line(*types: str):
    def register(func):
        for type_ in types:
            LINES[type_] = func
        return func

    return register


def _ability(half: str) -> str:
    return pgettext("half of an advanced tactic card", "top") if half == "top" else \
        pgettext("half of an advanced tactic card", "bottom")


@line("advanced-tactics-revealed")
def _revealed(e, w):
    cards = "; ".join(f"{w.name(f)}: {w.name(c)}" for f, c in sorted(e["cards"].items()))
    message = N_("  Space tactic cards revealed: {cards}.") if e["theater"] == "space" else \
        N_("  Ground tactic cards revealed: {cards}.")
    return w.say(message, cards=cards)


@line("advanced-tactic-shown")
def _shown(e, w):
    return w.by(e["faction"], N_("  The Rebels choose first and show {card}."), N_("  The Empire chooses first and shows {card}."),
                card=w.name(e["card"]))


@line("advanced-tactic-used")
def _used(e, w):
    extra = _(" (an additional card)") if e.get("additional") else ""
    return w.by(e["faction"], N_("  The Rebels use the {half} ability of {card}{extra}."),
                N_("  The Empire uses the {half} ability of {card}{extra}."), half=_ability(e["half"]),
                card=w.name(e["card"]), extra=extra)


@line("advanced-tactic-unused")
def _unused(e, w):
    return w.by(e["faction"], N_("  The Rebels use neither ability of {card}."),
                N_("  The Empire uses neither ability of {card}."), card=w.name(e["card"]))


@line("advanced-tactic-extra")
def _extra(e, w):
    return w.by(e["faction"], N_("  The Rebels play an additional card: {card}."),
                N_("  The Empire plays an additional card: {card}."), card=w.name(e["card"]))


@line("tactic-cancelled")
def _cancelled(e, w):
    return w.by(e["faction"], N_("  The Rebel card {card} is cancelled by {by}."),
                N_("  The Imperial card {card} is cancelled by {by}."), card=w.name(e["card"]), by=w.name(e["by"]))


@line("cancel-ignored")
def _cancel_ignored(e, w):
    return w.say(N_("  {card} cannot cancel: {reason}."), card=w.name(e["card"]), reason=w.phrase(e.get("reason")))


@line("tactic-forbidden")
def _forbidden(e, w):
    message = (N_("  The Rebels may play no space tactic card this round."),
               N_("  The Empire may play no space tactic card this round.")) if e["theater"] == "space" else \
        (N_("  The Rebels may play no ground tactic card this round."),
         N_("  The Empire may play no ground tactic card this round."))
    return w.by(e["faction"], *message)


@line("tactics-arranged")
def _arranged(e, w):
    """Prepare for Battle: how many cards went on top and how many to the bottom (which ones stays the side's)."""
    rebel, empire = (N_("  The Rebels arrange the top of their space tactic deck ({top} on top, {bottom} at the "
                        "bottom)."),
                     N_("  The Empire arranges the top of its space tactic deck ({top} on top, {bottom} at the "
                        "bottom).")) if e["theater"] == "space" else \
        (N_("  The Rebels arrange the top of their ground tactic deck ({top} on top, {bottom} at the bottom)."),
         N_("  The Empire arranges the top of its ground tactic deck ({top} on top, {bottom} at the bottom)."))
    return w.by(e["faction"], rebel, empire, top=e["to_top"], bottom=e["to_bottom"])


@line("tactics-recycled")
def _recycled(e, w):
    return w.by(e["faction"], N_("  The Rebel tactic discard pile is shuffled back into the deck."),
                N_("  The Imperial tactic discard pile is shuffled back into the deck."))


@line("tactic-returned")
def _returned(e, w):
    return w.by(e["faction"], N_("  The Rebels take {card} back into their deck{cause}."),
                N_("  The Empire takes {card} back into its deck{cause}."), card=w.name(e["card"]),
                cause=w.because(e.get("cause")))


@line("tactic-removed")
def _removed(e, w):
    return w.say(N_("  {card} leaves the game."), card=w.name(e["card"]))


@line("tactics-recovered")
def _recovered(e, w):
    return w.by(e["faction"], N_("  The Rebels take back tactic cards{cause}: {cards}."),
                N_("  The Empire takes back tactic cards{cause}: {cards}."), cause=w.because(e.get("card")),
                cards=w.names(e["cards"]))


@line("prevented")
def _prevented(e, w):
    dice = w.join([w.die(d) for d in e["dice"]])
    return w.by(e["faction"], N_("  The Rebels prevent {dice}."), N_("  The Empire prevents {dice}."), dice=dice)


@line("damage-removed")
def _damage_removed(e, w):
    return w.say(N_("  1 damage is removed from a {unit}{cause}."), unit=w.name(e["unit"]), cause=w.because(e.get("cause")))


@line("leader-reroll")
def _reroll(e, w):
    return w.by(e["faction"], N_("  The Rebel leader's tactics value lets them reroll up to {n} dice."),
                N_("  The Imperial leader's tactics value lets them reroll up to {n} dice."), n=e["up_to"])


@line("doomed")
def _doomed(e, w):
    return w.by(e["faction"], N_("  A Rebel {unit} will be destroyed at the end of the round ({card})."),
                N_("  An Imperial {unit} will be destroyed at the end of the round ({card})."),
                unit=w.name(e["unit"]), card=w.name(e["card"]))


@line("attack-order")
def _attack_order(e, w):
    if e["theater"] == "space":
        return w.by(e["last"], N_("  From now on the Rebels attack last in space battles."),
                    N_("  From now on the Empire attacks last in space battles."))
    return w.by(e["last"], N_("  From now on the Rebels attack last in ground battles."),
                N_("  From now on the Empire attacks last in ground battles."))


@line("opposition-revealed")
def _opposition(e, w):
    return w.by(e["faction"], N_("  The Rebels reveal {card}: {leaders} oppose {against} in {system}."),
                N_("  The Empire reveals {card}: {leaders} oppose {against} in {system}."), card=w.name(e["card"]),
                leaders=w.names(e["leaders"]), against=w.name(e["against"]), system=w.name(e["system"]))


@line("bounty-collected")
def _bounty(e, w):
    return w.say(ngettext("  {leader} wore the Bounty ring when captured: the Rebels lose {n} reputation.",
                          "  {leader} wore the Bounty ring when captured: the Rebels lose {n} reputation.", e["loss"]),
                 leader=w.name(e["leader"]), n=e["loss"])


@line("round-end-effect")
def _round_end(e, w):
    return w.say(N_("  {card} takes effect at the end of the round."), card=w.name(e["card"]))


@line("leader-eliminated")
def _eliminated(e, w):
    cause = w.because(e.get("card") or e.get("cause"))
    if e.get("at"):
        return w.say(N_("{leader} is eliminated in {at}{cause}."), leader=w.name(e["leader"]), at=w.name(e["at"]),
                     cause=cause)
    return w.say(N_("{leader} is eliminated{cause}."), leader=w.name(e["leader"]), cause=cause)


@line("leader-removed")
def _leader_removed(e, w):
    return w.say(N_("{leader} leaves the game{cause}."), leader=w.name(e["leader"]), cause=w.because(e.get("cause")))


@line("leader-limit-raised")
def _limit(e, w):
    return w.by(e["faction"], N_("  The Rebels may now have {limit} leaders{cause}."),
                N_("  The Empire may now have {limit} leaders{cause}."), limit=e["limit"], cause=w.because(e.get("card")))


@line("protected")
def _protected(e, w):
    return w.say(N_("  The {bunker} in {system} protects the {unit}."), bunker=w.name(e.get("by", "shield-bunker")),
                 system=w.name(e["system"]), unit=w.name(e["unit"]))


@line("mission-set")
def _mission_set(e, w):
    n = e["boxed"]
    if e["set"] == "base":
        return w.by(e["faction"], npgettext("rebel", "The Rebels play the base mission set ({n} card boxed).",
                                            "The Rebels play the base mission set ({n} cards boxed).", n),
                    npgettext("empire", "The Empire plays the base mission set ({n} card boxed).",
                              "The Empire plays the base mission set ({n} cards boxed).", n), n=n)
    return w.by(e["faction"], npgettext("rebel", "The Rebels play the Rise of the Empire mission set ({n} card boxed).",
                                        "The Rebels play the Rise of the Empire mission set ({n} cards boxed).", n),
                npgettext("empire", "The Empire plays the Rise of the Empire mission set ({n} card boxed).",
                          "The Empire plays the Rise of the Empire mission set ({n} cards boxed).", n), n=n)


@line("fixed-placement")
def _fixed(e, w):
    return w.say(N_("The Empire places {units} in {system}."), units=w.units(e["units"]), system=w.name(e["system"]))


@line("target-marker-placed")
def _marker_placed(e, w):
    return w.say(N_("The {marker} is placed in {system}."), marker=w.marker(e["marker"]), system=w.name(e["system"]))


@line("target-marker-removed")
def _marker_removed(e, w):
    return w.say(N_("The {marker} in {system} is removed{cause}."), marker=w.marker(e["marker"]),
                 system=w.name(e["system"]), cause=w.because(e.get("cause")))


@line("target-marker-refresh")
def _marker_refresh(e, w):
    return w.say(N_("  The {marker} in {system} takes effect."), marker=w.marker(e["marker"]), system=w.name(e["system"]))


@line("objective-revealed")
def _objective_revealed(e, w):
    return w.say(N_("The Rebels reveal the immediate objective {card}."), card=w.name(e["card"]))


@line("objective-traded")
def _objective_traded(e, w):
    return w.say(ngettext("The Rebels discard the objective {card} for {n} reputation{cause}.",
                          "The Rebels discard the objective {card} for {n} reputation{cause}.", e["reputation"]),
                 card=w.name(e["card"]), n=e["reputation"], cause=w.because(e.get("by")))


@line("probe-hidden")
def _probe_hidden(e, w):
    if w.visible(e["probe"]):
        return w.by(e["faction"], N_("  The Rebels keep the probe card {probe} under {card}."),
                    N_("  The Empire keeps the probe card {probe} under {card}."), probe=w.name(e["probe"]),
                    card=w.name(e["card"]))
    return w.by(e["faction"], N_("  The Rebels keep a probe card under {card}."),
                N_("  The Empire keeps a probe card under {card}."), card=w.name(e["card"]))


@line("probe-used")
def _probe_used(e, w):
    if e.get("to") == "hand":
        return w.by(e["faction"], N_("  The Rebels take the probe card under {card} into their hand{system}."),
                    N_("  The Empire takes the probe card under {card} into its hand{system}."), card=w.name(e["card"]),
                    system=f" ({w.name(e['system'])})" if e.get("system") else "")
    return w.say(N_("  The probe card under {card} goes on top of the probe deck."), card=w.name(e["card"]))


@line("probes-returned")
def _probes_returned(e, w):
    n = e["count"]
    if e.get("where") == "top":
        return w.say(npgettext("probes", "  {n} probe card goes back on top of the probe deck.",
                               "  {n} probe cards go back on top of the probe deck.", n), n=n)
    return w.say(npgettext("probes", "  {n} probe card goes to the bottom of the probe deck.",
                           "  {n} probe cards go to the bottom of the probe deck.", n), n=n)


@line("reputation-roll")
def _reputation_roll(e, w):
    if e["hit"]:
        return w.say(N_("  {card}: a {face} is rolled."), card=w.name(e.get("card")), face=w.phrase(e["face"]))
    return w.say(N_("  {card}: no {face} is rolled."), card=w.name(e.get("card")), face=w.phrase(e["face"]))


def describe(game, event: dict, viewer: str | None = None) -> str | None:
    return word(LINES, event, Words(game, viewer))
