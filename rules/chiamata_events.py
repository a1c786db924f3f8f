"""Briscola Chiamata's own events: the auction, the caller's choices, and the partner coming to light."""

from __future__ import annotations

from dataclasses import dataclass

from rules.events import Event

__all__ = ["AuctionWon", "Bid", "Called", "Discarded", "PartnerRevealed", "Pass", "PassedOut", "TrumpChosen"]


@dataclass(frozen=True)
class Bid(Event):
    """A seat bid: a rank (``"3"``), ``"2:N"`` (a 2 with a points target), or points in the points mode."""

    KIND = "bid"
    seat: int
    bid: str | int


@dataclass(frozen=True)
class Pass(Event):
    """A seat passed, out of the auction."""

    KIND = "pass"
    seat: int


@dataclass(frozen=True)
class AuctionWon(Event):
    """The auction is over: the caller, the winning bid and the card points the caller's side needs."""

    KIND = "auction_won"
    seat: int
    bid: str | int
    target: int


@dataclass(frozen=True)
class PassedOut(Event):
    """Every seat passed: the deal is not played."""

    KIND = "passed_out"


@dataclass(frozen=True)
class TrumpChosen(Event):
    """The caller named the trump suit (the kitty option)."""

    KIND = "trump"
    seat: int
    suit: str


@dataclass(frozen=True)
class Discarded(Event):
    """The caller put back as many cards as the kitty gave (which ones stays hidden)."""

    KIND = "discard"
    seat: int
    count: int


@dataclass(frozen=True)
class Called(Event):
    """The caller named the card whose holder is the secret partner."""

    KIND = "call"
    seat: int
    card: str


@dataclass(frozen=True)
class PartnerRevealed(Event):
    """The called card was played: ``seat`` is the partner (``alone`` when the caller held it)."""

    KIND = "partner_revealed"
    seat: int
    caller: int
    alone: bool
