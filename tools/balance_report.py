"""The HTML report of `rebellion balance`: one self-contained page (plots embedded as PNG) a fan can share.

Plots (matplotlib): how many games end in each round and the Rebels' win share among them, without and with the
pack; and the cards with the largest association with winning, the pack's own highlighted.
"""

from __future__ import annotations

import base64
import html
import io

from swrebellion import i18n

from .balance import Comparison, verdict
from .stats import wilson

WITHOUT, WITH = "#8a8f98", "#c0392b"
PACK = "#c0392b"
OTHER = "#4a6fa5"


def render(comparison: Comparison, spec_without, top: int = 12) -> str:
    """The report as one HTML document, in English (``lang="en"``) whatever ``--lang`` the terminal speaks: its
    sentences are made here, in English, not taken from the translated comparison."""
    with i18n.using("en"):
        return _render(comparison, spec_without, top)


def _render(comparison: Comparison, spec_without, top: int) -> str:
    pack = comparison.pack
    n = len(comparison.with_pack.records)
    delta, low, high = comparison.delta
    shares = [_share(comparison.without), _share(comparison.with_pack)]
    changes = "".join(
        f"<li><b>{label}</b>: {', '.join(html.escape(i) for i in items)}</li>"
        for label, items in (("adds", pack.adds), ("replaces", pack.replaces), ("removes", pack.removes)) if items)
    rows = "".join(
        f"<tr><td>{label}</td><td>{k}</td><td>{k / n:.1%}</td><td>{lo:.1%} – {hi:.1%}</td></tr>"
        for label, (k, (lo, hi)) in zip(("without the pack", "with the pack"), shares))
    impacts = _impact_rows(comparison.impacts, top, len(comparison.with_pack.records))
    names = spec_without.agent_names()
    agents = ", ".join(f"{html.escape(side)}: {html.escape(name)}" for side, name in sorted(names.items()))
    return f"""<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<title>Balance of {html.escape(pack.name)}</title>
<style>
body {{ font-family: system-ui, sans-serif; max-width: 60rem; margin: 2rem auto; padding: 0 1rem; color: #222;
       line-height: 1.45; }}
h1 {{ margin-bottom: .2rem; }} .sub {{ color: #666; margin-top: 0; }}
.verdict {{ font-size: 1.15rem; background: #f4f1ea; border-left: 4px solid {PACK}; padding: .8rem 1rem; }}
table {{ border-collapse: collapse; margin: .5rem 0 1.2rem; }}
th, td {{ border-bottom: 1px solid #ddd; padding: .3rem .7rem; text-align: right; }}
th:first-child, td:first-child {{ text-align: left; }}
img {{ max-width: 100%; }} .note {{ color: #666; font-size: .9rem; }}
.pack {{ color: {PACK}; font-weight: 600; }}
</style></head><body>
<h1>Balance of {html.escape(pack.name)} <small>{html.escape(pack.version)}</small></h1>
<p class="sub">{n} games without and {n} games with the pack, paired: game <i>i</i> of both runs starts from the
same seed (base seed {spec_without.seed}). Agents: {agents}. Expansions: {html.escape(", ".join(spec_without.expansions))}.</p>
<p class="verdict">{html.escape(verdict(*comparison.delta))}</p>
<h2>What the pack changes</h2>
<ul>{changes or "<li>nothing the games can see</li>"}</ul>
<h2>Rebel win share</h2>
<table><tr><th></th><th>Rebel wins</th><th>share</th><th>95% interval (Wilson)</th></tr>{rows}
<tr><td><b>change</b></td><td></td><td><b>{delta * 100:+.1f} points</b></td>
<td>{low * 100:+.1f} to {high * 100:+.1f} points (paired)</td></tr></table>
<h2>When games end, and who wins them</h2>
<img alt="Games ending in each round and the Rebels' win share among them, without and with the pack"
 src="data:image/png;base64,{_png(_rounds_figure(comparison))}">
<h2>Cards most associated with winning (with the pack)</h2>
<p class="note">For each card: the win share of the side that played it in the games where it was played, minus
that side's win share in the other games, compared among games that ended in the same round (longer games see
more cards played, which alone would make many cards look decisive; Mantel-Haenszel, with a 95% interval). This
is an association, not a cause: a card may also be played more in games that were already going well or badly.
Cards played in nearly every game, or nearly none, are left out; the pack's cards, in <span class="pack">red</span>,
are always shown. The surest effects come first.</p>
<img alt="Card impact on the win share of the side playing it" src="data:image/png;base64,{_png(_impact_figure(comparison.impacts, top))}">
<table><tr><th>card</th><th>side</th><th>games played in</th><th>plays</th><th>win share when played</th>
<th>when not</th><th>difference, same-length games (95% interval)</th></tr>{impacts}</table>
<p class="note">Made by <code>rebellion balance</code> (swrebellion). The numbers come from agents' play; they say
how the pack changes games between these agents, which is a start, not the last word.</p>
</body></html>
"""


def _share(results) -> tuple[int, tuple[float, float]]:
    k = sum(1 for r in results.records if r["winner"] == "rebel")
    return k, wilson(k, len(results.records))


def _impact_rows(impacts: list[dict], top: int, games: int) -> str:
    from .balance import difference_text

    shown = _shown(impacts, top)
    out = []
    for row in shown:
        cls = ' class="pack"' if row["pack"] else ""
        out.append(f"<tr><td{cls}>{html.escape(row['name'])}</td><td>{row['side']}</td><td>{row['games']}</td>"
                   f"<td>{row['plays']}</td><td>{row['share_played']:.1%}</td><td>{row['share_not']:.1%}</td>"
                   f"<td>{html.escape(difference_text(row, games))}</td></tr>")
    return "".join(out)


def _shown(impacts: list[dict], top: int) -> list[dict]:
    """The ``top`` largest, plus every pack card further down."""
    head = impacts[:top]
    return head + [r for r in impacts[top:] if r["pack"]]


def _rounds_figure(comparison: Comparison):
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    runs = (("without the pack", comparison.without, WITHOUT), ("with the pack", comparison.with_pack, WITH))
    rounds = sorted({r["rounds"] for _, res, _ in runs for r in res.records})
    fig, (top, bottom) = plt.subplots(2, 1, figsize=(9, 6.4), sharex=True, gridspec_kw={"height_ratios": [1, 1.2]})
    width = 0.38
    for k, (label, results, colour) in enumerate(runs):
        xs = [x + (k - 0.5) * width for x in rounds]
        ended = [sum(1 for r in results.records if r["rounds"] == x) for x in rounds]
        top.bar(xs, ended, width, label=label, color=colour)
        shares, lows, highs, kept = [], [], [], []
        for x, total in zip(xs, ended):
            if total:
                wins = sum(1 for r in results.records if r["rounds"] == round(x - (k - 0.5) * width)
                           and r["winner"] == "rebel")
                low, high = wilson(wins, total)
                shares.append(wins / total)
                lows.append(wins / total - low)
                highs.append(high - wins / total)
                kept.append(x)
        bottom.errorbar(kept, shares, yerr=[lows, highs], fmt="o-", color=colour, label=label, capsize=3)
    top.set_ylabel("games ending")
    top.legend(frameon=False)
    top.set_title("Games ending in each round")
    bottom.axhline(0.5, color="#bbb", linewidth=1, linestyle="--")
    bottom.set_ylim(-0.02, 1.02)
    bottom.set_ylabel("Rebel win share\n(95% Wilson interval)")
    bottom.set_xlabel("round in which the game ended")
    bottom.set_xticks(rounds)
    bottom.set_title("Who wins the games that end in that round")
    for ax in (top, bottom):
        ax.spines[["top", "right"]].set_visible(False)
    fig.tight_layout()
    return fig


def _impact_figure(impacts: list[dict], top: int):
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    shown = list(reversed([r for r in _shown(impacts, top) if r["compared"]]))
    fig, ax = plt.subplots(figsize=(9, 0.42 * max(len(shown), 3) + 1.2))
    ys = range(len(shown))
    values = [r["impact"] * 100 for r in shown]
    errors = [[(r["impact"] - r["low"]) * 100 for r in shown], [(r["high"] - r["impact"]) * 100 for r in shown]]
    colours = [PACK if r["pack"] else OTHER for r in shown]
    ax.barh(list(ys), values, color=colours, alpha=0.85)
    ax.errorbar(values, list(ys), xerr=errors, fmt="none", ecolor="#333", capsize=3, linewidth=1)
    ax.set_yticks(list(ys), [f"{r['name']} ({r['side']}, {r['games']} games)" for r in shown])
    ax.axvline(0, color="#333", linewidth=1)
    ax.set_xlabel("win share of the side playing the card, when played minus when not,\nin games that ended in the same round (points)")
    ax.spines[["top", "right"]].set_visible(False)
    fig.tight_layout()
    return fig


def _png(fig) -> str:
    import matplotlib.pyplot as plt

    buffer = io.BytesIO()
    fig.savefig(buffer, format="png", dpi=110)
    plt.close(fig)
    return base64.b64encode(buffer.getvalue()).decode()
