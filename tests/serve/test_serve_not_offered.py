"""A seat of `rebellion serve` sees the options withheld from its decision, and why (issue 30 item 1): in team play
the base game withholds a teammate's mission from the Command Phase action (RS-MIS-08) through the kernel's
``ValueRegistry.withhold``, and the panel lists it under the buttons, as the terminal does under the options."""

from __future__ import annotations

import html
import re

from starlette.testclient import TestClient

from servekit import create, move, new_store, read_panel, settle

from swrebellion.tools.serve import Hall, create_app

SEATS = ("rebel-admiral", "rebel-general", "empire-admiral", "empire-general")


def test_a_teammates_mission_is_shown_as_not_offered_with_the_reason(tmp_path):
    hall = Hall(new_store(f"sqlite:///{tmp_path / 'games.sqlite3'}"), window=0.05)  # card windows: a short wait
    with TestClient(create_app(hall)) as client:
        links = create(client, players=4)
        for step in range(600):
            settle(hall.rooms.values())
            for seat in SEATS:
                page = client.get(links[seat] + "panel").text
                shown = read_panel(page)
                if shown.decision is not None:
                    break
            else:
                raise AssertionError("no seat has a decision open")
            listed = re.search(r'<ul class="not-offered">(.*?)</ul>', page, flags=re.S)
            if listed:
                break
            options = [o for o in shown.options if not o.startswith("reveal:")] or shown.options
            assert move(client, links[seat], shown.decision, options[(step * 7 + 3) % len(options)]).status_code == 200
        else:
            raise AssertionError("no teammate's mission was ever withheld in these moves")
    lines = [html.unescape(line) for line in re.findall(r"<li>(.*?)</li>", listed.group(1))]
    assert lines and all(re.fullmatch(r"not offered: Reveal .+ \(.+\) — only the player with a leader on it reveals "
                                      r"it \(RS-MIS-08\)", line) for line in lines), lines
