"""Every text the Discord front end shows, in one place (English source strings, translated with gettext).

``t(key, **fields)`` returns the text of ``key`` with its fields filled in, translated by ``bot.i18n`` (the
catalogues ``bot/locale/<lang>/LC_MESSAGES/tavolo.po``, keyed by these English texts, marked with ``N_`` for
Babel) in the language of the context (the member's for what only they see, the guild's for public messages:
``cogs.play.languages``). Card, game, option and level names are here too; counted texts in ``PLURALS``.
"""

from __future__ import annotations

import logging

from bot.i18n import N_, NC_, NP_, gettext, ngettext, pgettext

# the names' texts, re-exported (``X as X``): the cogs read them here
from bot.names import LEVEL_NAMES as LEVEL_NAMES
from bot.names import OPTION_LABELS as OPTION_LABELS
from bot.names import VALUE_LABELS as VALUE_LABELS
from bot.names import level_name as level_name
from bot.names import option_label as option_label
from bot.names import option_value as option_value
from bot.names import options_line as options_line
from rules import games
from rules.cards import FRENCH_RANKS, FRENCH_SUITS, Card

log = logging.getLogger(__name__)

TEXTS: dict[str, str] = {
    # ----- games and general -----
    "not_ready": N_("Tavolo is starting or restarting; try again in a moment."),
    "guild_only": N_("Tables are played in a server channel, not in direct messages."),
    "error": N_("Something went wrong on my side; nothing changed. Try again in a moment."),
    "table_n": N_("table {id}"),
    "seat.ai": N_("AI {n}"),
    "lobby.ai_seat": N_("AI {n} ({level})"),
    "seat.away": N_("{name} (AI)"),
    "bid.two_for": N_("2 for {points}"),
    # ----- lobby -----
    "lobby.title": N_("{game} · {players}"),
    "lobby.host": N_("Hosted by {host}. Join, then the host starts; empty seats go to the AI ({level})."),
    "lobby.seats": N_("Seats"),
    "lobby.free": N_("— free —"),
    "lobby.options": N_("Options"),
    "lobby.footer": N_("Table {id}"),
    "lobby.cancelled": N_("{game}: the table was closed."),
    "lobby.join": N_("Join"),
    "lobby.leave": N_("Leave"),
    "lobby.start": N_("Start"),
    "lobby.cancel": N_("Cancel"),
    "lobby.ai_placeholder": N_("Add an AI player (host)…"),
    "lobby.ai_add": N_("Add an AI: {level}"),
    "lobby.ai_remove": N_("Remove the last AI added"),
    "lobby.joined": N_("You sit at table {id}."),
    "lobby.left": N_("You left table {id}."),
    "lobby.closed_by_leaving": N_("You left and the table closed: nobody else was seated."),
    "lobby.started_elsewhere": N_("That table has started already."),
    # ----- the table message -----
    "table.head": N_("**{game}** · table {id}{round}"),
    "table.round": N_(" · round {n}"),
    "table.your_turn": N_("{mention}, your turn."),
    "table.your_bid": N_("{mention}, your turn to bid."),
    "table.caller_turn": N_("{mention}, you won the auction: {what}."),
    "table.caller_trump": N_("declare the trump suit"),
    "table.caller_discard": N_("discard five cards"),
    "table.caller_call": N_("call a card"),
    "table.deadline": N_("Time runs out {when}."),
    "table.ai_turn": N_("{name} is playing…"),
    "table.waiting": N_("Waiting for {name}."),
    "table.my_hand": N_("My hand"),
    "table.over": N_("The game is over. {result}"),
    "table.aborted": N_("**{game}** · table {id}: the game was stopped before the end; it is not rated."),
    "table.auction": N_("Auction: {bids}."),
    "table.auction_none": N_("Auction: no bid yet."),
    "table.bid_by": N_("{name} bids {bid}"),
    "table.pass_by": N_("{name} passes"),
    "table.bid_by_you": N_("you bid {bid}"),
    "table.pass_by_you": N_("you pass"),
    "table.caller": N_("{name} won the auction with {bid} (target {target})."),
    "table.teams_mark": N_("In the picture, blue bars mark {first}, orange bars {second}."),
    "table.caller_mark": N_("In the picture, a gold bar marks the caller's place."),
    "table.sides_mark": N_("In the picture, gold bars mark the caller's side, blue bars the other."),
    "table.called": N_("Called card: **{card}** (trump {suit}); the partner is secret until it is played."),
    "table.partner": N_("Called card: **{card}**. Partnership revealed: **{caller}** with **{partner}**."),
    "table.alone": N_("Called card: **{card}**, in the caller's hand: **{caller}** plays alone."),
    "table.passed_out": N_("Everyone passed: the cards are dealt again."),
    "table.timer_warning": N_("{mention}: {seconds} s left for your turn."),
    "table.timeout": N_("{name}'s time ran out; the AI played for them."),
    "table.seat_to_ai_left": N_("{name} left; the AI plays their seat."),
    "table.seat_to_ai_timeouts": N_("{name}'s turn timed out three times in a row; the AI plays their seat now."),
    "table.threads_open": N_("Team threads are open: {threads}. Table talk: talk strategy, never name exact cards."),
    "table.threads_forbidden": N_("I may not open private threads in this channel, so there are no team threads; "
                               "play goes on."),
    "table.threads_unsupported": N_("Private threads cannot be opened in this kind of channel, so there are no team "
                                 "threads; play goes on."),
    "table.storage_error": N_("A save failed ({reason}); the table is as it was. Play goes on."),
    "table.storage_gave_up": N_("Saving failed {tries} times ({reason}). The game is kept as last saved and goes on "
                             "when the database works again (at the latest when the bot restarts)."),
    "table.result_winners": N_("Winners: {names}."),
    "table.result_draw": N_("A draw."),
    "table.summary_round": N_("{game} · table {id}: round {n} is over."),
    "table.summary_match": N_("{game} · table {id}: the game is over. {result}"),
    "table.rematch": N_("Rematch"),
    "table.review": N_("Review my play"),
    "table.replay": N_("Replay"),
    "table.rating": N_("{name}: rating {before} → {after}"),
    "table.rating_first": N_("{name}: rating {after}, the first game"),
    "table.updated": N_("Updated {when}."),
    # ----- the hand -----
    "hand.title": N_("**Your hand** · {game}, table {id}."),
    "hand.alt": N_("Your cards: {cards}"),
    "hand.trump_mark": N_("In the picture, your trumps have a gold number and a star."),
    "hand.your_turn": N_("Your turn: choose below."),
    "hand.not_your_turn": N_("Not your turn: {name} is to play."),
    "hand.over": N_("The game is over."),
    "hand.partner": N_("You hold the called card **{card}**: you are the caller's secret partner."),
    "hand.exchange": N_("Exchange {card} for the face-up card"),
    "hand.hint": N_("Hint"),
    "hand.pass": N_("Pass"),
    "hand.bid_rank": N_("Bid {rank}"),
    "hand.bid_points_placeholder": N_("Bid a points target…"),
    "hand.bid_two_points": N_("2 with a target of {points}"),
    "hand.trump": N_("Trump: {suit}"),
    "hand.discard_placeholder": N_("Choose the five cards to discard…"),
    "hand.call": N_("Call {card}"),
    "hand.call_placeholder": N_("Call a card of {suit}…"),
    # ----- hand controls -----
    "hand.bid_rank_placeholder": N_("Bid a rank…"),
    "hand.call_suits_placeholder": N_("Call: {suits}…"),
    "hand.capture_placeholder": N_("Capture with…"),
    "hand.capture_option": N_("{card} → {cards}"),
    "hand.place_option": N_("{card} → place it"),
    "hand.capture_page": N_("More captures ({page}/{pages})"),
    # ----- click errors -----
    "click.no_table": N_("That table is closed or over."),
    "click.not_seated": N_("You are not seated at this table."),
    "click.not_started": N_("The game has not started yet."),
    "click.over": N_("The game is over."),
    "click.not_your_turn": N_("It is not your turn: {name} is to play."),
    "click.card_gone": N_("You no longer hold {card}."),
    "click.stale": N_("That hand is out of date; press **My hand** on the table for the current one."),
    "click.not_host": N_("Only the host can do that."),
    "click.ai_plays": N_("The AI plays your seat now."),
    "click.elsewhere": N_("That button belongs to a table in another channel; nothing changed."),
    # ----- threads -----
    "thread.name": N_("Tavolo {id} · {side}"),
    "thread.side": N_("team {n}"),
    "thread.reminder": N_("{mentions}: your team's private thread for table {id}. Table talk rule: talk strategy "
                       "freely, but never name the exact cards you hold. It is archived when the game ends."),
    # ----- /table -----
    "cmd.no_table_here": N_("You are not at a table in this channel."),
    "cmd.left_game": N_("You left table {id}; the AI plays your seat."),
    "cmd.aborted": N_("Table {id} was stopped."),
    "cmd.no_table_found": N_("There is no open table in this channel."),
    # ----- standings -----
    "lb.title": N_("{game} · leaderboard"),
    "lb.empty": N_("Nobody is ranked in {game} on this server yet."),
    "lb.row": N_("**{rank}.** {name} · rating {rating} · {games}{streak}"),
    "lb.title_all": N_("Leaderboard"),
    "lb.empty_all": N_("Nobody is ranked on this server yet: finish a game to be."),
    "lb.game_more": N_("/leaderboard with the game shows all of its players."),
    "lb.streak": N_(" · streak {streak}"),
    "lb.footer": N_("Page {page} of {pages} · {total}"),
    "lb.prev": N_("Previous"),
    "lb.next": N_("Next"),
    "lb.bad_page": N_("That leaderboard page does not exist; /leaderboard shows the current one."),
    "stats.title": N_("{name} · statistics"),
    "stats.none": N_("{name} has not finished a game on this server yet."),
    "stats.game": N_("rating {rating} (rank {rank}) · {games}: {wins} won, {draws} drawn, {losses} lost · "
                  "best streak {best}"),
    "stats.recent": N_("Last games"),
    "stats.recent_row": N_("{game}, {players}: {outcome} ({points:+d})"),
    "outcome.win": N_("won"),
    "outcome.loss": N_("lost"),
    "outcome.draw": N_("drawn"),
    # ----- settings -----
    "settings.title": N_("Tavolo settings for this server"),
    "settings.language": N_("Language"),
    "settings.defaults": N_("Default options"),
    "settings.channels": N_("Channels where tables open"),
    "settings.all_channels": N_("every channel"),
    "settings.none": N_("none"),
    "settings.saved": N_("Saved."),
    "settings.reset_confirm": N_("Reset the leaderboard of this server for {game}? Every rating and streak is erased."),
    "settings.reset_yes": N_("Yes, reset it"),
    "settings.all_games": N_("every game"),
    "settings.bad_option": N_("{game} has no option {option}."),
    "settings.bad_value": N_("Option {option} of {game} takes one of: {values}."),
    "settings.need_manage": N_("Only members with Manage Server can change Tavolo's settings."),
    "settings.language_locale": N_("the server's language in Discord"),
    "settings.clear": N_("no default (clear it)"),
    "language.saved": N_("Saved: the messages only you see are in {language} now, on every server."),
}

# ----- v2: the messages in Components V2 (the state of the table as text, summaries, long games) -----
TEXTS.update({
    "status.trump": N_("Trump: **{suit}**"),
    "status.trump_face_up": N_("Trump: **{suit}** · face-up under the stock: {card}"),
    "status.trump_drawn": N_("Trump: **{suit}** · the face-up card was drawn by {name}"),
    "status.stock_empty": N_("Stock: empty (the last cards are in the hands)"),
    "status.points": N_("Points this round: {points}"),
    "status.last_trick": N_("Last trick to **{name}**: {cards} ({points})"),
    "status.score": N_("Match score: {score}"),
    "status.team": N_("{team}: {bonus}{detail} · {cards}"),
    "status.bonus.scua": N_("scùa"),
    "status.bonus.picada": N_("picada"),
    "status.bonus.simili": N_("simili"),
    "status.bonus.quadriglia": N_("quadriglia"),
    "status.last_capture": N_("Last capture: **{name}** took {cards} with {card}{bonuses}"),
    "summary.card_points": N_("Card points: {points}"),
    "summary.score": N_("Score of the deal: {score}"),
    "table.moved": N_("This table moved to a newer message below."),
    "table.hand_expired": N_("{mentions}: your hand message can no longer be refreshed; press **My hand** for a "
                          "fresh one."),
    "status.in_play": N_("On the table: {cards}"),
})

PLURALS: dict[str, tuple[str, str]] = {
    "players_n": NP_("{n} player", "{n} players"),
    "status.stock": NP_("Stock: **{n}** card", "Stock: **{n}** cards"),
    "settings.reset_done": NP_("Leaderboard reset: {n} standing erased.", "Leaderboard reset: {n} standings erased."),
    "points_n": NP_("{n} point", "{n} points"),
    "lb.games": NP_("{n} game, {wins} won", "{n} games, {wins} won"),
    "status.bonus_points": NP_("**{n}** bonus point", "**{n}** bonus points"),
    "status.cards_taken": NP_("{n} card taken", "{n} cards taken"),
    "replay.busy_server": NP_("This server has {n} replay being drawn already; try again in a minute.",
                              "This server has {n} replays being drawn already; try again in a minute."),
}
"""The texts that count something: the form follows the field ``n`` (Russian has three forms, Korean one)."""

GAME_NAMES = games.names()
"""The registered games, in the order the commands offer them."""
CARD_NAME = NC_("card name", "{rank} di {suit}")
"""How a card is named (``msgctxt "card name"``): the English text keeps the Italian names of the Italian deck."""
SUIT_LABEL = {"d": NC_("suit in a card name", "Denari"), "c": NC_("suit in a card name", "Coppe"),
              "s": NC_("suit in a card name", "Spade"), "b": NC_("suit in a card name", "Bastoni")}
"""A suit as a card's name says it (``Asso di Denari``; a language may need another form there)."""
SUIT_WORD = {"d": NC_("suit", "Denari"), "c": NC_("suit", "Coppe"), "s": NC_("suit", "Spade"),
             "b": NC_("suit", "Bastoni")}
"""A suit on its own (``Trump: Denari``)."""
RANK_WORD = {"A": NC_("rank", "Asso"), "F": NC_("rank", "Fante"), "C": NC_("rank", "Cavallo"), "R": NC_("rank", "Re")}
def t(key: str, language: str | None = None, /, **fields: object) -> str:
    """The text of ``key``, translated, with ``fields`` filled in (a counted text takes the form for ``n``)."""
    if key in PLURALS:
        singular, plural = PLURALS[key]
        text = ngettext(singular, plural, int(fields["n"]), language)  # type: ignore[call-overload]  # fields are objects; n is a count
    else:
        text = gettext(TEXTS[key], language)
    return text.format(**fields) if fields else text


def game_name(game: str, language: str | None = None) -> str:
    """A game's display name: its spec's title, translated."""
    return gettext(games.spec(game).title, language)


def card_name(card: Card | str, faces: str = "italian") -> str:
    """A card as text: ``Asso di Denari`` (Italian faces; in the context's language: its glossary says how
    cards are named) or ``A♦`` (French faces: the index and the suit's sign, as printed on the card)."""
    c = Card.parse(card) if isinstance(card, str) else card
    rank, suit = c.rank, c.suit
    if faces == "french":
        return f"{FRENCH_RANKS.get(rank, rank)}{FRENCH_SUITS[suit]}"
    return pgettext("card name", CARD_NAME).format(rank=rank_name(rank), suit=pgettext("suit in a card name",
                                                                                         SUIT_LABEL[suit]))


def suit_name(suit: str, faces: str = "italian") -> str:
    """A suit as text (on its own: ``Trump: Denari``)."""
    return FRENCH_SUITS[suit] if faces == "french" else pgettext("suit", SUIT_WORD[suit])


def bid_text(bid: object) -> str:
    """A Chiamata bid as shown: ``3``, ``2 for 70``, ``75 points`` (translated)."""
    if isinstance(bid, int) and not isinstance(bid, bool):
        return t("points_n", n=bid)
    text = str(bid)
    if text.startswith("2:"):
        return t("bid.two_for", points=text[2:])
    return text


# ----- hand controls -----
def rank_name(rank: str, faces: str = "italian") -> str:
    """A rank as text, as ``card_name`` names it: ``Re``, ``Cavallo``, ``Asso``, ``7`` (Italian faces, translated
    as the language's glossary says) or ``K``, ``Q``, ``A`` (French faces)."""
    if faces == "french":
        return FRENCH_RANKS.get(rank, rank)
    word = RANK_WORD.get(rank)
    return pgettext("rank", word) if word is not None else "10" if rank == "X" else rank

# ----- /history: the server's recent games, paged -----
TEXTS.update({
    "hist.title": N_("Recent games"),
    "hist.title_game": N_("Recent games of {game}"),
    "hist.title_member": N_("Recent games of {name}"),
    "hist.title_both": N_("Recent games of {game} played by {name}"),
    "hist.row": N_("{date} · **{game}** · {players} · {result} · `game {id}`"),
    "hist.won_by": N_("won by {names}"),
    "hist.draw": N_("a draw"),
    "hist.empty": N_("No finished game to show here yet."),
    "hist.footer": N_("Page {page} of {pages} · {games} · a game's id names it for a replay or a review"),
    "hist.bad_page": N_("That page no longer exists; /history shows the current ones."),
    "stats.history": N_("The server's recent games: /history (with a member, theirs)."),
})
PLURALS.update({
    "hist.games_n": NP_("{n} game", "{n} games"),
})

# ----- seasons: /settings season start, /leaderboard season:, /stats -----
TEXTS.update({
    "settings.season": N_("Season"),
    "settings.season_since": N_("season {n}, since {date}"),
    "settings.season_new": N_("season {n}, no game finished yet"),
    "season.confirm": N_("Close season {n} of this server and start season {next}? The final leaderboard of each "
                         "game is kept (/leaderboard season:{n}), every rating starts again from the default, and "
                         "the podium is posted in this channel."),
    "season.yes": N_("Yes, start season {next}"),
    "season.keep": N_("No, keep season {n}"),
    "season.kept": N_("Nothing was changed: season {n} goes on."),
    "season.bad_button": N_("That button is out of date; /settings season start asks again."),
    "season.podium_title": N_("Season {n} is over: the podium"),
    "season.podium_row": N_("**{place}.** {name} · rating {rating} · {games}"),
    "season.podium_footer": N_("Season {next} starts now, with every rating from the default. "
                               "/leaderboard season:{n} shows the final leaderboards."),
    "lb.title_season": N_("{game} · leaderboard of season {n}"),
    "lb.title_all_season": N_("Leaderboard of season {n}"),
    "lb.empty_season": N_("Nobody was ranked in {game} in season {n}."),
    "lb.season_more": N_("/leaderboard with the game and the season shows all of its players."),
    "stats.seasons": N_("Past seasons"),
    "stats.season_row": N_("Season {season} · {game}: place {place} · rating {rating} · {games}"),
    "season.done": N_("Season {season} is closed and season {next} has begun: {kept}"),
})
PLURALS.update({
    "season.kept_n": NP_("{n} standing is kept in its leaderboards.", "{n} standings are kept in its leaderboards."),
})

# ----- /replay: the animated picture of a finished game -----
TEXTS.update({
    "replay.title": N_("Replay of game {id}: {game}"),
    "replay.alt": N_("An animated replay of a game of {game}, trick by trick or turn by turn"),
    "replay.footer": N_("Each picture is the table as everyone saw it; the last one is the result."),
    "replay.unknown": N_("There is no finished game {id} on this server; /history shows the games' ids."),
    "replay.failed": N_("The replay of game {id} could not be drawn."),
    "replay.busy_member": N_("Your replay of game {id} is still being drawn; ask for another once it is posted."),
    "replay.busy": N_("Many replays are being drawn right now; try again in a minute."),
    "replay.slow": N_("The replay of game {id} took too long to draw; nothing was posted."),
    "review.working": N_("Reviewing your play in game {id}… The AI is valuing each of your decisions from what you "
                         "knew at the time; this takes a few seconds, up to a minute for a long match."),
    "review.title": N_("Your review of game {id}: {game}"),
    "review.intro": N_("Your costliest decisions, as you saw them. The AI valued every choice you had with only "
                       "what you knew then, over many deals of the cards you could not see."),
    "review.none": N_("No costly decision: wherever it mattered, you played what the AI would play, or close to it."),
    "review.trick": N_("Trick {n}"),
    "review.trick_of_round": N_("Round {round}, trick {n}"),
    "review.turn": N_("Turn {n}"),
    "review.turn_of_round": N_("Deal {round}, turn {n}"),
    "review.call": N_("The call"),
    "review.call_of_round": N_("Round {round}, the call"),
    "review.nothing": N_("Nothing to review: the AI made every decision of your seat in this game."),
    "review.decision": N_("**{n}. {where}**: you played **{played}**; the AI prefers **{best}**."),
    "review.cost": N_("It cost you about **{points} card points** and **{win} points of win chance** "
                      "(yours {before}, the AI's choice {after})."),
    "review.cost_cicera": N_("It cost your team about **{points} points** of the deal's score and **{win} points of "
                             "win chance** (yours {before}, the AI's choice {after})."),
    "review.cost_points": N_("It cost you about **{points} card points**."),
    "review.cost_points_cicera": N_("It cost your team about **{points} points** of the deal's score."),
    "review.cost_win": N_("It cost you about **{win} points of win chance** (yours {before}, the AI's choice "
                          "{after})."),
    "review.alt": N_("Your hand and the table at decision {n}"),
    "review.footer": N_("Win chance is your side's chance to win this round (in Cicera, this deal). It and the points "
                        "are averages over the hands you could not see: they judge the decision, not the luck."),
    "hint.line": N_("Hint: **{action}**, with {win} win chance and about {points} card points for your side."),
    "hint.line_cicera": N_("Hint: **{action}**, with {win} win chance and about {points} points for your team."),
    "hint.next": N_("Next best: {action} ({win}, about {points})."),
    "hint.tie": N_("About as good: {action} ({win}, about {points})."),
    "table.practice": N_("A practice game (hints on): not rated."),
    "replay.recent": N_("The replay of game {id} was posted here a moment ago, or is on its way."),
    "hint.stale": N_("This hint button is from an earlier turn; press Hint on your current hand."),
})

# ----- tournaments: /tournament, the panel, rounds, standings and the podium -----
TEXTS.update({
    "tourn.title": N_("Tournament {id}: {game}"),
    "tourn.organiser": N_("Organised by {mention}."),
    "tourn.rules_swiss": N_("Swiss, {rounds} rounds, tables of {players}. A win scores 1, a draw ½, a loss 0; ties "
                            "are broken by the opponents' points, then by the game-point difference."),
    "tourn.rules_knockout": N_("Knockout, tables of {players}: the winner of each table goes on (on a draw, the "
                               "better seed); byes go to the top seeds."),
    "tourn.fill_ai": N_("A table short of people is filled by the AI ({level})."),
    "tourn.fill_byes": N_("Whoever is left over sits the round out and scores a win (a bye)."),
    "tourn.next_auto": N_("Each round starts when the last one ends."),
    "tourn.next_organiser": N_("Each round starts when the organiser presses Start."),
    "tourn.tables": N_("Tables: {options}."),
    "tourn.no_show": N_("A member whose first {n} turns run out without a move forfeits the table: the AI plays it, "
                        "and it counts as a loss."),
    "tourn.entrants": N_("Entrants: {n} of {most}"),
    "tourn.none": N_("Nobody yet."),
    "tourn.status_signup": N_("Sign-up is open: press Join."),
    "tourn.status_playing": N_("Round {n} is being played."),
    "tourn.status_waiting": N_("Round {n} is over; the organiser starts the next one."),
    "tourn.status_finished": N_("The tournament is over."),
    "tourn.status_cancelled": N_("The tournament was cancelled."),
    "tourn.withdrawn": N_("left"),
    "tourn.ai_seat": N_("AI"),
    "tourn.joined": N_("You are signed up for tournament {id}."),
    "tourn.left": N_("You are no longer signed up for tournament {id}."),
    "tourn.left_playing": N_("You left tournament {id}: you play no further round, and a table of yours in play is "
                             "forfeited."),
    "tourn.started": N_("Tournament {id}: round {n} is starting."),
    "tourn.cancelled": N_("Tournament {id} is cancelled."),
    "tourn.round_title": N_("Tournament {id} · round {n}"),
    "tourn.round_table": N_("Table {n}: {players}"),
    "tourn.round_bye": N_("A bye (scored as a win): {names}"),
    "tourn.round_footer": N_("The tables open one after another below; the next round starts when the last one "
                             "ends."),
    "tourn.standings_title": N_("Tournament {id} · standings after round {n}"),
    "tourn.standings_row": N_("**{place}.** {name} · {points} points · opponents {opponents} · difference "
                              "{difference}"),
    "tourn.podium_title": N_("Tournament {id} ({game}) is over: the podium"),
    "tourn.podium_row": N_("**{place}.** {name}"),
    "tourn.forfeit": N_("{name} forfeits their table of round {n}: the AI plays it."),
    "tourn.need_organiser": N_("Only members with Manage Server or the organiser role can create tournaments."),
    "tourn.bad_button": N_("That button is out of date; /tournament list shows this server's tournaments."),
    "tourn.bad_options": N_("Write the options as name=value, separated by spaces, e.g. match=short "
                            "turn_timer=60."),
    "tourn.list_title": N_("Tournaments of this server"),
    "tourn.list_row": N_("**{id}** · {game} · {format} · {status}"),
    "tourn.list_none": N_("No tournament on this server yet: /tournament create opens one."),
    "tourn.format_swiss": N_("Swiss"),
    "tourn.format_knockout": N_("knockout"),
    "tourn.state_signup": N_("sign-up open"),
    "tourn.state_playing": N_("in play"),
    "tourn.state_finished": N_("finished"),
    "tourn.state_cancelled": N_("cancelled"),
    "tourn.history": N_("Tournaments over: {list}"),
    "tourn.history_item": N_("{id} · {game}, won by {name}"),
    "tourn.col_points": N_("pts"),
    "tourn.col_opponents": N_("opp"),
    "tourn.col_difference": N_("diff"),
    "settings.organisers": N_("Tournament organisers"),
    "settings.organisers_none": N_("members with Manage Server only"),
})
