"""Does a fan pack change who wins? The same seeded games played without and with it, compared pair by pair.

Game ``i`` of both runs starts from the same seed (``simulation.Spec.game_seed``), so the two runs differ only by
the pack (and what it changes in the games): the difference in the Rebels' win share is measured on paired
outcomes, with Newcombe's interval for paired data (``stats.paired_difference``), which is narrower than comparing
two independent samples of the same size.
"""

from __future__ import annotations

from collections.abc import Mapping

from dataclasses import dataclass, field

from swrebellion.i18n import N_, gettext as _, ngettext

from .simulation import CARD_KINDS, Results


@dataclass
class PackChanges:
    """What a pack brings: its id and version, and the cards it adds, replaces and removes (``kind/id``)."""

    id: str
    name: str
    version: str
    adds: list[str] = field(default_factory=list)
    replaces: list[str] = field(default_factory=list)
    removes: list[str] = field(default_factory=list)

    @property
    def cards(self) -> set[str]:
        """Ids of the cards the pack defines or changes."""
        return {item.split("/", 1)[1] for item in self.adds + self.replaces if item.split("/", 1)[0] in CARD_KINDS}


@dataclass
class Comparison:
    without: Results
    with_pack: Results
    pack: PackChanges
    delta: tuple[float, float, float]  # Rebel win share with minus without, and its 95% interval
    verdict: str
    impacts: list[dict]


def pack_changes(catalog, pack_id: str) -> PackChanges:
    """Read from the loaded catalog what the pack with ``pack_id`` adds, replaces and removes."""
    info = catalog.pack(pack_id)
    adds, replaces = [], []
    for kind in sorted(catalog.counts()):
        for ident, entry in sorted(catalog.entries(kind).items()):
            if entry.pack == pack_id:
                (replaces if entry.replaced is not None else adds).append(f"{kind}/{ident}")
    removes = sorted(f"{r.entry.kind}/{r.entry.id}" for r in catalog.removed.values() if r.by == pack_id)
    name = info.manifest.name.en if info is not None else pack_id
    return PackChanges(pack_id, name, info.version if info else "?", adds, replaces, removes)


def compare(without: Results, with_pack: Results, pack: PackChanges, min_games: int | None = None,
            names: Mapping[str, str] | None = None) -> Comparison:
    from .stats import paired_difference

    before = [r["winner"] == "rebel" for r in without.records]
    after = [r["winner"] == "rebel" for r in with_pack.records]
    delta = paired_difference(before, after)
    return Comparison(without, with_pack, pack, delta, verdict(*delta),
                      card_impacts(with_pack, pack.cards, min_games, names))


def verdict(delta: float, low: float, high: float) -> str:
    """One plain sentence on the change in the Rebels' win share and how sure it is."""
    points = _("{delta} points (95% interval {low} to {high})").format(
        delta=f"{delta * 100:+.1f}", low=f"{low * 100:+.1f}", high=f"{high * 100:+.1f}")
    if low <= 0 <= high:
        return _("No clear effect: the Rebels' win share moves by {points}; the interval includes no change, so "
                 "these games cannot tell the pack from chance. More games (--games) narrow the interval."
                 ).format(points=points)
    size = abs(delta) * 100
    # whole sentences, not a side and an adverb slotted in: other languages inflect them
    sentences = ({"slightly": N_("The pack slightly favours the Rebels: the Rebels' win share moves by {points}."),
                  "clearly": N_("The pack clearly favours the Rebels: the Rebels' win share moves by {points}."),
                  "strongly": N_("The pack strongly favours the Rebels: the Rebels' win share moves by {points}.")}
                 if delta > 0 else
                 {"slightly": N_("The pack slightly favours the Empire: the Rebels' win share moves by {points}."),
                  "clearly": N_("The pack clearly favours the Empire: the Rebels' win share moves by {points}."),
                  "strongly": N_("The pack strongly favours the Empire: the Rebels' win share moves by {points}.")})
    word = "slightly" if size < 3 else "clearly" if size < 8 else "strongly"
    return _(sentences[word]).format(points=points)


def card_impacts(results: Results, pack_cards: set[str], min_games: int | None = None,
                 names: Mapping[str, str] | None = None) -> list[dict]:
    """For each card played in enough games (and not played in enough): the win share of the side that played it
    in the games where it was played, minus that side's win share in the other games, among games that ended in
    the same round (``stats.stratified_difference``: longer games see more cards played, which alone would make
    many cards look decisive). An association, not a cause. Largest difference we can be sure of first; the pack's
    cards are always listed, with ``compared`` false when they were played in too many or too few games for a
    comparison (their difference is then no figure at all, rather than one with a -100..+100 interval). ``name``:
    the card's name from ``names`` (its id when not given)."""
    from .stats import stratified_difference

    records = results.records
    n = len(records)
    min_games = max(10, n // 10) if min_games is None else min_games
    played: dict[tuple[str, str], set[int]] = {}
    plays: dict[tuple[str, str], int] = {}
    for play in results.plays:
        key = (play["side"], play["card"])
        played.setdefault(key, set()).add(play["game"])
        plays[key] = plays.get(key, 0) + play["plays"]
    by_round: dict[int, list[dict]] = {}
    for r in records:
        by_round.setdefault(r["rounds"], []).append(r)
    out = []
    for (side, card), games in played.items():
        pack = card in pack_cards
        compared = len(games) >= min_games and n - len(games) >= min_games
        if not pack and not compared:
            continue
        strata = []
        for group in by_round.values():
            yes = [r for r in group if r["game"] in games]
            no = [r for r in group if r["game"] not in games]
            strata.append((sum(r["winner"] == side for r in yes), len(yes), sum(r["winner"] == side for r in no),
                           len(no)))
        impact, low, high = stratified_difference(strata)
        won = sum(1 for r in records if r["game"] in games and r["winner"] == side)
        won_not = sum(1 for r in records if r["game"] not in games and r["winner"] == side)
        out.append({"side": side, "card": card, "name": (names or {}).get(card, card), "compared": compared,
                    "games": len(games), "plays": plays[side, card],
                    "share_played": won / len(games), "share_not": won_not / (n - len(games)) if n > len(games) else 0.0,
                    "impact": impact, "low": low, "high": high, "pack": pack})
    return sorted(out, key=lambda r: (not r["compared"], -_sure(r), -abs(r["impact"]), r["card"]))


def difference_text(row: dict, games: int, digits: int = 1) -> str:
    """The difference and its interval in points, or why there is none (a card played in nearly every game)."""
    if not row["compared"]:
        return ngettext("not compared: played in {played} of {games} game",
                        "not compared: played in {played} of {games} games", games).format(played=row["games"],
                                                                                           games=games)
    return _("{impact} ({low} to {high})").format(impact=f"{row['impact'] * 100:+.{digits}f}",
                                                  low=f"{row['low'] * 100:+.{digits}f}",
                                                  high=f"{row['high'] * 100:+.{digits}f}")


def _sure(row: dict) -> float:
    """How far the interval stays from no effect (0 when it includes it)."""
    return max(row["low"], -row["high"], 0.0)
