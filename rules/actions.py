"""Actions shared by the engines, their record (JSON) and text forms, and the engines' errors."""

from __future__ import annotations

import reprlib
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from rules.cards import SUITS, Card

_BRIEF = reprlib.Repr()
_BRIEF.maxlevel, _BRIEF.maxstring, _BRIEF.maxother = 3, 40, 40
_BRIEF.maxlist = _BRIEF.maxtuple = _BRIEF.maxdict = _BRIEF.maxset = 6
MAX_BID = 10**6
"""Largest points bid a record entry may hold (real ones are at most 120)."""


def brief(value: object) -> str:
    """A short repr of a value from a record or a command line, safe for any size or depth."""
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 128:
        return f"an integer of about {value.bit_length() * 3 // 10} digits"
    try:
        return _BRIEF.repr(value)
    except (ValueError, RecursionError):
        return f"a {type(value).__name__}"


def N_(message: str) -> str:
    """Marks a text for Babel's extraction and returns it unchanged; the front ends translate it."""
    return message


class RulesError(ValueError):
    """Base of the errors a player or a record can cause; the message is meant for a person.

    ``template`` is the English text, with ``{named}`` fields filled from ``fields``; a template marked with
    ``N_`` is in the catalogues, and ``bot.names.error_text`` shows it in the reader's language. ``str(e)``
    is the English text."""

    def __init__(self, template: str, /, **fields: object) -> None:
        self.template = template
        self.fields = fields
        super().__init__(template.format(**fields) if fields else template)

    def __reduce__(self) -> tuple[Any, ...]:
        return (_rebuild, (type(self), self.template, self.fields))


class IllegalAction(RulesError):
    """An action that is not allowed now; the state is unchanged."""


class OptionError(RulesError):
    """An unknown option, a bad value, or a value that does not fit the player count."""


KINDS = ("play", "exchange", "bid", "pass", "trump", "discard", "call")


@dataclass(frozen=True, slots=True)
class Action:
    """One player action. Build it with the class methods: ``Action.play(card)``, ``Action.bid("3")``...

    - ``play``: ``card``; in Cicera also ``take`` (the captured table cards, ``()`` to place the card); in
      Tressette a lead may carry a ``signal`` (``busso``, ``striscio``, ``volo``), part of the same action.
    - ``exchange`` (Briscola): ``card`` is the 7 or 2 of trumps given for the face-up briscola.
    - ``bid`` (Chiamata): ``bid`` is a rank string (``"3"``), ``"2:N"``, or an int in points mode.
    - ``pass``; ``trump``: ``suit``; ``discard``: ``cards``; ``call``: ``card``.
    """

    kind: str
    card: Card | None = None
    cards: tuple[Card, ...] = ()
    take: tuple[Card, ...] | None = None
    bid: str | int | None = None
    suit: str | None = None
    signal: str | None = None

    @classmethod
    def play(cls, card: Card | str | int, take: Iterable[Card | str | int] | None = None,
             signal: str | None = None) -> Action:
        """Play a card (Cicera: with the captured cards, or ``()`` to place it; Tressette: a lead with a
        ``signal``)."""
        t = None if take is None else tuple(sorted(_card(c) for c in take))
        return cls("play", card=_card(card), take=t, signal=signal)

    @classmethod
    def exchange(cls, card: Card | str | int) -> Action:
        """Briscola: give the 7 or 2 of trumps for the face-up briscola."""
        return cls("exchange", card=_card(card))

    @classmethod
    def make_bid(cls, bid: str | int) -> Action:
        """Chiamata: a bid (rank string, ``"2:N"`` or points)."""
        return cls("bid", bid=bid)

    @classmethod
    def pass_(cls) -> Action:
        """Chiamata: pass (final)."""
        return PASS

    @classmethod
    def declare_trump(cls, suit: str) -> Action:
        """Chiamata with kitty: the caller declares the trump suit."""
        return cls("trump", suit=suit)

    @classmethod
    def discard(cls, cards: Iterable[Card | str | int]) -> Action:
        """Chiamata with kitty: the caller discards cards face down."""
        return cls("discard", cards=tuple(sorted(_card(c) for c in cards)))

    @classmethod
    def call(cls, card: Card | str | int) -> Action:
        """Chiamata: the caller calls a card."""
        return cls("call", card=_card(card))

    def to_json(self, seat: int) -> dict[str, Any]:
        """The record entry for this action taken by ``seat``."""
        d: dict[str, Any] = {"seat": seat}
        k = self.kind
        if k == "play":
            d["play"] = str(self.card)
            if self.take is not None:
                d["take"] = [str(c) for c in self.take]
            if self.signal is not None:
                d["signal"] = self.signal
        elif k in ("exchange", "call"):
            d[k] = str(self.card)
        elif k == "bid":
            d["bid"] = self.bid
        elif k == "pass":
            d["pass"] = True
        elif k == "trump":
            d["trump"] = self.suit
        elif k == "discard":
            d["discard"] = [str(c) for c in self.cards]
        return d

    @classmethod
    def from_json(cls, entry: dict[str, Any]) -> Action | None:
        """The action of a record entry; ``None`` for informational entries (``timeout``, ``leave``)."""
        if not isinstance(entry, dict):
            raise RulesError(f"record entry is not an object: {brief(entry)}")
        try:
            if "play" in entry:
                take = entry.get("take")
                if take is not None and not isinstance(take, list):
                    raise RulesError(f"take must be a list of cards, not {brief(take)}")
                signal = entry.get("signal")
                if signal is not None and not isinstance(signal, str):
                    raise RulesError(f"signal must be a word, not {brief(signal)}")
                return cls.play(entry["play"], take, signal)
            if "exchange" in entry:
                return cls.exchange(entry["exchange"])
            if "bid" in entry:
                b = entry["bid"]
                if isinstance(b, bool) or not isinstance(b, (str, int)) or isinstance(b, int) and abs(b) > MAX_BID:
                    raise RulesError(f"bad bid {brief(b)}")
                return cls.make_bid(b)
            if entry.get("pass"):
                return PASS
            if "trump" in entry:
                if not isinstance(entry["trump"], str):
                    raise RulesError(f"trump must be a suit letter, not {brief(entry['trump'])}")
                return cls.declare_trump(entry["trump"])
            if "discard" in entry:
                if not isinstance(entry["discard"], list):
                    raise RulesError(f"discard must be a list of cards, not {brief(entry['discard'])}")
                return cls.discard(entry["discard"])
            if "call" in entry:
                return cls.call(entry["call"])
        except RulesError:
            raise
        except ValueError as e:
            raise RulesError(f"bad record entry {brief(entry)}: {e}") from None
        if entry.get("timeout") or entry.get("leave"):
            return None
        raise RulesError(f"unknown record entry {brief(entry)}")

    @classmethod
    def parse(cls, text: str) -> Action:
        """Parse the text form used by the terminal and logs: ``play Ad``, ``play 7s take 3d 4b``,
        ``play 7s place``, ``play 3d busso`` (a lead with a signal), ``exchange 7d``, ``bid 3``, ``bid 2:70``,
        ``bid 75``, ``pass``, ``trump d``, ``discard 4b 5b 6b 2c 4c``, ``call 3d``."""
        words = text.split()
        if not words:
            raise RulesError(N_("empty action"))
        k, rest = words[0].lower(), words[1:]
        try:
            if k == "play" and rest:
                if len(rest) >= 2 and rest[1].lower() == "take":
                    return cls.play(rest[0], rest[2:])
                if len(rest) == 2 and rest[1].lower() == "place":
                    return cls.play(rest[0], ())
                if len(rest) == 2 and rest[1].isalpha() and len(rest[1]) > 2:  # a word, not a card
                    return cls.play(rest[0], signal=rest[1].lower())
                if len(rest) == 1:
                    return cls.play(rest[0])
            elif k in ("exchange", "call") and len(rest) == 1:
                return cls.exchange(rest[0]) if k == "exchange" else cls.call(rest[0])
            elif k == "bid" and len(rest) == 1:
                b = rest[0]
                return cls.make_bid(int(b) if b.isdigit() and b != "2" and len(b) > 1 else b.upper())
            elif k == "pass" and not rest:
                return PASS
            elif k == "trump" and len(rest) == 1 and len(rest[0]) == 1 and rest[0].lower() in SUITS:
                return cls.declare_trump(rest[0].lower())
            elif k == "discard" and rest:
                return cls.discard(rest)
        except ValueError as e:
            raise RulesError(N_("cannot read {text}: {problem}"), text=repr(text), problem=e) from None
        raise RulesError(N_("cannot read {text} as an action"), text=repr(text))

    def __str__(self) -> str:
        k = self.kind
        if k == "play":
            if self.signal is not None:
                return f"play {self.card} {self.signal}"
            if self.take is None:
                return f"play {self.card}"
            if not self.take:
                return f"play {self.card} place"
            return f"play {self.card} take " + " ".join(str(c) for c in self.take)
        if k in ("exchange", "call"):
            return f"{k} {self.card}"
        if k == "bid":
            return f"bid {self.bid}"
        if k == "trump":
            return f"trump {self.suit}"
        if k == "discard":
            return "discard " + " ".join(str(c) for c in self.cards)
        return k


PASS = Action("pass")


def _rebuild(cls: type[RulesError], template: str, fields: dict[str, object]) -> RulesError:
    """A ``RulesError`` of ``cls`` again (unpickling: the AI's process pool sends errors back)."""
    return cls(template, **fields)


def _card(c: Card | str | int) -> Card:
    if isinstance(c, Card):
        return c
    if isinstance(c, str):
        return Card.parse(c)
    if isinstance(c, int) and not isinstance(c, bool):
        return Card(c)
    raise ValueError(f"not a card: {brief(c)}")
