"""``python -m bot train --game cicera``: the deals are reproducible from the seed and replay to their scores,
the fit beats the hand-made estimate it contains on the data it was fitted to, a stopped run goes on where it
stopped, and the exported file is what the Cicera search loads."""

from __future__ import annotations

import json

import numpy as np

from bot.lab import cicera_value, train_cicera

TINY = train_cicera.CiceraRun(games=6, seed=4, agent_ms=2)


def bot_main(argv: list[str]) -> int:
    from bot.__main__ import main

    return main(argv)


def test_the_deals_are_reproducible_from_the_seed_and_replay_to_their_scores():
    a = train_cicera.play_deal(4, 2, 2)
    assert a == train_cicera.play_deal(4, 2, 2)
    assert a != train_cicera.play_deal(5, 2, 2)
    assert len(a["plays"]) == 48 and a["dealer"] == 2
    x, y, est, game = train_cicera.examples([a])
    assert x.shape == (48, len(cicera_value.FEATURES)) and set(game) == {0}
    assert set(y) == {a["score"][0] - a["score"][1]}
    np.testing.assert_array_equal(x[:, 0], est)  # the first feature is the hand-made estimate


def test_the_fit_beats_the_estimate_it_contains_on_its_own_data(tmp_path):
    figures = train_cicera.run(tmp_path / "run", TINY, say=lambda _line: None)
    x, y, est, _game = train_cicera.examples(train_cicera.ensure_games(tmp_path / "run", TINY, lambda _l: None))
    assert figures["positions"] == len(y) == 6 * 48
    fitted = train_cicera.mse(x @ figures["weights"], y)
    scale = est @ y / (est @ est)
    assert fitted < train_cicera.mse(scale * est, y)
    assert fitted < train_cicera.mse(np.zeros(len(y)), y)


def test_a_stopped_run_goes_on_where_it_stopped(tmp_path):
    run = train_cicera.CiceraRun(games=train_cicera.CHUNK_GAMES + 2, seed=4, agent_ms=1)
    lines: list[str] = []
    folder = tmp_path / "run"
    first = train_cicera.run(folder, run, say=lines.append)
    assert any("data chunk 2/2: 2 deals" in line for line in lines)
    (folder / "games-0001.jsonl").unlink()  # as if the run had stopped while playing the second chunk
    lines.clear()
    again = train_cicera.run(folder, None, say=lines.append)
    assert any("data chunk 2/2" in line for line in lines)
    assert not any("data chunk 1/2" in line for line in lines), "the chunk on disk is kept"
    np.testing.assert_array_equal(first["weights"], again["weights"])


def test_a_deal_that_does_not_replay_to_its_score_is_refused(tmp_path):
    folder = tmp_path / "run"
    train_cicera.run(folder, TINY, say=lambda _line: None)
    path = folder / "games-0000.jsonl"
    deals = [json.loads(line) for line in path.read_text().splitlines()]
    deals[3]["score"][0] += 1
    path.write_text("\n".join(json.dumps(d) for d in deals) + "\n")
    try:
        train_cicera.run(folder, TINY, say=lambda _line: None)
    except train_cicera.TrainError as e:
        assert "deal 3 does not replay" in str(e)
    else:
        raise AssertionError("a changed score must be refused")


def test_the_command_fits_and_exports_weights_of_the_features(tmp_path, capsys):
    folder, out = tmp_path / "cli", tmp_path / "weights" / "cicera_value.npz"
    args = ["train", "--game", "cicera", "--dir", str(folder), "--games", "5", "--seed", "2", "--agent-ms", "1"]
    assert bot_main([*args, "--export", str(out)]) == 0
    said = capsys.readouterr().out
    assert "data chunk 1/1: 5 deals" in said and "240 positions of 5 deals" in said and "weights written" in said
    assert bot_main(["train", "--game", "cicera", "--dir", str(folder), "--games", "6"]) == 2
    assert "holds another run" in capsys.readouterr().err
    assert bot_main(["train", "--game", "cicera", "--dir", str(tmp_path / "none"), "--resume"]) == 2
    assert "nothing to resume" in capsys.readouterr().err
    with np.load(out) as f:
        assert str(f["version"]) == cicera_value.VERSION
        assert tuple(str(x) for x in f["features"]) == cicera_value.FEATURES
        assert len(f["weights"]) == len(cicera_value.FEATURES)
        assert json.loads(str(f["meta"]))["games"] == 5


def test_without_games_or_time_the_command_makes_the_measured_run(tmp_path, monkeypatch):
    # Briscola's defaults (20000 games at 10 ms) would be a day of Cicera deals: Cicera has its own
    seen = []
    monkeypatch.setattr(train_cicera, "run", lambda _folder, cfg, *_a, **_k: seen.append(cfg))
    assert bot_main(["train", "--game", "cicera", "--dir", str(tmp_path / "d")]) == 0
    assert bot_main(["train", "--game", "cicera", "--dir", str(tmp_path / "d"), "--games", "7", "--agent-ms", "3"]) == 0
    assert seen == [train_cicera.CiceraRun(games=800, seed=1, agent_ms=50), train_cicera.CiceraRun(7, 1, 3)]


def test_briscola_only_options_are_refused_with_a_clear_message(tmp_path, capsys):
    folder = tmp_path / "run"
    argv = ["train", "--game", "cicera", "--dir", str(folder), "--games", "2", "--agent-ms", "1"]
    assert bot_main([*argv, "--players", "4", "--policy"]) == 2
    err = capsys.readouterr().err
    assert "--players, --policy: for Briscola only" in err and "Traceback" not in err
    assert not folder.exists(), "nothing was started"
    assert bot_main([*argv, "--hidden1", "8"]) == 2
    assert "--hidden1: for Briscola only" in capsys.readouterr().err
