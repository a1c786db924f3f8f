"""The AI-move benchmark: ``hard``'s time a move, in every registered game and player count."""

from __future__ import annotations

import re

from bot.__main__ import main
from bot.lab import bench_ai
from rules.games import GAMES


def test_bench_times_hard_in_every_game_and_player_count(capsys):
    assert main(["bench", "--only", "ai-moves", "--games", "3"]) == 0
    out = capsys.readouterr().out
    rows = re.findall(r"^(\w+) (\d)p +(\d+) +([\d.]+) +([\d.]+) +([\d.]+) +([\d.]+)$", out, re.M)
    assert [(game, int(n)) for game, n, *_rest in rows] == [(g, n) for g, s in GAMES.items() for n in s.player_counts]
    for _game, _n, decisions, cpu_med, cpu_p95, wall_med, wall_p95 in rows:
        assert int(decisions) == 3
        assert 0 < float(cpu_med) <= float(cpu_p95)
        assert 0 < float(wall_med) <= float(wall_p95)


def test_only_decisions_among_several_actions_are_timed(monkeypatch):
    asked: list[int] = []
    real = bench_ai.choose

    def counting(level, view, rng, time_ms):
        asked.append(len(view.legal))
        return real(level, view, rng, time_ms)

    monkeypatch.setattr(bench_ai, "choose", counting)
    times = bench_ai.move_times("tressette", 2, 25, seed=7, time_ms=20)
    assert len(times.cpu_ms) == len(times.wall_ms) == 25
    assert sum(1 for n in asked if n > 1) == 25
    assert any(n == 1 for n in asked)  # the forced plays of the round were asked too, and left out


def test_percentile_is_the_nearest_rank():
    values = tuple(float(x) for x in range(1, 101))
    assert bench_ai.percentile(values, 0.95) == 95.0
    assert bench_ai.percentile(values, 0.5) == 50.0
    assert bench_ai.percentile((), 0.95) == 0.0
