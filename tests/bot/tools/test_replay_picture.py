"""``python -m bot replay --picture FILE OUT`` as a user runs it."""

from __future__ import annotations

import json

from PIL import Image

from bot.__main__ import main


def arena_record(tmp_path, capsys, game: str = "briscola", players: str = "2"):
    out = tmp_path / "rec"
    assert main(["arena", "--game", game, "--players", players, "--agents", "random", "--games", "1",
                 "--seed", "3", "--records", str(out)]) == 0
    capsys.readouterr()
    (file,) = sorted(out.glob("*.json"))
    return file


def test_picture_writes_an_animated_webp(tmp_path, capsys):
    file = arena_record(tmp_path, capsys)
    rec = json.loads(file.read_text())
    tricks = sum(1 for e in rec["rounds"][0]["actions"] if "play" in e) // 2
    out = tmp_path / "game"  # used as given: no suffix added
    assert main(["replay", "--picture", str(file), str(out)]) == 0
    assert str(out) in capsys.readouterr().out
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game", "rec"]
    img = Image.open(out)
    assert img.format == "WEBP" and img.n_frames == tricks + 2


def test_picture_refuses_a_bad_record_and_writes_nothing(tmp_path, capsys):
    file = arena_record(tmp_path, capsys)
    rec = json.loads(file.read_text())
    rec["rounds"][0]["actions"] = rec["rounds"][0]["actions"][:-3]
    file.write_text(json.dumps(rec))
    out = tmp_path / "bad.webp"
    assert main(["replay", "--picture", str(file), str(out)]) == 1
    line = capsys.readouterr().out.strip()
    assert line.startswith(f"FAIL {file}: ") and "Traceback" not in line
    assert not out.exists()


def test_picture_refuses_a_file_that_is_not_json(tmp_path, capsys):
    junk = tmp_path / "junk.json"
    junk.write_text("{not json")
    assert main(["replay", "--picture", str(junk), str(tmp_path / "x.webp")]) == 1
    assert "not JSON" in capsys.readouterr().out
    assert not (tmp_path / "x.webp").exists()


def test_replay_without_files_says_what_to_give(capsys):
    assert main(["replay"]) == 2
    assert "--picture" in capsys.readouterr().err
