"""What the Empire can tell about the hidden Rebel base from public information (RB-BAS, RB-PRB).

Used by the heuristic agent (deciding from the Empire's view) and by ``sampling`` (placing the base in a world a
search agent imagines). Both pass only what the Empire may see: the board, the public events of the log and the
probe cards it has seen, so the answer never depends on where the base really is.
"""

from __future__ import annotations

from swrebellion.engine.secrets import KEY

from .tables import tables

#: The event types ``possible_bases`` reads (callers may pass only these); ``moved`` is a card's move in older logs
#: (now a ``move`` with its card), still read in their saves.
EVENTS = ("setup-loyalty", "move", "moved", "retreat", "deployed", "base-answer", "systems-named", "base-relocated",
          "drew-probes", "probes-handed", "probes-taken")


def possible_bases(game, data: dict, log: list, seen_probes: set[str], viewer: str = "empire") -> list[str]:
    """The systems that may still hold the hidden base, sorted.

    A system is ruled out when: it has no probe card (Coruscant, RB-PRB-01) or the Empire has seen its card since
    the base last moved (in ``seen_probes``, or in an event ``viewer`` may see: a probe card is drawn only from the
    deck the base card left, RB-SET-12, even if the Rebels later put it back, Plant False Lead); it is destroyed; it has Imperial loyalty or
    Imperial ground units now, or Imperial ground units stood in it since the base last moved (either would have
    revealed the base, RB-BAS-08); the Rebels answered that it is not there (``base-answer``) or left it out of
    the systems they named, one of which holds the base (``systems-named``); it was an Imperial system at setup (its card left the game,
    RB-SET-08). A ``base-answer`` that says *here* narrows the answer to that system or region.
    """
    t = tables(game)
    since = _since_last_move(log)
    candidates = {s for s, card in t.probe_of.items() if card not in seen_probes and s in data["systems"]}
    for event in log[since:] if since else log:
        kind = event["type"]
        if kind == "setup-loyalty":
            candidates -= set(event.get("subjugated", [])) | set(event.get("imperial", []))
        elif kind in ("move", "moved", "retreat", "deployed") and event.get("faction") == "empire":
            units = event.get("units") or {}
            if isinstance(event.get("unit"), str):
                units = {event["unit"]: 1}
            if any(u in t.units and t.units[u].theater == "ground" for u in units) and isinstance(event.get("to"), str):
                candidates.discard(event["to"])
        elif kind == "base-answer":
            where = event.get("system")
            region = event.get("region")
            inside = {s for s in candidates if (t.systems[s].region == region if region else s == where)}
            candidates = inside if event.get("here") else candidates - inside
        elif kind == "systems-named":  # one of them holds the base (Interrogation Droid)
            candidates &= set(event.get("systems", []))
        elif kind in ("drew-probes", "probes-handed", "probes-taken"):
            cards = _visible(event.get("cards"), viewer)
            if isinstance(cards, list):
                candidates -= {t.probes[c] for c in cards if c in t.probes}
    if since:  # setup facts hold for the whole game
        for event in log[:since]:
            if event["type"] == "setup-loyalty":
                candidates -= set(event.get("subjugated", [])) | set(event.get("imperial", []))
    units = data["units"]
    out = []
    for system_id in sorted(candidates):
        s = data["systems"][system_id]
        if s["destroyed"] or s["loyalty"] == "empire":
            continue
        if any(u in t.units and t.units[u].faction == "empire" and t.units[u].theater == "ground"
               for u in units.get(system_id, {})):
            continue
        out.append(system_id)
    return out


def _since_last_move(log: list) -> int:
    """Index just after the last time the base moved (Rapid Mobilization): earlier sightings no longer count."""
    for i in range(len(log) - 1, -1, -1):
        if log[i]["type"] == "base-relocated":
            return i + 1
    return 0


def _visible(node, viewer: str):
    """``node`` as ``viewer`` sees it, whether the event comes raw (rules code) or already redacted (a view)."""
    if isinstance(node, dict) and KEY in node:
        return node.get("value") if viewer in node[KEY] else None
    return node
