"""Briscola Chiamata's own events (the auction, the caller's choices, the partner coming to light) and its
round result."""

from __future__ import annotations

from dataclasses import dataclass

from rules.events import Event
from rules.results import RoundResult, omitted_when_none

__all__ = [
    "AuctionWon", "Bid", "Called", "ChiamataResult", "Discarded", "PartnerRevealed", "Pass", "PassedOut", "TrumpChosen",
]


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


@dataclass(frozen=True)
class ChiamataResult(RoundResult):
    """A scored Chiamata round: card points per seat (the kitty's discards count for the caller), game points
    per seat, the called card and the caller's side's points, the caller, the partner (``None``: the caller
    played alone), the target and whether it was made. A passed-out round has no caller and ``passed_out``."""

    card_points: tuple[int, ...]
    game_points: tuple[int, ...]
    called: str | None = omitted_when_none()
    caller_side_points: int | None = omitted_when_none()
    caller: int | None = None
    partner: int | None = None
    target: int | None = None
    success: bool | None = None
    passed_out: bool | None = omitted_when_none()
