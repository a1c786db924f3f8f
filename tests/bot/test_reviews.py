"""The service's reviews and hints (``bot.tables.reviews``): a review is the same as ``rules.ai.review.review``
of the record, it is refused to someone who did not play, it is computed once (two presses share one
computation, a later press reads it back), a failed write still answers; hints only at a practice table, for
the seat to move."""

from __future__ import annotations

import asyncio

import pytest

from bot.storage import StorageError
from bot.tables.errors import BadRequest, NotSeated, NotYourTurn
from rules.ai import review as judge

GUILD, CHANNEL, ALICE, BOB = 1, 10, 100, 200
BUDGET = 20


def counting(monkeypatch, name: str) -> list:
    """``rules.ai.review``'s function ``name`` counts its calls (one item each) in the list returned."""
    calls: list = []
    original = getattr(judge, name)

    def counted(*args):
        calls.append(1)
        return original(*args)

    monkeypatch.setattr(judge, name, counted)
    return calls


async def finished_game(service, play, *, hints: str = "off") -> int:
    """Alice plays a 2-player Briscola against the AI to the end (her first legal card each turn); its id."""
    info = await service.create(GUILD, CHANNEL, ALICE, "alice", "briscola", 2, {"hints": hints}, "easy", 7)
    await service.start(info.id, ALICE)
    await play(service, info.id, {ALICE})
    await service.idle()
    (row,) = await service.store.games_of(GUILD, ALICE, 1)
    return row.id


async def test_a_review_is_the_records_review_and_is_kept(open_service, play, monkeypatch):
    service = await open_service(review_time_ms=BUDGET)
    game_id = await finished_game(service, play)
    record = await service.game_record(game_id)
    expected = judge.review(record, 0, seed=0, time_ms=BUDGET)

    calls = counting(monkeypatch, "action_values")
    assert await service.stored_review(game_id, ALICE, GUILD) is None
    first, second = await asyncio.gather(service.review(game_id, ALICE, GUILD), service.review(game_id, ALICE, GUILD))
    assert [judge.judged_to_json(j) for j in first.decisions] == [judge.judged_to_json(j) for j in expected]
    assert first.decisions == second.decisions and first.seat == 0
    decisions = len([d for d in judge.seat_decisions(record, 0) if judge.reviewable(d[2])])
    assert len(calls) == decisions, "two presses at once share one computation"
    kept = await service.stored_review(game_id, ALICE, GUILD)
    assert kept is not None and [judge.judged_to_json(j) for j in kept.decisions] == [
        judge.judged_to_json(j) for j in expected]
    again = await service.review(game_id, ALICE, GUILD)
    assert len(calls) == decisions, "a later press reads the kept review"
    assert [j.view for j in again.decisions] == [j.view for j in expected], "the views are rebuilt from the record"


async def test_a_review_is_refused_to_who_did_not_play_it_here(open_service, play):
    service = await open_service(review_time_ms=BUDGET)
    game_id = await finished_game(service, play)
    with pytest.raises(BadRequest, match="Only the players"):
        await service.review(game_id, BOB, GUILD)
    with pytest.raises(BadRequest, match="no finished game"):
        await service.review(game_id, ALICE, GUILD + 1)
    with pytest.raises(BadRequest, match="no finished game"):
        await service.review(game_id + 99, ALICE, GUILD)
    assert await service.store.review_of(game_id, 0) is None


async def test_a_failed_write_still_answers_and_the_next_press_computes_again(open_service, play, monkeypatch):
    service = await open_service(review_time_ms=BUDGET)
    game_id = await finished_game(service, play)

    async def full_disk(*_args):
        raise StorageError("database or disk is full", "SQLITE_FULL")

    monkeypatch.setattr(service.store, "save_review", full_disk)
    shown = await service.review(game_id, ALICE, GUILD)
    assert await service.store.review_of(game_id, 0) is None
    monkeypatch.undo()
    again = await service.review(game_id, ALICE, GUILD)
    assert [judge.judged_to_json(j) for j in again.decisions] == [judge.judged_to_json(j) for j in shown.decisions]
    assert await service.store.review_of(game_id, 0) is not None


async def test_hints_only_at_a_practice_table_for_the_seat_to_move(open_service, monkeypatch):
    service = await open_service(hint_time_ms=BUDGET)
    plain = await service.create(GUILD, CHANNEL, ALICE, "alice", "briscola", 2, {}, "easy", 3)
    await service.start(plain.id, ALICE)
    await service.idle()
    with pytest.raises(BadRequest, match="no hints"):
        await service.hint(plain.id, ALICE)

    practice = await service.create(GUILD, CHANNEL + 1, ALICE, "alice", "briscola", 4, {"hints": "on"}, "easy", 3)
    await service.join(practice.id, BOB, "bob")
    await service.start(practice.id, ALICE)
    await service.idle()
    info = service.get(practice.id)
    mover = info.seats[info.to_move].user_id
    waiting = ALICE if mover == BOB else BOB
    assert mover in (ALICE, BOB)
    with pytest.raises(NotYourTurn):
        await service.hint(practice.id, waiting)
    with pytest.raises(NotSeated):
        await service.hint(practice.id, 999)
    calls = counting(monkeypatch, "hint")
    first, second = await asyncio.gather(service.hint(practice.id, mover), service.hint(practice.id, mover))
    view = service.view(practice.id, mover)
    assert first.view == view and first.version == service.get(practice.id).version
    assert sorted(map(str, (v.action for v in first.values))) == sorted(map(str, view.legal))
    assert all(0.0 <= v.win <= 1.0 for v in first.values)
    assert second == first and len(calls) == 1, "two presses at once share one search"
    assert await service.hint(practice.id, mover) == first and len(calls) == 1, "the same position, the same hint"


async def test_a_member_waits_for_one_review_at_a_time(open_service, play):
    service = await open_service(review_time_ms=BUDGET)
    first = await finished_game(service, play)
    second = await finished_game(service, play)
    running = asyncio.ensure_future(service.review(first, ALICE, GUILD))
    await asyncio.sleep(0)
    with pytest.raises(BadRequest, match=f"review of game {first} is still being made"):
        await service.review(second, ALICE, GUILD)
    done = await running
    assert done.reviewed > 0 and done.game_id == first
    assert (await service.review(second, ALICE, GUILD)).game_id == second, "once it is ready, the next one"


async def test_a_stored_review_that_no_longer_reads_is_made_again(open_service, play):
    service = await open_service(review_time_ms=BUDGET)
    game_id = await finished_game(service, play)
    made = await service.review(game_id, ALICE, GUILD)
    await service.store.save_review(game_id, 0, {"reviewed": 3, "costliest": [{"round": 99}]}, 0.0)
    assert await service.stored_review(game_id, ALICE, GUILD) is None
    again = await service.review(game_id, ALICE, GUILD)
    assert [judge.judged_to_json(j) for j in again.decisions] == [judge.judged_to_json(j) for j in made.decisions]
    assert (await service.store.review_of(game_id, 0))["reviewed"] == made.reviewed, "the bad one is replaced"


async def test_forgetting_a_member_deletes_the_reviews_of_their_play(open_service, play):
    service = await open_service(review_time_ms=BUDGET)
    game_id = await finished_game(service, play)
    await service.review(game_id, ALICE, GUILD)
    assert await service.store.review_of(game_id, 0) is not None
    await service.forget_user(ALICE)
    assert await service.store.review_of(game_id, 0) is None
    with pytest.raises(BadRequest, match="Only the players"):
        await service.review(game_id, ALICE, GUILD)
