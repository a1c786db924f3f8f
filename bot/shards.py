"""Which Discord shards a process runs: ``--shard-count N --shard-ids a-b`` on the command line.

Discord sends a guild's events to shard ``(guild_id >> 22) % shard_count``; a process that runs some of the
shards runs the tables of those guilds only (their leases in the database: see docs/STORAGE.md). Pure: no
Discord, no database.
"""

from __future__ import annotations

import argparse
from dataclasses import dataclass

from bot.i18n import _


@dataclass(frozen=True)
class Shards:
    """``count`` shards in all, of which this process runs ``ids``. The default: one shard, run here."""

    count: int = 1
    ids: tuple[int, ...] = (0,)

    def __post_init__(self) -> None:
        if self.count < 1:
            raise ValueError(_("the shard count must be at least 1, not {count}").format(count=self.count))
        if not self.ids:
            raise ValueError(_("a process must run at least one shard"))
        for i in self.ids:
            if not 0 <= i < self.count:
                raise ValueError(_("shard {id} does not exist: with {count} shards the ids are 0 to {last}").format(
                    id=i, count=self.count, last=self.count - 1))

    @staticmethod
    def shard_of(guild_id: int, count: int) -> int:
        """The shard that Discord sends a guild's events to."""
        return (guild_id >> 22) % count

    def owns(self, guild_id: int) -> bool:
        """Whether this process runs the guild's shard."""
        return self.shard_of(guild_id, self.count) in self.ids

    @staticmethod
    def parse_ids(text: str, count: int | None = None) -> tuple[int, ...]:
        """``"0-3"`` → ``(0, 1, 2, 3)``, ``"0,2,5"`` → ``(0, 2, 5)``, ``"4"`` → ``(4,)`` (ranges and single ids may
        be mixed: ``"0-2,7"``). ``ValueError`` with a plain message for empty text, a reversed range, a part that
        is not a number, or (given ``count``) an id of no shard."""
        parts = [p.strip() for p in text.split(",")]
        if not text.strip() or any(not p for p in parts):
            raise ValueError(_("no shard ids given: write them as 0-3, 0,2,5 or 4"))
        ids: list[int] = []
        for part in parts:
            first, dash, last = part.partition("-")
            try:
                low = int(first)
                high = int(last) if dash else low
            except ValueError:
                raise ValueError(_("{part!r} is not a shard id or a range of them (write 0-3, 0,2,5 or 4)").format(
                    part=part)) from None
            if low < 0 or high < 0:
                raise ValueError(_("shard ids cannot be negative ({part})").format(part=part))
            if high < low:
                raise ValueError(_("the range {part} is reversed: write the lower id first ({high}-{low})").format(
                    part=part, high=high, low=low))
            if count is not None and high >= count:  # before the range is made: it may be huge
                raise ValueError(_("shard {id} does not exist: with {count} shards the ids are 0 to "
                                   "{last}").format(id=high, count=count, last=count - 1))
            ids.extend(range(low, high + 1))
        if count is not None:
            for i in ids:
                if i >= count:
                    raise ValueError(_("shard {id} does not exist: with {count} shards the ids are 0 to "
                                       "{last}").format(id=i, count=count, last=count - 1))
        return tuple(sorted(set(ids)))


COUNT_MAX = 65_536
"""The most shards a command line may name (Discord's largest bots run a few thousand)."""


def add_arguments(parser: argparse.ArgumentParser, default: object = None) -> None:
    """Add ``--shard-count`` and ``--shard-ids`` to a command's parser. ``default``: the value when the flag is
    not given (``argparse.SUPPRESS`` on a subcommand, so that it keeps what was given before the subcommand)."""
    parser.add_argument("--shard-count", type=int, default=default, metavar="N",
                        help=_("the number of shards over every process (default: one process runs them all)"))
    parser.add_argument("--shard-ids", default=default, metavar="IDS",
                        help=_("the shards this process runs, as 0-3, 0,2,5 or 4 (default: all of them)"))


def given(args: argparse.Namespace) -> bool:
    """Whether the command line names shards (``--shard-count`` or ``--shard-ids``)."""
    return getattr(args, "shard_count", None) is not None or getattr(args, "shard_ids", None) is not None


def from_args(args: argparse.Namespace) -> Shards | None:
    """The shards the command line names; ``None`` when it names none (one process runs every shard).

    ``--shard-ids`` alone is refused (the count says what the ids mean); ``--shard-count`` alone runs every
    shard of that count. ``ValueError`` with a plain message on bad input."""
    count, ids = getattr(args, "shard_count", None), getattr(args, "shard_ids", None)
    if count is None and ids is None:
        return None
    if count is None:
        raise ValueError(_("--shard-ids needs --shard-count: the number of shards over every process"))
    if count < 1:
        raise ValueError(_("the shard count must be at least 1, not {count}").format(count=count))
    if count > COUNT_MAX:
        raise ValueError(_("the shard count must be at most {max}, not {count}").format(max=COUNT_MAX, count=count))
    chosen = tuple(range(count)) if ids is None else Shards.parse_ids(ids, count)
    return Shards(count, chosen)
