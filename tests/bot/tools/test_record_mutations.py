"""Mutated game records (types, sizes, nesting, encodings, truncation): ``replay`` and ``tally`` answer each
with one short FAIL line or error, and never raise."""

from __future__ import annotations

import argparse
import contextlib
import copy
import functools
import io
import json
import random
import tempfile
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.lab import arena, tally
from bot.tools import replay
from rules.ai import make_agent
from rules.records import ReplayError, new_game, replay_record

GAMES = [("briscola", 2, {}), ("briscola", 4, {"match": "short"}), ("chiamata", 5, {"kitty": "on"}),
         ("cicera", 4, {})]


@functools.cache
def records() -> tuple[dict, ...]:
    """One finished record per game, played by random agents with fixed seeds, seats named like the arena's."""
    out = []
    for i, (game, players, options) in enumerate(GAMES):
        match = new_game(game, players, options, 100 + i)
        agents = [make_agent("random" if s % 2 else "greedy") for s in range(players)]
        arena.play_match(match, agents, [random.Random(s) for s in range(players)])
        seats = [{"name": f"seat {s}", "ai": "random" if s % 2 else "greedy"} for s in range(players)]
        out.append(match.record(seats))
    return tuple(out)


def places(value: object, path: tuple = ()) -> list[tuple]:
    """Every path to a value inside ``value`` (keys and indexes), the root included."""
    out = [path]
    if isinstance(value, dict):
        for k, v in value.items():
            out.extend(places(v, (*path, k)))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            out.extend(places(v, (*path, i)))
    return out


def nested(depth: int, inner: object = 0) -> object:
    """``inner`` inside ``depth`` lists, built without recursion."""
    for _ in range(depth):
        inner = [inner]
    return inner


odd_scalars = st.one_of(
    st.none(), st.booleans(), st.integers(-(2**70), 2**70), st.sampled_from([10**30, -1, 0, 1, 5, 52, 10**400]),
    st.floats(allow_nan=True, allow_infinity=True), st.text(max_size=20),
    st.sampled_from(["", "Ad", "Rb", "2:70", "A", "on", "single", "briscola", "x" * 3000, "\x00", "\ud800"]),
)
odd_values = st.one_of(
    odd_scalars,
    st.lists(odd_scalars, max_size=5),
    st.dictionaries(st.text(max_size=8), odd_scalars, max_size=4),
    st.integers(1, 200).map(nested),
    st.just(list(range(2000))),
)


@st.composite
def mutated(draw) -> dict:
    """A valid record with one to four changes: a value replaced, a key removed, a value wrapped in a list,
    turned into its text or a number, a list cut short or repeated."""
    rec = copy.deepcopy(draw(st.sampled_from(records())))
    repeated = False  # one repeat at most: repeats of repeats would grow the record geometrically
    for _ in range(draw(st.integers(1, 4))):
        spots = places(rec)[1:]
        path = spots[draw(st.integers(0, len(spots) - 1))]
        parent = rec
        for key in path[:-1]:
            parent = parent[key]
        key = path[-1]
        old = parent[key]
        how = draw(st.sampled_from(["replace", "remove", "wrap", "text", "number", "cut", "repeat"]))
        if how == "remove":
            del parent[key]
        elif how == "wrap":
            parent[key] = [old]
        elif how == "text":
            parent[key] = json.dumps(old)
        elif how == "number":
            parent[key] = draw(st.integers(-3, 60))
        elif how == "cut" and isinstance(old, (list, str)):
            parent[key] = old[: draw(st.integers(0, max(0, len(old) - 1)))]
        elif how == "repeat" and isinstance(old, list) and not repeated:
            parent[key] = copy.deepcopy(old * draw(st.integers(2, 20)))
            repeated = True
        else:
            parent[key] = copy.deepcopy(draw(odd_values))  # a copy: later changes must not reach the strategy
    return rec


def encode(rec: dict, how: str, cut: float) -> bytes:
    """The record as file bytes: plain JSON, or spoilt (cut short, another encoding, bad bytes, a number
    over Python's digit limit, nesting deeper than the parser's limit)."""
    try:
        text = json.dumps(rec, ensure_ascii=False)
    except (ValueError, RecursionError):  # a surrogate, or an int over the digit limit
        text = json.dumps(rec, ensure_ascii=True, default=str)
    if how == "cut":
        return text.encode(errors="surrogatepass")[: int(len(text) * cut)]
    if how == "utf-16":
        return text.encode("utf-16", errors="surrogatepass")
    if how == "latin-1":
        return text.replace('"', '"è', 1).encode("latin-1", errors="replace")
    if how == "bad-byte":
        data = text.encode(errors="surrogatepass")
        at = int(len(data) * cut)
        return data[:at] + b"\xff\xc3" + data[at:]
    if how == "huge-int":
        text = text.replace('"seed":', '"seed":' + "7" * 4400 + ',"x":', 1)
    elif how == "deep":
        text = text.replace('"rounds":', '"rounds":' + "[" * 50_000, 1)
    return text.encode(errors="surrogatepass")  # a lone surrogate makes bytes that are not UTF-8


def run_replay(path: str) -> tuple[int, list[str], list[str]]:
    """``replay.main`` on one file: the status and its stdout and stderr lines."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        status = replay.main(argparse.Namespace(files=[path]))
    return status, out.getvalue().splitlines(), err.getvalue().splitlines()


def run_tally(path: str) -> tuple[int, list[str], list[str]]:
    """``tally`` (``tally.tally_main``) on one file: the status and its stdout and stderr lines."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        status = tally.tally_main(argparse.Namespace(paths=[path], json=True))
    return status, out.getvalue().splitlines(), err.getvalue().splitlines()


def test_the_unmutated_records_replay_and_tally():
    with tempfile.TemporaryDirectory() as folder:
        for i, rec in enumerate(records()):
            path = str(Path(folder) / f"{i}.json")
            Path(path).write_text(json.dumps(rec))
            assert run_replay(path)[:2] == (0, [f"OK {path}"])
            status, out, _ = run_tally(path)
            assert status == 0 and json.loads(out[0])["games"] == 1


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(rec=mutated(), how=st.sampled_from(["plain"] * 4 + ["cut", "utf-16", "latin-1", "bad-byte", "huge-int",
                                                            "deep"]),
       cut=st.floats(0, 1))
def test_mutated_record_files_give_one_line_answers(rec, how, cut):
    with tempfile.TemporaryDirectory() as folder:
        path = str(Path(folder) / "game.json")
        Path(path).write_bytes(encode(rec, how, cut))

        status, out, err = run_replay(path)
        assert status in (0, 1) and len(out) == 1, (out, err)
        if status == 0:
            assert out == [f"OK {path}"] and not err
        else:
            assert out[0].startswith(f"FAIL {path}: ") and len(out[0]) - len(path) < 250, out
            assert len(err) == 1

        status, out, err = run_tally(path)
        assert status in (0, 2), (out, err)
        if status == 0:
            assert len(out) == 1 and json.loads(out[0])["games"] in (0, 1) and not err
        else:
            assert not out and len(err) == 1, (out, err)
            assert err[0].startswith(f"error: cannot tally {path}: ") and len(err[0]) - len(path) < 250, err


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(rec=mutated(), extra=st.sampled_from([None, "deep", "huge-int", "tuple"]))
def test_mutated_records_in_memory_raise_only_replay_errors(rec, extra):
    # values no JSON file can hold: nesting past the recursion limit, an int past the digit limit, a tuple
    if extra == "deep":
        rec["options"] = {"match": nested(5000)}
    elif extra == "huge-int":
        rec["players"] = 10**5000
    elif extra == "tuple":
        rec["options"] = ("match", "single")
    try:
        replay_record(rec)
    except ReplayError as e:
        assert "\n" not in str(e) and len(str(e)) < 250, str(e)[:1000]


def test_tally_refuses_numbers_it_cannot_add(tmp_path):
    # found by a bigger corpus run: a card_points entry of 10**400 overflowed the float conversion
    for i, value in enumerate([10**400, True, "3", [1], None]):
        rec = copy.deepcopy(records()[0])
        rec["rounds"][0]["result"]["card_points"][0] = value
        path = tmp_path / f"{i}.json"
        path.write_text(json.dumps(rec))
        status, out, err = run_tally(str(path))
        assert status == 2 and not out and len(err) == 1 and "card_points" in err[0], (value, err)
