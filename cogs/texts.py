"""Every text the Discord front end shows, in one place (English source strings, translated with gettext).

``t(key, **fields)`` returns the text of ``key`` with its fields filled in, translated by ``bot.i18n`` when a
catalogue has it (the Italian one: ``bot/locale/it/LC_MESSAGES/tavolo.po``, keyed by these English texts), in
the language of the context (the guild's, set by the hub for each interaction and table event). Card, game,
option and level names are here too. The ``RULES`` of ``/rules`` (in ``bot.rules_text``) are not translated yet.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping

from bot.i18n import gettext
from bot.rules_text import RULES  # noqa: F401  (re-exported: cogs.rules_text reads it here)
from rules import games
from rules.cards import FRENCH_RANKS, FRENCH_SUITS, SUIT_NAMES, Card

log = logging.getLogger(__name__)

TEXTS: dict[str, str] = {
    # ----- games and general -----
    "game.briscola": "Briscola",
    "game.chiamata": "Briscola Chiamata",
    "game.cicera": "Cicera",
    "not_ready": "Tavolo is starting or restarting; try again in a moment.",
    "guild_only": "Tables are played in a server channel, not in direct messages.",
    "error": "Something went wrong on my side; nothing changed. Try again in a moment.",
    "players_n": "{n} players",
    "table_n": "table {id}",
    "seat.ai": "AI {n} ({level})",
    "seat.away": "{name} (AI)",
    "bid.points": "{points} points",
    "bid.two_for": "2 for {points}",
    # ----- lobby -----
    "lobby.title": "{game} · {players}",
    "lobby.host": "Hosted by {host}. Join, then the host starts; empty seats go to the AI ({level}).",
    "lobby.seats": "Seats",
    "lobby.free": "— free —",
    "lobby.options": "Options",
    "lobby.footer": "Table {id}",
    "lobby.cancelled": "{game}: the table was closed.",
    "lobby.join": "Join",
    "lobby.leave": "Leave",
    "lobby.start": "Start",
    "lobby.cancel": "Cancel",
    "lobby.ai_placeholder": "Add an AI player (host)…",
    "lobby.ai_add": "Add an AI: {level}",
    "lobby.ai_remove": "Remove the last AI added",
    "lobby.joined": "You sit at table {id}.",
    "lobby.left": "You left table {id}.",
    "lobby.closed_by_leaving": "You left and the table closed: nobody else was seated.",
    "lobby.started_elsewhere": "That table has started already.",
    # ----- the table message -----
    "table.head": "**{game}** · table {id}{round}",
    "table.round": " · round {n}",
    "table.your_turn": "{mention}, your turn.",
    "table.your_bid": "{mention}, your turn to bid.",
    "table.caller_turn": "{mention}, you won the auction: {what}.",
    "table.caller_trump": "declare the trump suit",
    "table.caller_discard": "discard five cards",
    "table.caller_call": "call a card",
    "table.deadline": "Time runs out {when}.",
    "table.ai_turn": "{name} is playing…",
    "table.waiting": "Waiting for {name}.",
    "table.my_hand": "My hand",
    "table.over": "The game is over. {result}",
    "table.aborted": "**{game}** · table {id}: the game was stopped before the end; it is not rated.",
    "table.auction": "Auction: {bids}.",
    "table.auction_none": "Auction: no bid yet.",
    "table.bid_by": "{name} bids {bid}",
    "table.pass_by": "{name} passes",
    "table.caller": "{name} won the auction with {bid} (target {target}).",
    "table.called": "Called card: **{card}** (trump {suit}); the partner is secret until it is played.",
    "table.partner": "Called card: **{card}**. Partnership revealed: **{caller}** with **{partner}**.",
    "table.alone": "Called card: **{card}**, in the caller's hand: **{caller}** plays alone.",
    "table.passed_out": "Everyone passed: the cards are dealt again.",
    "table.timer_warning": "{mention}: {seconds} s left for your turn.",
    "table.timeout": "{name}'s time ran out; the AI played for them.",
    "table.seat_to_ai_left": "{name} left; the AI plays their seat.",
    "table.seat_to_ai_timeouts": "{name}'s turn timed out three times in a row; the AI plays their seat now.",
    "table.threads_open": "Team threads are open: {threads}. Table talk: talk strategy, never name exact cards.",
    "table.threads_forbidden": "I may not open private threads in this channel, so there are no team threads; "
                               "play goes on.",
    "table.threads_unsupported": "Private threads cannot be opened in this kind of channel, so there are no team "
                                 "threads; play goes on.",
    "table.storage_error": "A save failed ({reason}); the table is as it was. Play goes on.",
    "table.storage_gave_up": "Saving failed {tries} times ({reason}). The game is kept as last saved and goes on "
                             "when the database works again (at the latest when the bot restarts).",
    "table.result_winners": "Winners: {names}.",
    "table.result_draw": "A draw.",
    "table.summary_round": "{game} · table {id}: round {n} is over.",
    "table.summary_match": "{game} · table {id}: the game is over. {result}",
    "table.rematch": "Rematch",
    "table.rating": "{name}: rating {before} → {after}",
    # ----- the hand -----
    "hand.title": "**Your hand** · {game}, table {id}.",
    "hand.your_turn": "Your turn: choose below.",
    "hand.not_your_turn": "Not your turn: {name} is to play.",
    "hand.over": "The game is over.",
    "hand.partner": "You hold the called card **{card}**: you are the caller's secret partner.",
    "hand.exchange": "Exchange {card} for the face-up card",
    "hand.pass": "Pass",
    "hand.bid_rank": "Bid {rank}",
    "hand.bid_points_placeholder": "Bid a points target…",
    "hand.bid_points": "{points} points",
    "hand.bid_two_points": "2 with a target of {points}",
    "hand.trump": "Trump: {suit}",
    "hand.discard_placeholder": "Choose the five cards to discard…",
    "hand.call": "Call {card}",
    "hand.call_placeholder": "Call a card of {suit}…",
    # ----- hand controls -----
    "hand.bid_rank_placeholder": "Bid a rank…",
    "hand.call_suits_placeholder": "Call: {suits}…",
    "hand.capture_placeholder": "Capture with…",
    "hand.capture_option": "{card} → {cards}",
    "hand.place_option": "{card} → place it",
    "hand.capture_page": "More captures ({page}/{pages})",
    # ----- click errors -----
    "click.no_table": "That table is closed or over.",
    "click.not_seated": "You are not seated at this table.",
    "click.not_started": "The game has not started yet.",
    "click.over": "The game is over.",
    "click.not_your_turn": "It is not your turn: {name} is to play.",
    "click.card_gone": "You no longer hold {card}.",
    "click.stale": "That hand is out of date; press **My hand** on the table for the current one.",
    "click.not_host": "Only the host can do that.",
    "click.ai_plays": "The AI plays your seat now.",
    "click.elsewhere": "That button belongs to a table in another channel; nothing changed.",
    # ----- threads -----
    "thread.name": "Tavolo {id} · {side}",
    "thread.side": "team {n}",
    "thread.reminder": "{mentions}: your team's private thread for table {id}. Table talk rule: talk strategy "
                       "freely, but never name the exact cards you hold. It is archived when the game ends.",
    # ----- /table -----
    "cmd.no_table_here": "You are not at a table in this channel.",
    "cmd.left_game": "You left table {id}; the AI plays your seat.",
    "cmd.aborted": "Table {id} was stopped.",
    "cmd.no_table_found": "There is no open table in this channel.",
    # ----- standings -----
    "lb.title": "{game} · leaderboard",
    "lb.empty": "Nobody is ranked in {game} on this server yet.",
    "lb.row": "**{rank}.** {name} · rating {rating:.1f} · {games} games, {wins} won{streak}",
    "lb.streak": " · streak {streak}",
    "lb.footer": "Page {page} of {pages} · {total} players",
    "lb.prev": "Previous",
    "lb.next": "Next",
    "lb.bad_page": "That leaderboard page does not exist; /leaderboard shows the current one.",
    "stats.title": "{name} · statistics",
    "stats.none": "{name} has not finished a game on this server yet.",
    "stats.game": "rating {rating:.1f} (rank {rank}) · {games} games: {wins} won, {draws} drawn, {losses} lost · "
                  "best streak {best}",
    "stats.recent": "Last games",
    "stats.recent_row": "{game}, {players} players: {outcome} ({points:+d})",
    "outcome.win": "won",
    "outcome.loss": "lost",
    "outcome.draw": "drawn",
    # ----- settings -----
    "settings.title": "Tavolo settings for this server",
    "settings.language": "Language",
    "settings.defaults": "Default options",
    "settings.channels": "Channels where tables open",
    "settings.all_channels": "every channel",
    "settings.none": "none",
    "settings.saved": "Saved.",
    "settings.reset_confirm": "Reset the leaderboard of this server for {game}? Every rating and streak is erased.",
    "settings.reset_yes": "Yes, reset it",
    "settings.reset_done": "Leaderboard reset: {n} standings erased.",
    "settings.all_games": "every game",
    "settings.bad_option": "{game} has no option {option}.",
    "settings.bad_value": "Option {option} of {game} takes one of: {values}.",
    "settings.need_manage": "Only members with Manage Server can change Tavolo's settings.",
}

# ----- v2: the messages in Components V2 (the state of the table as text, summaries, long games) -----
TEXTS.update({
    "status.trump": "Trump: **{suit}**",
    "status.trump_face_up": "Trump: **{suit}** · face-up under the stock: {card}",
    "status.trump_drawn": "Trump: **{suit}** · the face-up card was drawn by {name}",
    "status.stock": "Stock: **{n}** cards",
    "status.stock_empty": "Stock: empty (the last cards are in the hands)",
    "status.points": "Points this round: {points}",
    "status.last_trick": "Last trick to **{name}**: {cards} ({points} points)",
    "status.score": "Match score: {score}",
    "status.team": "{team}: **{bonus}** bonus points{detail} · {cards} cards taken",
    "status.bonus.scua": "scua",
    "status.bonus.picada": "picada",
    "status.bonus.simili": "simili",
    "status.bonus.quadriglia": "quadriglia",
    "status.last_capture": "Last capture: **{name}** took {cards} with {card}{bonuses}",
    "summary.card_points": "Card points: {points}",
    "summary.score": "Score of the deal: {score}",
    "table.moved": "This table moved to a newer message below.",
    "table.hand_expired": "{mentions}: your hand message can no longer be refreshed; press **My hand** for a "
                          "fresh one.",
    "status.in_play": "On the table: {cards}",
})

GAME_NAMES = games.names()
"""The registered games, in the order the commands offer them."""
SUIT_LABEL = {"d": "Denari", "c": "Coppe", "s": "Spade", "b": "Bastoni"}
RANK_WORD = {"A": "Asso", "F": "Fante", "C": "Cavallo", "R": "Re", "X": "10"}
LEVEL_NAMES = {"easy": "easy", "medium": "medium", "hard": "hard", "greedy": "greedy", "random": "random"}

OPTION_LABELS: dict[str, str] = {
    "match": "match",
    "teams": "teams",
    "faces": "card faces",
    "show_points": "show points",
    "open": "open hands",
    "trump_exchange": "trump exchange",
    "high_score_bonus": "high score bonus",
    "conquest": "conquest",
    "autoplay_last": "autoplay last trick",
    "team_chat": "team threads",
    "partner_hand": "partner's hand",
    "turn_timer": "turn timer",
    "bidding": "bidding",
    "kitty": "kitty",
}

VALUE_LABELS: dict[str, str] = {
    "on": "on",
    "off": "off",
    "italian": "italian",
    "french": "french",
    "rank": "rank",
    "points": "points",
    "single": "one round",
    "short": "short",
    "long": "long",
    "after_first_trick": "after the first trick",
    "after_first_round": "after the first round",
    "random": "random",
    "21": "to 21",
    "31": "to 31",
    "51": "to 51",
}


def t(key: str, language: str | None = None, **fields: object) -> str:
    """The text of ``key``, translated, with ``fields`` filled in."""
    text = gettext(TEXTS[key], language)
    return text.format(**fields) if fields else text


def game_name(game: str, language: str | None = None) -> str:
    """A game's display name."""
    return t(f"game.{game}", language)


def card_name(card: Card | str, faces: str = "italian") -> str:
    """A card as text: ``Asso di Denari`` (Italian faces) or ``A♦`` (French faces)."""
    c = Card.parse(card) if isinstance(card, str) else card
    rank, suit = c.rank, c.suit
    if faces == "french":
        return f"{FRENCH_RANKS.get(rank, rank)}{FRENCH_SUITS[suit]}"
    return f"{RANK_WORD.get(rank, rank)} di {SUIT_LABEL[suit]}"


def suit_name(suit: str, faces: str = "italian") -> str:
    """A suit as text."""
    return FRENCH_SUITS[suit] if faces == "french" else SUIT_NAMES[suit]


def option_value(value: object) -> str:
    """An option value as shown (translated)."""
    if isinstance(value, int) and not isinstance(value, bool):
        return f"{value} s"
    text = str(value)
    return gettext(VALUE_LABELS.get(text, text))


def options_line(options: Mapping[str, object]) -> str:
    """A table's options in one line: ``match: one round · card faces: italian · ...`` (translated)."""
    return " · ".join(f"{gettext(OPTION_LABELS.get(k, k))}: {option_value(v)}" for k, v in options.items())


def bid_text(bid: object) -> str:
    """A Chiamata bid as shown: ``3``, ``2 for 70``, ``75 points`` (translated)."""
    if isinstance(bid, int) and not isinstance(bid, bool):
        return t("bid.points", points=bid)
    text = str(bid)
    if text.startswith("2:"):
        return t("bid.two_for", points=text[2:])
    return text


# ----- hand controls -----
def rank_name(rank: str, faces: str = "italian") -> str:
    """A rank as text, as ``card_name`` names it: ``Re``, ``Cavallo``, ``Asso``, ``7`` (Italian faces) or
    ``K``, ``Q``, ``A`` (French faces)."""
    if faces == "french":
        return FRENCH_RANKS.get(rank, rank)
    return RANK_WORD.get(rank, rank)
