"""``python -m bot train``: a tiny run lowers its loss, a resumed run ends where an uninterrupted one does,
the data is reproducible from the seed, and the exported file is what the AI loads."""

from __future__ import annotations

import numpy as np
import pytest

from bot.lab import train, train_data
from rules.ai.briscola import features, net
from rules.games.briscola.rules import deck_for


def bot_main(argv: list[str]) -> int:
    from bot.__main__ import main

    return main(argv)


TINY = train.RunConfig(players=2, games=40, epochs=4, seed=5, hidden=(16, 8), batch=64, lr=3e-3)


def test_a_tiny_run_lowers_its_validation_loss(tmp_path):
    figures = train.run(tmp_path / "run", TINY, say=lambda _line: None)
    assert figures["epoch"] == 4
    assert figures["val_loss"] < figures["start_val_loss"]


def test_a_resumed_run_ends_with_the_weights_of_an_uninterrupted_one(tmp_path):
    lines: list[str] = []
    train.run(tmp_path / "straight", TINY, say=lambda _line: None)
    half = train.RunConfig(**{**train.asdict(TINY), "epochs": 2})
    train.run(tmp_path / "stopped", half, say=lambda _line: None)
    assert train.load_checkpoint(tmp_path / "stopped")["epoch"] == 2
    figures = train.run(tmp_path / "stopped", TINY, say=lines.append)  # the same command, more epochs
    assert figures["epoch"] == 4
    assert any("epoch 2" in line for line in lines) and any("epoch 3/4" in line for line in lines)
    assert not any("epoch 1/4" in line for line in lines), "epochs already done are not trained again"
    a = train.load_checkpoint(tmp_path / "straight")["weights"]
    b = train.load_checkpoint(tmp_path / "stopped")["weights"]
    assert a.keys() == b.keys()
    for key in a:
        np.testing.assert_array_equal(a[key], b[key])


def test_the_data_is_reproducible_from_the_seed():
    a = train_data.generate_chunk(2, 7, 0, 5)
    b = train_data.generate_chunk(2, 7, 0, 5)
    c = train_data.generate_chunk(2, 8, 0, 5)
    for key in a:
        np.testing.assert_array_equal(a[key], b[key])
    assert a["bits"].shape != c["bits"].shape or not np.array_equal(a["bits"], c["bits"])
    assert set(np.unique(a["win"])) <= {0.0, 0.5, 1.0}
    assert a["bits"].shape[1] * 8 + a["scalars"].shape[1] == features.SIZE


def test_the_validation_examples_are_whole_games():
    # examples of one game share its outcome: a game is held out whole, never split between the two parts
    data = train_data.generate_chunk(2, 5, 1, 40)
    game = data["game"]
    assert set(np.unique(game)) == set(range(train_data.CHUNK_GAMES, train_data.CHUNK_GAMES + 40))  # numbered run-wide
    n = len(game)
    fit, val = train.split(n, 5, game)
    assert sorted(np.concatenate([fit, val]).tolist()) == list(range(n))
    assert set(game[val].tolist()).isdisjoint(game[fit].tolist())
    assert len(set(game[val].tolist())) == int(40 * train.VALIDATION_SHARE)
    assert np.array_equal(train.split(n, 5, game)[1], val)  # fixed by the seed
    # data made before the games were kept is split by example, as it was: then games do straddle the parts
    old_fit, old_val = train.split(n, 5)
    assert len(old_val) == int(n * train.VALIDATION_SHARE)
    assert not set(game[old_val].tolist()).isdisjoint(game[old_fit].tolist())


@pytest.mark.parametrize("players", [4, 6])
def test_team_games_give_examples_of_both_sides(players):
    data = train_data.generate_chunk(players, 1, 0, 3)
    # one example per card played in each of the 3 games, plus any trump exchanges (one a trick at most)
    cards = len(deck_for(players))
    assert 3 * cards <= len(data["win"]) <= 3 * cards + 3 * cards // players
    assert 0.0 in data["win"] or 0.5 in data["win"]
    assert np.all(np.abs(data["margin"]) <= 1.0)


def test_the_command_trains_resumes_and_exports_weights_the_ai_loads(tmp_path, capsys, monkeypatch):
    folder, out = tmp_path / "cli", tmp_path / "weights" / "briscola_2p.npz"
    args = ["train", "--dir", str(folder), "--games", "30", "--epochs", "1", "--seed", "3", "--hidden1", "8",
            "--hidden2", "4"]
    assert bot_main(args) == 0
    first = capsys.readouterr().out
    assert "data chunk 1/1: 30 games" in first and "epoch 1/1: train loss" in first
    assert bot_main(["train", "--dir", str(folder), "--resume", "--epochs", "2", "--export", str(out)]) == 0
    second = capsys.readouterr().out
    assert "resuming from the checkpoint of epoch 1" in second and "epoch 2/2" in second
    assert "data chunk" not in second, "the data already on disk is reused"
    monkeypatch.setattr(net, "path_for", lambda _players, _policy=False: out)
    net.load.cache_clear()
    try:
        model = net.load(2)
        assert model is not None and model.w1.shape == (features.SIZE, 8)
    finally:
        net.load.cache_clear()


def test_a_folder_of_another_run_is_refused(tmp_path, capsys):
    folder = tmp_path / "run"
    assert bot_main(["train", "--dir", str(folder), "--games", "10", "--epochs", "1", "--hidden1", "4",
                     "--hidden2", "4"]) == 0
    capsys.readouterr()
    assert bot_main(["train", "--dir", str(folder), "--games", "11", "--epochs", "1"]) == 2
    assert "holds another run" in capsys.readouterr().err
    assert bot_main(["train", "--dir", str(tmp_path / "empty"), "--resume"]) == 2
    assert "nothing to resume" in capsys.readouterr().err


def test_a_teacher_plays_the_self_play_games_reproducibly(tmp_path):
    cfg = train.RunConfig(**{**train.asdict(TINY), "epochs": 1})
    train.run(tmp_path / "first", cfg, export_to=tmp_path / "t.npz", say=lambda _line: None)
    with np.load(tmp_path / "t.npz") as f:
        teacher = net.from_arrays({k: f[k] for k in net.LAYERS})
    a = train_data.generate_chunk(2, 4, 0, 3, teacher)
    b = train_data.generate_chunk(2, 4, 0, 3, teacher)
    plain = train_data.generate_chunk(2, 4, 0, 3)
    np.testing.assert_array_equal(a["bits"], b["bits"])
    assert a["bits"].shape != plain["bits"].shape or not np.array_equal(a["bits"], plain["bits"])


def test_the_teachers_guesses_keep_what_the_seat_sees():
    import random

    from rules.games.briscola.round import BriscolaRound

    r = BriscolaRound.deal(2, 1, random.Random(3), {})
    for _ in range(9):
        r.apply_unchecked(r.legal_fast()[0])
    g = train_data.guess_round(r, r.turn, random.Random(1))
    assert g.hands[r.turn] == r.hands[r.turn] and g.history == r.history and g.trick == r.trick
    assert sorted(g.hands[1 - r.turn] + g.stock) == sorted(r.hands[1 - r.turn] + r.stock)
    assert features.from_round(g, r.turn) == features.from_round(r, r.turn)


def test_an_agent_plays_the_self_play_games_reproducibly_from_each_seats_view():
    a = train_data.generate_chunk(2, 4, 0, 2, agent="hard", agent_ms=2)
    b = train_data.generate_chunk(2, 4, 0, 2, agent="hard", agent_ms=2)
    other = train_data.generate_chunk(2, 4, 0, 2, agent="greedy", agent_ms=2)
    for key in a:
        np.testing.assert_array_equal(a[key], b[key])
    assert a["bits"].shape != other["bits"].shape or not np.array_equal(a["bits"], other["bits"])
    # every decision of a 2-player round is an example (the last trick may be played by the bot itself)
    assert 2 * 38 <= len(a["win"]) <= 2 * 40
    assert set(np.unique(a["win"])) <= {0.0, 0.5, 1.0} and np.all(np.abs(a["margin"]) <= 1.0)
    # the two seats' outcomes are opposite: one example's win is the other side's loss
    assert {0.0, 1.0} <= set(np.unique(a["win"])) or set(np.unique(a["win"])) == {0.5}


def test_an_agents_examples_are_the_features_of_the_views_it_chose_from(monkeypatch):
    import random

    from rules.ai import make_agent

    seen: list = []
    real = make_agent

    class Spy:
        def __init__(self, name, ms):
            self.agent = real(name, ms)

        def choose(self, view, rng):
            action = self.agent.choose(view, rng)
            trump = "dcsb".index(view.trump)
            seen.append((features.from_view(view), features.card_index(int(action.card), trump)))
            return action

    monkeypatch.setattr(train_data, "make_agent", Spy)
    monkeypatch.setattr(train_data, "TEACHER_EPSILON", 0.0)
    rows, wins, margins, moves, searched = train_data.play_agent_game(2, random.Random(9), "greedy", 1)
    assert list(zip(rows, moves)) == seen and len(wins) == len(margins) == len(rows)
    assert len(searched) == len(rows) and all(np.isnan(w) and np.isnan(m) for w, m in searched), (
        "greedy searches nothing: no search values")


@pytest.mark.parametrize("players", [2, 4])
def test_an_opponent_plays_one_side_and_the_agent_the_other(monkeypatch, players):
    import random

    from rules.ai import make_agent

    real = make_agent
    who: list[tuple[str, int]] = []

    class Spy:
        def __init__(self, name, ms):
            self.name, self.agent = name, real(name, ms)

        def choose(self, view, rng):
            who.append((self.name, view.seat))
            return self.agent.choose(view, rng)

    monkeypatch.setattr(train_data, "make_agent", Spy)
    monkeypatch.setattr(train_data, "TEACHER_EPSILON", 0.0)
    agent_sides = set()
    for g in range(6):
        who.clear()
        rows, wins, _m, _c, _v = train_data.play_agent_game(players, random.Random(g), "greedy", 1, opponent="random")
        sides = {name: {seat % 2 for n, seat in who if n == name} for name in ("greedy", "random")}
        # each side of the table is played by one agent, and both play
        assert len(sides["greedy"]) == len(sides["random"]) == 1 and sides["greedy"] != sides["random"]
        assert len(who) == len(rows)
        agent_sides |= sides["greedy"]
    assert agent_sides == {0, 1}, "the agent's side is drawn per game: it plays both over a few games"


def test_against_an_opponent_the_search_values_are_the_learned_sides_only():
    import random

    rows, wins, _m, _c, searched = train_data.play_agent_game(2, random.Random(3), "hard", 2, opponent="greedy")
    decided = [not np.isnan(w) for w, _m in searched]
    assert set(wins) == {0.0, 1.0}, "this seed's round is not a draw: the two sides' outcomes differ"
    # a decision's outcome tells its side: the searched decisions are all of the learned search's side
    won = {w for (w, d) in zip(wins, decided) if d}
    assert any(decided) and len(won) == 1, "every searched decision is the learned side's"


def test_an_opponent_needs_an_agent_and_a_known_name(tmp_path, capsys):
    folder = tmp_path / "run"
    assert bot_main(["train", "--dir", str(folder), "--games", "1", "--opponent", "hard-v1"]) == 2
    assert "--agent" in capsys.readouterr().err
    assert bot_main(["train", "--dir", str(folder), "--games", "1", "--agent", "greedy", "--opponent", "nobody"]) == 2
    assert "nobody" in capsys.readouterr().err
    assert not folder.exists()


def test_the_data_keeps_the_move_each_decision_chose():
    data = train_data.generate_chunk(2, 3, 0, 4)
    moves = data["move"]
    assert len(moves) == len(data["win"]) and moves.min() >= 0 and moves.max() <= features.CARDS
    # the move is a card of the hand block (or the exchange, when one was possible)
    cards = np.unpackbits(data["bits"], axis=1, bitorder="little")
    hand = cards[:, : features.CARDS]
    plays = moves < features.CARDS
    assert np.all(hand[np.arange(len(moves))[plays], moves[plays]] == 1)


def test_the_data_does_not_depend_on_the_number_of_jobs(tmp_path, monkeypatch):
    monkeypatch.setattr(train_data, "CHUNK_GAMES", 2)
    cfg = train.RunConfig(**{**train.asdict(TINY), "games": 5})
    lines: list[str] = []
    (tmp_path / "one").mkdir()
    (tmp_path / "two").mkdir()
    one = train.ensure_data(tmp_path / "one", cfg, lines.append)
    two = train.ensure_data(tmp_path / "two", cfg, lines.append, jobs=2)
    assert sorted(p.name for p in (tmp_path / "two").iterdir()) == ["data-0000.npz", "data-0001.npz", "data-0002.npz"]
    for key in one:
        np.testing.assert_array_equal(one[key], two[key])
    assert sum("data chunk" in line for line in lines) == 6


def test_a_run_can_start_from_shipped_weights(tmp_path, capsys):
    start = tmp_path / "start.npz"
    train.run(tmp_path / "first", TINY, export_to=start, say=lambda _line: None)
    cfg = train.RunConfig(**{**train.asdict(TINY), "seed": 6, "epochs": 1, "init": str(start)})
    weights = train.start_weights(cfg)
    with np.load(start) as f:
        for key in net.LAYERS:
            np.testing.assert_array_equal(weights[key], f[key])
    fresh = train.start_weights(train.RunConfig(**{**train.asdict(cfg), "init": ""}))
    assert not np.array_equal(weights["w1"], fresh["w1"])
    wider = train.RunConfig(**{**train.asdict(cfg), "hidden": (32, 8)})
    with pytest.raises(train.TrainError, match="other layer sizes"):
        train.start_weights(wider)
    # from the command line: a missing file and an unknown agent are refused with a message, nothing written
    assert bot_main(["train", "--dir", str(tmp_path / "cli"), "--init", str(tmp_path / "none.npz")]) == 2
    assert "cannot read the weights file" in capsys.readouterr().err
    assert bot_main(["train", "--dir", str(tmp_path / "cli"), "--agent", "grandmaster"]) == 2
    assert "grandmaster is not an AI level or arena agent" in capsys.readouterr().err
    assert not (tmp_path / "cli").exists()


def test_a_tiny_policy_run_learns_the_moves_chosen_and_exports_a_policy_the_ai_loads(tmp_path, monkeypatch):
    cfg = train.RunConfig(**{**train.asdict(TINY), "policy": True})
    out = tmp_path / "policy.npz"
    lines: list[str] = []
    figures = train.run(tmp_path / "run", cfg, export_to=out, say=lines.append)
    assert figures["val_loss"] < figures["start_val_loss"]
    assert any("the move chosen is the likeliest in" in line for line in lines)
    monkeypatch.setattr(net, "path_for", lambda _players, policy=False: out if policy else tmp_path / "none.npz")
    net.load.cache_clear()
    try:
        model = net.load(2, policy=True)
        assert model is not None and model.w3.shape[1] == net.POLICY_CLASSES
        data = train_data.generate_chunk(2, 9, 0, 1)
        x = train.inputs(data, np.arange(len(data["win"])))
        p = model.policy(x)
        np.testing.assert_allclose(p.sum(axis=1), 1.0, rtol=1e-5)
        assert np.all(p[~net.legal_mask(x)] == 0.0), "no chance for a card not in hand"
        with pytest.raises(ValueError, match="outputs"):
            monkeypatch.setattr(net, "path_for", lambda _players, _policy=False: out)
            net.load.cache_clear()
            net.load(2)  # a policy file is not a value network
    finally:
        net.load.cache_clear()


def test_a_policy_needs_data_that_kept_the_moves(tmp_path):
    folder = tmp_path / "old"
    folder.mkdir()
    data = train_data.generate_chunk(2, 1, 0, 2)
    np.savez_compressed(folder / "data-0000.npz", bits=data["bits"], scalars=data["scalars"], win=data["win"],
                        margin=data["margin"])
    cfg = train.RunConfig(**{**train.asdict(TINY), "games": 2, "policy": True})
    with pytest.raises(train.TrainError, match="before the moves were kept"):
        train.ensure_data(folder, cfg, lambda _line: None)
    # a value network still trains on it (split by example: the data has no games)
    value = train.RunConfig(**{**train.asdict(TINY), "games": 2})
    old = train.ensure_data(folder, value, lambda _line: None)
    assert "game" not in old and len(old["win"]) == len(data["win"])


# ----- the search's values as targets -----
SEARCHED = train.RunConfig(**{**train.asdict(TINY), "games": 6, "agent": "hard", "agent_ms": 2})


def test_the_learned_search_keeps_its_value_of_each_move_it_chose():
    data = train_data.generate_chunk(2, 4, 0, 2, agent="hard", agent_ms=2)
    win, margin = data["search_win"], data["search_margin"]
    has = ~np.isnan(win)
    assert np.array_equal(has, ~np.isnan(margin))
    # the middle game is the learned search's (a value a decision); the exact endgame and random moves are not
    assert 0.5 * len(win) <= has.sum() < len(win)
    assert np.all((win[has] >= 0) & (win[has] <= 1)) and np.all(np.abs(margin[has]) <= 1)
    # a value of what the seat's side will win: it leans the way the round went
    assert np.corrcoef(win[has], data["win"][has])[0, 1] > 0
    assert np.all(np.isnan(train_data.generate_chunk(2, 4, 0, 1, agent="greedy", agent_ms=2)["search_win"]))


def test_the_targets_mix_the_outcomes_with_the_search_values():
    data = {"win": np.array([1.0, 0.0, 0.5], dtype=np.float32), "margin": np.array([0.2, -0.1, 0.0], dtype=np.float32),
            "search_win": np.array([0.6, np.nan, 0.3], dtype=np.float32),
            "search_margin": np.array([0.1, np.nan, -0.2], dtype=np.float32)}
    part = np.arange(3)
    outcomes = train.batch_targets(data, part, False)
    np.testing.assert_array_equal(outcomes["win"], data["win"])
    np.testing.assert_array_equal(train.batch_targets(data, part, False, 1.0)["margin"], data["margin"])
    searched = train.batch_targets(data, part, False, 0.0)
    np.testing.assert_allclose(searched["win"], [0.6, 0.0, 0.3])  # the outcome where no search decided
    np.testing.assert_allclose(searched["margin"], [0.1, -0.1, -0.2])
    half = train.batch_targets(data, part, False, 0.5)
    np.testing.assert_allclose(half["win"], [0.8, 0.0, 0.4])
    np.testing.assert_allclose(half["margin"], [0.15, -0.1, -0.1])


def test_a_tiny_run_on_the_search_values_lowers_its_loss_and_learns_other_weights(tmp_path):
    mixed = train.RunConfig(**{**train.asdict(SEARCHED), "target_mix": 0.0})
    figures = train.run(tmp_path / "mixed", mixed, say=lambda _line: None)
    assert figures["val_loss"] < figures["start_val_loss"]
    (tmp_path / "plain").mkdir()  # the same data: the targets alone differ
    (tmp_path / "plain" / "data-0000.npz").symlink_to(tmp_path / "mixed" / "data-0000.npz")
    train.run(tmp_path / "plain", SEARCHED, say=lambda _line: None)
    a = train.load_checkpoint(tmp_path / "mixed")["weights"]
    b = train.load_checkpoint(tmp_path / "plain")["weights"]
    assert not np.array_equal(a["w3"], b["w3"])


def test_mixing_search_values_needs_data_that_has_them(tmp_path, capsys):
    cfg = train.RunConfig(**{**train.asdict(TINY), "games": 2, "target_mix": 0.5})
    with pytest.raises(train.TrainError, match="no search values"):
        train.run(tmp_path / "run", cfg, say=lambda _line: None)
    assert not (tmp_path / "run" / "checkpoint.npz").exists()
    # from the command line: the share is stored with the run, and a bad share is refused
    assert bot_main(["train", "--dir", str(tmp_path / "cli"), "--games", "2", "--epochs", "1",
                     "--target-mix", "400"]) == 2
    assert "no search values" in capsys.readouterr().err
    assert train.read_config(tmp_path / "cli").target_mix == 0.4
    with pytest.raises(SystemExit):
        bot_main(["train", "--dir", str(tmp_path / "bad"), "--target-mix", "1001"])
    assert "--target-mix" in capsys.readouterr().err and not (tmp_path / "bad").exists()



def _tiny_run(folder, **changes):
    """A finished tiny run in ``folder`` (``TINY`` with ``changes``, one epoch); its config."""
    cfg = train.RunConfig(**{**train.asdict(TINY), "epochs": 1, **changes})
    train.run(folder, cfg, say=lambda _s: None)
    return cfg


def test_a_run_with_other_runs_data_trains_on_all_of_it_and_makes_none(tmp_path):
    first, second, pooled = tmp_path / "a", tmp_path / "b", tmp_path / "pooled"
    _tiny_run(first, games=20)
    _tiny_run(second, games=15, seed=6)
    cfg = train.RunConfig(**{**train.asdict(TINY), "games": 0, "pool": (str(first), str(second))})
    figures = train.run(pooled, cfg, say=lambda _s: None)
    assert figures["val_loss"] < figures["start_val_loss"]
    assert not list(pooled.glob("data-*.npz")), "a pooled run makes no data of its own"
    stored = train.read_config(pooled)
    assert stored.pool == (str(first.resolve()), str(second.resolve())) and len(stored.pool_sha256) == 2
    data = train.ensure_data(pooled, stored, lambda _s: None)
    theirs = [train.ensure_data(f, train.read_config(f), lambda _s: None) for f in (first, second)]
    assert np.array_equal(data["bits"], np.concatenate([t["bits"] for t in theirs]))
    assert np.array_equal(data["win"], np.concatenate([t["win"] for t in theirs]))
    n = len(theirs[0]["game"])
    assert set(data["game"][:n].tolist()) == {train_data.POOL_GAMES + g for g in range(20)}
    assert set(data["game"][n:].tolist()) == {2 * train_data.POOL_GAMES + g for g in range(15)}


def test_a_run_adds_other_runs_data_to_its_own_and_resumes_on_the_same(tmp_path, capsys):
    other, run = tmp_path / "other", tmp_path / "run"
    _tiny_run(other, games=12, seed=8)
    cfg = train.RunConfig(**{**train.asdict(TINY), "games": 10, "epochs": 1, "pool": (str(other),)})
    train.run(run, cfg, say=lambda _s: None)
    own = train.ensure_data(run, train.RunConfig(**{**train.asdict(cfg), "pool": ()}), lambda _s: None)
    data = train.ensure_data(run, train.read_config(run), lambda _s: None)
    extra = train.ensure_data(other, train.read_config(other), lambda _s: None)
    assert len(data["win"]) == len(own["win"]) + len(extra["win"])
    assert np.array_equal(data["bits"][:len(own["win"])], own["bits"])
    assert bot_main(["train", "--dir", str(run), "--resume", "--epochs", "2"]) == 0
    assert "epoch 2/2" in capsys.readouterr().out
    assert train.run(run, cfg, say=lambda _s: None)["epoch"] == 2, "the same settings again are the same run"
    with np.load(other / "data-0000.npz") as f:
        arrays = {k: f[k] for k in f.files}
    np.savez_compressed(other / "data-0000.npz", **(arrays | {"win": 1.0 - arrays["win"]}))
    assert bot_main(["train", "--dir", str(run), "--resume", "--epochs", "3"]) == 2
    assert "holds other data than when this run began" in capsys.readouterr().err
    with pytest.raises(train.TrainError, match="holds other data"):
        train.run(run, cfg, say=lambda _s: None)
    assert train.load_checkpoint(run)["epoch"] == 2, "a refused run trains nothing"


def test_other_runs_data_must_be_a_finished_run_of_the_same_players(tmp_path, capsys):
    two, four, nested, old, out = (tmp_path / n for n in ("two", "four", "nested", "old", "out"))
    assert bot_main(["train", "--dir", str(out), "--games", "0"]) == 2
    assert "--with" in capsys.readouterr().err
    assert bot_main(["train", "--dir", str(out), "--games", "0", "--with", str(tmp_path / "nothing")]) == 2
    assert "holds no run" in capsys.readouterr().err
    _tiny_run(four, players=4, games=5)
    assert bot_main(["train", "--dir", str(out), "--games", "0", "--with", str(four)]) == 2
    assert "4 players, not 2" in capsys.readouterr().err
    _tiny_run(two, games=5)
    assert bot_main(["train", "--dir", str(out), "--games", "0", "--with", str(two), "--with", str(two)]) == 2
    assert "given twice" in capsys.readouterr().err
    _tiny_run(nested, games=0, pool=(str(two),))
    assert bot_main(["train", "--dir", str(out), "--games", "0", "--with", str(nested)]) == 2
    assert "name those folders instead" in capsys.readouterr().err
    _tiny_run(old, games=5, seed=9)
    with np.load(old / "data-0000.npz") as f:
        arrays = {k: f[k] for k in f.files if k != "move"}
    np.savez_compressed(old / "data-0000.npz", **arrays)
    assert bot_main(["train", "--dir", str(out), "--games", "0", "--with", str(old), "--policy"]) == 2
    assert "before the moves were kept" in capsys.readouterr().err
    wide = tmp_path / "wide"
    _tiny_run(wide, games=5, seed=10)
    with np.load(wide / "data-0000.npz") as f:
        arrays = {k: f[k] for k in f.files}
    np.savez_compressed(wide / "data-0000.npz", **(arrays | {"bits": np.pad(arrays["bits"], ((0, 0), (0, 1)))}))
    assert bot_main(["train", "--dir", str(out), "--games", "0", "--with", str(wide)]) == 2
    assert "another encoding" in capsys.readouterr().err
    assert bot_main(["train", "--dir", str(two), "--games", "0", "--with", str(two)]) == 2
    assert "this run's own folder" in capsys.readouterr().err
    (two / "data-0000.npz").unlink()
    assert bot_main(["train", "--dir", str(out), "--games", "0", "--with", str(two)]) == 2
    assert "data-0000.npz is missing" in capsys.readouterr().err
    assert bot_main(["train", "--game", "cicera", "--dir", str(out), "--games", "0"]) == 2
    assert "Cicera" in capsys.readouterr().err
    assert bot_main(["train", "--game", "cicera", "--dir", str(out), "--with", str(old)]) == 2
    assert "--with: for Briscola only" in capsys.readouterr().err
    assert not out.exists(), "a refused run leaves no folder"


def test_the_command_trains_on_other_runs_data(tmp_path, capsys):
    first, pooled = tmp_path / "a", tmp_path / "pooled"
    assert bot_main(["train", "--dir", str(first), "--games", "12", "--epochs", "1", "--hidden1", "8",
                     "--hidden2", "4"]) == 0
    capsys.readouterr()
    assert bot_main(["train", "--dir", str(pooled), "--games", "0", "--with", str(first), "--epochs", "1",
                     "--hidden1", "8", "--hidden2", "4"]) == 0
    out = capsys.readouterr().out
    assert "epoch 1/1: train loss" in out and "data chunk" not in out
    assert train.read_config(pooled).pool == (str(first.resolve()),)
