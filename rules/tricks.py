"""The trick-taking core shared by Briscola and Chiamata: hands, the trick, its winner, captured points."""

from __future__ import annotations

from rules.cards import POINTS, Card, trick_winner

EXCHANGE = 64
"""Fast-path move encoding: a card id (0..51) plays that card; ``EXCHANGE + id`` gives that card in a trump
exchange (Briscola)."""


class TrickState:
    """Hands, the current trick and what each seat has taken. Cards are ints (``Card`` ids)."""

    __slots__ = (
        "n", "dealer", "trump", "hands", "leader", "turn", "trick", "captured", "won", "history", "done",
    )

    def _init_tricks(self, n: int, dealer: int, hands: list[list[int]], trump: int) -> None:
        self.n = n
        self.dealer = dealer
        self.trump = trump
        """Trump suit index (-1 while unknown, in Chiamata before the call)."""
        self.hands = hands
        self.leader = (dealer + 1) % n
        self.turn = self.leader
        self.trick: list[int] = []
        """Cards of the current trick in play order, the first played by ``leader``."""
        self.captured = [0] * n
        """Card points taken by each seat."""
        self.won: list[list[int]] = [[] for _ in range(n)]
        """Cards taken by each seat."""
        self.history: list[tuple[int, tuple[int, ...], int]] = []
        """Completed tricks: (leader, cards in play order, winner)."""
        self.done = False

    def _copy_tricks_into(self, other: TrickState) -> None:
        other.n = self.n
        other.dealer = self.dealer
        other.trump = self.trump
        other.hands = [h[:] for h in self.hands]
        other.leader = self.leader
        other.turn = self.turn
        other.trick = self.trick[:]
        other.captured = self.captured[:]
        other.won = [w[:] for w in self.won]
        other.history = self.history[:]
        other.done = self.done

    def _play(self, c: int) -> int:
        """Play card ``c`` for the seat to move; return the trick winner's seat when this completes the trick,
        else -1. The caller handles what follows a trick (drawing, end of round)."""
        seat = self.turn
        self.hands[seat].remove(c)
        trick = self.trick
        trick.append(c)
        n = self.n
        if len(trick) < n:
            self.turn = seat + 1 if seat + 1 < n else 0
            return -1
        best = trick_winner(trick, self.trump)
        winner = (self.leader + best) % n
        self.captured[winner] += sum([POINTS[x] for x in trick])
        self.won[winner].extend(trick)
        self.history.append((self.leader, tuple(trick), winner))
        self.trick = []
        self.leader = self.turn = winner
        return winner

    def tricks_done(self) -> int:
        """Tricks completed so far in this round."""
        return len(self.history)

    def trick_pairs(self) -> tuple[tuple[int, Card], ...]:
        """The current trick as (seat, card) pairs in play order."""
        return tuple(((self.leader + i) % self.n, Card(c)) for i, c in enumerate(self.trick))

    def history_public(self) -> tuple[tuple[int, tuple[tuple[int, Card], ...], int], ...]:
        """Completed tricks as (leader, ((seat, card), ...), winner)."""
        n = self.n
        return tuple(
            (lead, tuple(((lead + i) % n, Card(c)) for i, c in enumerate(cs)), w) for lead, cs, w in self.history
        )
