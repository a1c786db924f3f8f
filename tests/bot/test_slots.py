"""The AI turn slots: a bound on holders, urgent waiters first, no starvation, cancellation."""

from __future__ import annotations

import asyncio

import pytest

from bot.tables.slots import PrioritySlots


async def test_urgent_waiters_go_first_but_do_not_starve_the_others():
    slots = PrioritySlots(1, burst=2)
    await slots.acquire()
    order = []

    async def waiter(name: str, urgent: bool) -> None:
        async with slots.slot(urgent):
            order.append(name)

    tasks = [asyncio.create_task(waiter(f"n{i}", False)) for i in range(3)]
    tasks += [asyncio.create_task(waiter(f"u{i}", True)) for i in range(5)]
    await asyncio.sleep(0)
    assert slots.waiting() == 8
    slots.release()
    await asyncio.gather(*tasks)
    assert order == ["u0", "u1", "n0", "u2", "u3", "n1", "u4", "n2"]
    assert slots.waiting() == 0


async def test_never_more_holders_than_slots():
    slots = PrioritySlots(3)
    holding = []
    most = 0

    async def work(i: int) -> None:
        nonlocal most
        async with slots.slot(urgent=i % 2 == 0):
            holding.append(i)
            most = max(most, len(holding))
            await asyncio.sleep(0)
            holding.remove(i)

    await asyncio.gather(*(work(i) for i in range(40)))
    assert most == 3


async def test_a_cancelled_waiter_gives_up_its_place():
    slots = PrioritySlots(1)
    await slots.acquire()
    cancelled = asyncio.create_task(slots.acquire(urgent=True))
    later = asyncio.create_task(slots.acquire())
    await asyncio.sleep(0)
    cancelled.cancel()
    with pytest.raises(asyncio.CancelledError):
        await cancelled
    slots.release()
    await asyncio.wait_for(later, 1)
    slots.release()
    await asyncio.wait_for(slots.acquire(), 1)  # one slot, free again
