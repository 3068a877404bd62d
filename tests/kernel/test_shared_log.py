"""The log and the choices are append-only sequences shared by copies of a game (issue 15): they read like the
lists they replaced without claiming to be lists (issue 27), copies grow independently, and no logged event shares
a container with the live state."""

import copy
import hashlib
import json
import marshal
import pickle
import random
from collections.abc import Sequence

import pytest

from swrebellion.engine import Game, RandomAgent, play
from swrebellion.engine.game import canonical_json
from swrebellion.engine.sharedlog import CHUNK, SharedLog, plain


def test_it_reads_like_a_sequence():
    items = [{"n": n} for n in range(3 * CHUNK + 5)]
    log = SharedLog(items)
    assert isinstance(log, Sequence) and len(log) == len(items) and bool(log) and not SharedLog()
    assert list(log) == items and log == SharedLog(items) and log != SharedLog(items[:-1])
    assert [log[n] for n in range(len(items))] == items and log[-1] == items[-1] and log[-len(items)] == items[0]
    for cut in (slice(None), slice(5, 70), slice(63, 65), slice(CHUNK, 2 * CHUNK), slice(-7, None),
                slice(10, 3), slice(None, None, 3), slice(None, None, -1), slice(190, 10_000)):
        assert log[cut] == items[cut] and type(log[cut]) is list, cut
    with pytest.raises(IndexError):
        log[len(items)]
    assert items[7] in log and {"n": -1} not in log and log.index(items[9]) == 9 and log.count(items[3]) == 1
    assert list(reversed(log)) == items[::-1]
    growing = SharedLog(items)
    newest_first = reversed(growing)  # read lazily, from the log as it was when asked
    growing.append({"n": "later"})
    assert next(newest_first) == items[-1] and list(reversed(SharedLog(items[:2 * CHUNK]))) == items[2 * CHUNK - 1::-1]
    assert pickle.loads(pickle.dumps(log)) == log and copy.deepcopy(log) == log and copy.deepcopy(log)[0] is not items[0]


def test_it_does_not_pretend_to_be_a_list():
    """Issue 27: code reading a list's storage at the C level must see the real events or refuse the log, never
    an empty list in its place. It is no list, equals no list, and each encoder either refuses it or, given
    ``plain``, writes every item (json's C encoder: the one CPython uses)."""
    assert json.encoder.c_make_encoder is not None
    items = [{"type": "roll", "n": n} for n in range(CHUNK + 3)]
    log = SharedLog(items)
    assert not isinstance(log, list) and log != items and items != log
    with pytest.raises(ValueError):
        marshal.dumps(log)
    with pytest.raises(TypeError):
        json.dumps(log)
    assert json.loads(json.dumps({"log": log}, default=plain)) == {"log": items}
    assert marshal.loads(marshal.dumps(list(log))) == items
    with pytest.raises(TypeError, match="not JSON serializable"):
        plain(object())


def test_it_is_append_only():
    log = SharedLog([1, 2, 3])
    with pytest.raises(TypeError, match="does not support item assignment"):
        log[0] = 9
    for name in ("__setitem__", "__delitem__", "insert", "pop", "clear", "sort", "reverse", "remove"):
        assert not hasattr(log, name), name
    log += [4]
    log.extend(log)
    assert list(log) == [1, 2, 3, 4, 1, 2, 3, 4]


def test_copies_grow_independently_like_list_copies():
    """Random appends and copies, checked step by step against plain lists copied the ordinary way."""
    rng = random.Random(15)
    logs, models = [SharedLog()], [[]]
    for step in range(4000):
        k = rng.randrange(len(logs))
        if rng.random() < 0.05 and len(logs) < 40:
            logs.append(logs[k].copy())
            models.append(list(models[k]))
        else:
            logs[k].append(step)
            models[k].append(step)
    for log, model in zip(logs, models):
        assert list(log) == model and len(log) == len(model) and log[len(model) // 2:] == model[len(model) // 2:]


def test_a_copy_shares_the_events_and_the_choices(toy_rules):
    game = Game.new(toy_rules, seed=8)
    game.apply("cellar")
    twin = game.copy()
    assert twin.state["log"] == game.state["log"] and twin.state["log"][0] is game.state["log"][0]
    assert twin.state["choices"] == game.state["choices"]
    play(twin, {"hider": RandomAgent(3), "seeker": RandomAgent(4)})
    assert len(twin.state["log"]) > len(game.state["log"]) and len(game.state["choices"]) == 1


def test_a_game_and_its_copy_log_past_full_chunks_independently(toy_rules):
    """Past several full chunks, a game and a copy taken in the middle of a chunk each read exactly what they
    logged (the copies share the chunks until one of them fills a new one)."""
    game = Game.new(toy_rules, seed=8)
    start = len(game.state["log"])
    for n in range(CHUNK + 10):
        game.log("tick", n=n)
    twin = game.copy()
    for n in range(2 * CHUNK):
        game.log("tick", n=CHUNK + 10 + n)
        twin.log("tock", n=n)
    assert [e["n"] for e in game.state["log"][start:]] == list(range(3 * CHUNK + 10))
    assert [e["type"] for e in twin.state["log"][start:]] == ["tick"] * (CHUNK + 10) + ["tock"] * (2 * CHUNK)
    assert len(game.state["log"]) == len(list(game.state["log"])) == start + 3 * CHUNK + 10


def test_an_event_shares_no_container_with_the_state(toy_rules):
    """An event cannot change after it is logged, even when the rules change the list they logged."""
    game = Game.new(toy_rules, seed=8)
    held = ["a", "b"]
    nested = [{"unit": "x-wing"}]
    event = game.log("test-event", items=held, nested=nested)
    held.append("c")
    nested[0]["unit"] = "y-wing"
    assert game.state["log"][-1] is event and event["items"] == ["a", "b"] and event["nested"] == [{"unit": "x-wing"}]
    # each shape the log copies its own way: a dict of scalars or lists of them, a secret, anything deeper
    moved, dice, hand = {"x-wing": 2}, {"red": ["hit"]}, {"$secret": ["rebel"], "value": ["card-1"]}
    deep = {"units": {"x-wing": 1}, "dice": ["hit"]}
    event = game.log("test-event", moved=moved, dice=dice, hand=hand, deep=deep)
    moved["x-wing"] = 3
    dice["red"].append("miss")
    hand["value"].append("card-2")
    hand["$secret"].append("empire")
    deep["units"]["x-wing"] = 5
    assert event == {"type": "test-event", "moved": {"x-wing": 2}, "dice": {"red": ["hit"]},
                     "hand": {"$secret": ["rebel"], "value": ["card-1"]},
                     "deep": {"units": {"x-wing": 1}, "dice": ["hit"]}}


def test_the_state_hash_is_that_of_the_state_as_plain_lists(base_rules):
    """Saves record the state hash: it must not depend on how the log is held (saves made before keep loading)."""
    game = Game.new(base_rules, 3)
    play(game, {p: RandomAgent(n) for n, p in enumerate(game.state["players"])})
    lists = {**game.state, "log": list(game.state["log"]), "choices": list(game.state["choices"])}
    assert game.state_hash() == hashlib.sha256(canonical_json(lists).encode()).hexdigest()
    loaded = Game(base_rules, json.loads(json.dumps(game.state, default=plain)))
    assert type(loaded.state["log"]) is SharedLog and loaded.state_hash() == game.state_hash()


def test_the_state_hash_stays_that_of_plain_lists_as_copies_grow_apart(base_rules):
    """The log's text is kept for its sealed chunks (``SharedLog.encoded``) and shared by copies: a copy hashed after
    the two have grown apart, each past a new chunk, must hash what its own items are, not its twin's."""
    def plain_hash(g: Game) -> str:
        lists = {**g.state, "log": list(g.state["log"]), "choices": list(g.state["choices"])}
        return hashlib.sha256(canonical_json(lists).encode()).hexdigest()

    game = Game.new(base_rules, 5)
    while len(game.state["log"]) < 2 * CHUNK:
        game.apply(game.pending[0].option_ids[0], player=game.pending[0].player)
    assert game.state_hash() == plain_hash(game)  # the sealed text is kept now
    twin = game.copy()
    for g, pick in ((game, 0), (twin, -1)):  # two different games from here, each sealing chunks of its own
        start = len(g.state["log"])
        while len(g.state["log"]) < start + 2 * CHUNK and not g.over:
            g.apply(g.pending[0].option_ids[pick], player=g.pending[0].player)
            if len(g.state["log"]) % 7 == 0:
                g.copy()  # seals the tail now and then, as a server's trial copy does
    assert list(game.state["log"]) != list(twin.state["log"])
    assert game.state_hash() == plain_hash(game) and twin.state_hash() == plain_hash(twin)
