"""Fan content is untrusted (issue 28): a pack whose names hold markup and script is offered by the server and
played, and every page, fragment and picture the server sends shows those names as text, never as markup."""

from __future__ import annotations

import yaml
from starlette.testclient import TestClient

from packkit import write_pack
from servekit import new_store

from swrebellion.tools.serve import Hall, create_app

ROOT = __import__("pathlib").Path(__file__).parents[2]
HOSTILE = {
    "corellia": '<script>window.pwned=1</script>Corellia',
    "mon-mothma": '"><img src=x onerror="window.pwned=2">Mon',
    "darth-vader": "</script><!--<script>window.pwned=3//",
}
RAW = ("<script>window", "<img src=x", "<!--<script>", "<!--")  # a '<' of a name unescaped


def hostile_pack(folder):
    """A pack replacing a system and two leaders with copies whose English names are markup."""
    items = {}
    for kind, path in (("systems", "board/systems.yaml"), ("leaders", "leaders.yaml")):
        data = yaml.safe_load((ROOT / "content" / "base" / path).read_text(encoding="utf-8"))
        items[kind] = [dict(item, name={"en": HOSTILE[item["id"]]}) for item in data["items"] if item["id"] in HOSTILE]
    return write_pack(folder, "hostile-names", requires=["base>=1.0,<2"],
                      replaces=[f"{kind}/{item['id']}" for kind, found in items.items() for item in found],
                      content={f"{kind}.yaml": {"kind": kind, "items": found} for kind, found in items.items()})


def test_names_holding_markup_are_shown_as_text_everywhere(tmp_path):
    folder = hostile_pack(tmp_path / "pack")
    hall = Hall(new_store(f"sqlite:///{tmp_path / 'games.sqlite3'}"), {"hostile-names": folder.resolve()})
    with TestClient(create_app(hall)) as client:
        page = client.get("/")
        assert 'value="hostile-names"' in page.text
        form = {"csrf": client.cookies["csrf"], "players": "2", "pack": "hostile-names", "seat-rebel": "",
                "seat-empire": ""}
        made = client.post("/games", data=form)
        assert made.status_code == 200, made.text
        from servekit import links_of

        links = links_of(made.text)
        room = next(iter(hall.rooms.values()))
        assert any(p.id == "hostile-names" for p in room.game.rules.content.packs)
        sent = []
        for who in ("rebel", "empire", "spectator"):
            for path in ("", "panel", "board.svg"):
                answer = client.get(links[who] + path)
                assert answer.status_code == 200
                sent.append(answer.text)
        text = "\n".join(sent)
        assert "&lt;script&gt;window.pwned=1&lt;/script&gt;Corellia" in text  # shown, as text
        for raw in RAW:
            assert raw not in text, raw
