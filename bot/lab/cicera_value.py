"""Cicera's learned leaf value, a lab experiment: a linear model of what a position is worth, fitted on the
search's own games (``python -m bot train --game cicera``, ``bot.lab.train_cicera``). No shipped agent reads it:
the search with this value at its horizon was measured no better than ``hard``'s hand-made estimate
(docs/AI.md, docs/lab/JOURNAL.md).

``features(r)`` describes a ``CiceraRound`` from team 0's side, each feature changing sign when the two teams
swap: the hand-made estimate of ``rules.ai.cicera.estimate``, the awards as the piles stand and how much of
the deal is left to change them, the scoring cards taken, and what the table offers the seat to move (its
cards, specials and swords, whether one card clears it, what the last capturer would collect at the end). It
reads no hand: in the search's sampled deals the hands are guesses, and the features that read them (who holds
the specials, the swords, the best capture of the seat to move) fitted better and played worse.
``value(r, w)`` is the expected final score difference (team 0 less team 1): the features times ``w``.
"""

from __future__ import annotations

from rules.ai.cicera.counting import A23, SPECIALS, run_length
from rules.cards import CICERA_VALUE
from rules.games.cicera.round import CiceraRound
from rules.games.cicera.rules import SWORDS

VERSION = "cicera-1"
"""The feature encoding; a weights file names the one it was fitted on."""
FEATURES = (
    "estimate", "bonus", "cards_decided", "cards_lead", "cards_lead_open", "swords_decided", "swords_lead",
    "swords_lead_open", "specials_piles", "napula_run", "napula_one", "napula_two", "mover", "mover_open",
    "table_specials", "table_swords", "table_cards", "table_clear", "leftover",
)
DEAL_CARDS = 48
"""Cards dealt to the hands: the share still in hands is how much of the deal is left."""


def _sign(team: int | None) -> int:
    return 0 if team is None else (1 if team == 0 else -1)


def features(r: CiceraRound, estimate: float) -> list[float]:
    """The features of a round that is not over, from team 0's side; ``estimate`` is the hand-made estimate
    of the same round (``rules.ai.cicera.estimate``, passed in: the search has it already)."""
    seat = r._to_move
    assert seat is not None, "a finished deal is scored exactly, not estimated"
    s = _sign(seat % 2)
    p0, p1 = r.piles
    n0, n1 = len(p0), len(p1)
    left = sum(len(h) for h in r.hands)
    open_share = left / DEAL_CARDS
    f = [estimate, float(sum(r.bonus[0]) - sum(r.bonus[1]))]
    if n0 >= 27 or n1 >= 27:
        f += [1.0 if n0 >= 27 else -1.0, 0.0, 0.0]
    else:
        lead = max(-1.0, min(1.0, (n0 - n1) / 10))
        f += [0.0, lead, lead * open_share]
    sw0 = {c for c in p0 if c // 13 == SWORDS}
    sw1 = {c for c in p1 if c // 13 == SWORDS}
    if len(sw0) >= 7 or len(sw1) >= 7:
        f += [1.0 if len(sw0) >= 7 else -1.0, 0.0, 0.0]
    else:
        lead = max(-1.0, min(1.0, (len(sw0) - len(sw1)) / 5))
        f += [0.0, lead, lead * open_share]
    f.append(float(len(SPECIALS.intersection(p0)) - len(SPECIALS.intersection(p1))))
    k0, k1 = len(A23 & sw0), len(A23 & sw1)
    run = one = two = 0.0
    if k0 == 3:
        run = float(run_length(sw0))
    elif k1 == 3:
        run = -float(run_length(sw1))
    elif not k1:
        one, two = float(k0 == 1), float(k0 == 2)
    elif not k0:
        one, two = -float(k1 == 1), -float(k1 == 2)
    f += [run, one, two]
    table = r.table
    n = len(table)
    t_specials = sum(1 for c in table if c in SPECIALS)
    t_swords = sum(1 for c in table if c // 13 == SWORDS)
    total = sum(CICERA_VALUE[c] for c in table)
    courts = sum(1 for c in table if not CICERA_VALUE[c])
    clear = n == 1 or (n > 1 and not courts and total <= 10)
    last = _sign(None if r._last_capturer is None else r._last_capturer % 2)
    f += [float(s), s * open_share, float(s * t_specials), s * t_swords / 3, s * n / 4, float(s * clear),
          last * n / 4 * (1 - open_share)]
    return f


def value(r: CiceraRound, estimate: float, weights: tuple[float, ...]) -> float:
    """The expected final score difference (team 0 less team 1) of a round that is not over."""
    return sum(w * x for w, x in zip(weights, features(r, estimate), strict=True))
