"""``python -m bot play``: a game in the terminal against AI players, through the table service.

You sit at seat 0 (unless ``teams=random`` moves you); the AI takes the other seats, your partners named
as such. At your turn the table and your hand (sorted by suit and strength) are shown; in the play phase the
legal plays are numbered: answer with a number, a card (``Ad``) or an action's text (``play 7s take 3d 4b``).
Chiamata's other phases are answered by what you mean, never by a position in a list: a bid (``pass``,
``bid 3``, ``2:70``, ``80`` in points bidding), ``trump d``, ``discard 4b 5b 6b 2c 4c``, ``call 3d``. The end of
each round shows the points of each side and the match score. ``rules`` shows the game's rules and the
table's options, ``help`` the commands; ``quit``, end of input (Ctrl-D) or Ctrl-C stops, and the game is kept
in the database: the same command continues it. A hundred lines in a row at one turn that are not a move stop it
too (status 2), and so does the end of the game's last question: input that never ends (``yes 1 |``) never keeps
the program running. An unfinished game is continued only when it is the game asked for (``--new`` ends it
unrated instead).

At a practice table (``--option hints=on``, not rated) ``hint`` at your turn shows the AI's preferred action
with its win chance and expected points, and the next best. After the game ``review`` shows your costliest
decisions (``bot.tables.reviews``): each as you saw it then, what you played, what the AI prefers and what the
difference cost; Enter, ``quit`` or the end of the input leaves.
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import sys
from typing import IO, Any

from bot.i18n import N_, _, environment_language, ngettext, use_language
from bot.names import error_text, game_title, level_name, options_line
from bot.ratings import rating_text
from bot.storage import StorageError
from bot.storage.errors import UNREACHABLE
from bot.storage.rows import JsonObject
from bot.tables import BadAction, IllegalMove, StorageFailed, TableError, TableEvent, TableService
from bot.tables.service import WRITE_TRIES
from bot.tools.lines import LineReader
from bot.tools.reports import YOU, describe, hint_lines, review_lines
from bot.tools.views import (
    MoveError,
    Score,
    SeatNames,
    choice_text,
    for_game,
    join_and,
    menu,
    read_move,
    render_view,
    round_lines,
)
from bot.tools.views import rules_lines as table_rules_lines
from bot.tools.views.words import in_english, words_line
from rules.actions import Action, RulesError
from rules.games import DEFAULT_GAME, spec
from rules.options import parse_option_args

log = logging.getLogger(__name__)

GUILD = 0
CHANNEL = 0
"""The terminal's guild and channel ids (its games go to the standings of guild 0); ``YOU`` is its user id."""
NATURAL_TEAMS = {4: "13-24", 6: "135-246"}
"""Join order kept as seat order, so that you sit at seat 0."""
DEFAULT_LEVEL = "medium"
STOPPED = N_("Stopped. The game is kept: run the same command to continue it.")
AFTER_GAME = N_("Type 'review' for your costliest decisions, or press Enter to leave.")
LINES_A_TURN = 100
"""Lines read at one turn without a move accepted, after which the game stops (kept): endless input that is not
a move (``yes 1 |`` in Chiamata's auction, ``yes '' |``) ends the program instead of running for ever."""
DATABASE_WAIT = 60.0
"""Seconds the game waits for a database server that cannot be reached: your move is kept and tried again until
it is saved, and the AI's are tried again ``WRITE_TRIES`` times over as long; then the game stops (status 1),
kept as last saved."""


class Refused(Exception):
    """The terminal cannot do what was asked (an unfinished game of another kind is in the way)."""


class TooManyLines(Exception):
    """``LINES_A_TURN`` lines in a row at one turn were not a move: the input is not a player's (``yes 1 |``)."""


class Terminal:
    """The terminal front end of one table."""

    def __init__(self, service: TableService, stdin: IO[str], stdout: IO[str]) -> None:
        self.service = service
        self.stdin = LineReader(stdin)
        self.stdout = stdout
        self.queue: asyncio.Queue[TableEvent] = asyncio.Queue()
        self.table_id: int | None = None
        self.names = SeatNames(DEFAULT_GAME, 2, None)
        """The seats' names and what you know of the sides (set once the table is open)."""
        self.score = Score()
        self.options: JsonObject = {}
        self.over: TableEvent | None = None
        self.gave_up: TableEvent | None = None
        self.unreachable = False
        """The database stayed unreachable for ``DATABASE_WAIT`` seconds while your move waited to be saved."""
        """The service stopped trying to save (the disk is full, the file locked...)."""
        self.turn_version: int | None = None
        """The table's version when the service last asked for your move."""

    def say(self, text: str = "") -> None:
        """Print a line."""
        print(text, file=self.stdout, flush=True)

    async def read(self) -> str | None:
        """One line of input, ``None`` at the end of the input."""
        self.stdout.write("> ")
        self.stdout.flush()
        line = await self.stdin.readline()
        if not line:
            self.say()
            return None
        return line.strip()

    # ----- setting up -----
    async def open_table(self, game: str | None, players: int | None, options: JsonObject, level: str | None,
                         seed: int | None, new: bool = False) -> None:
        """Continue your unfinished game in this database when it is the one asked for (``game`` and
        ``players``; ``None`` matches any), or open a new table and start it. ``new`` ends an unfinished
        game unrated first. Raises ``Refused`` when an unfinished game of another kind is in the way."""
        current = self.service.table_of(CHANNEL, YOU)
        if current is not None and current.status == "playing":
            matches = game in (None, current.game) and players in (None, current.players)
            if new:
                await self.service.abort(current.id, YOU)
                self.say(_("Your unfinished game (table {id}, {game}, {players} players) ends here, unrated.")
                         .format(id=current.id, game=current.game, players=current.players))
                current = None
            elif not matches:
                raise Refused(_(
                    "you have an unfinished {game} game ({players} players, table {id}): continue it with "
                    "--game {game} --players {players}, or add --new to end it unrated and start this one"
                ).format(game=current.game, players=current.players, id=current.id))
        if current is not None and current.status == "playing":
            self.say(_("Continuing your unfinished game (table {id}, {game}, {players} players).").format(
                id=current.id, game=current.game, players=current.players))
            if options or level is not None or seed is not None:
                self.say(_("--level, --option and --seed are for a new game; this one keeps its own "
                           "(--new starts a new one)."))
            info = current
        else:
            if current is not None:  # a lobby left over: close it
                await self.service.cancel(current.id, YOU)
            game = game or DEFAULT_GAME
            players = players or spec(game).default_players
            level = level or DEFAULT_LEVEL
            if players in NATURAL_TEAMS and spec(game).applies("teams", players) and "teams" not in options:
                options = {**options, "teams": NATURAL_TEAMS[players]}
            options.setdefault("turn_timer", "off")
            info = await self.service.create(GUILD, CHANNEL, YOU, _("You"), game, players, options, level, seed)
            self.service.subscribe(self.queue.put_nowait, info.id)
            info = await self.service.start(info.id, YOU)
        self.table_id = info.id
        if current is not None and current.status == "playing":
            self.service.subscribe(self.queue.put_nowait, info.id)
            seat = self.my_seat()
            if seat is not None and info.to_move == seat and info.seats[seat].away is None:
                self.turn_version = info.version
        me = self.my_seat()
        self.names = SeatNames(info.game, info.players, me,
                               [i for i, s in enumerate(info.seats) if s.user_id == YOU])
        view = self.service.view(info.id, YOU)
        self.names.learn(view)
        self.score = Score(list(view.totals), getattr(view, "rounds_played", view.finished_rounds))
        self.options = dict(info.options)
        self.say(_("{game}, {players} players, AI level {level}. Options: {options}").format(
            game=game_title(info.game), players=info.players, level=level_name(info.level),
            options=options_line(dict(sorted(info.options.items())))))
        self.say(_("You are {name}. {help}").format(name=self.names(me), help=_(HELP_SHORT)))
        if self.practice():
            self.say(_("A practice table: type 'hint' at your turn for the AI's preferred move. This game is not "
                       "rated."))
        for line in self.names.teams_lines():
            self.say(line)

    def practice(self) -> bool:
        """Does this table give hints (and so stay unrated)?"""
        return self.options.get("hints") == "on"

    def my_seat(self) -> int | None:
        """Your seat at the table."""
        assert self.table_id is not None
        for i, s in enumerate(self.service.get(self.table_id).seats):
            if s.user_id == YOU:
                return i
        return None

    # ----- the game -----
    async def run(self) -> int:
        """Show events and ask for your actions until the game ends (0) or the input does (0 too)."""
        assert self.table_id is not None
        while True:
            while not self.queue.empty():
                self.show(self.queue.get_nowait())
            if self.over is not None:
                self.show_end(self.over)
                await self.after_game(self.over["game_id"])
                return 0
            if self.gave_up is not None:
                self.say(_("Could not save the game after {tries} tries ({reason}). It is kept as last saved: "
                           "run the same command to continue it once the database works again.").format(
                    tries=self.gave_up["tries"], reason=self.gave_up["reason"]))
                return 1
            if self.my_turn():
                if not await self.turn():
                    if self.unreachable:
                        return 1
                    self.say(_(STOPPED))
                    return 0
                continue
            self.show(await self.queue.get())

    def my_turn(self) -> bool:
        """Has the service asked for your move, and is that request still current?"""
        assert self.table_id is not None
        if self.turn_version is None:
            return False
        try:
            return self.service.get(self.table_id).version == self.turn_version
        except TableError:
            return False

    async def turn(self) -> bool:
        """Ask for one action until one is accepted; ``False`` when the input ended."""
        assert self.table_id is not None
        view = self.service.view(self.table_id, YOU)
        self.names.learn(view)
        for line in render_view(view, self.names):
            self.say(line)
        choices = menu(view)
        for i, choice in enumerate(choices, 1):
            self.say(f"  {i:>2}. {choice_text(choice)}")
        for _line in range(LINES_A_TURN):
            text = in_english(await self.read())
            if text is None or text.lower() in ("q", "quit", "exit"):
                return False
            if not text:
                continue
            if text.lower() in ("h", "help", "?"):
                self.say(f"{_(HELP)} {_(HELP_HINT)}")
                own_help = for_game(view.game).help_line
                if own_help:
                    self.say(_(own_help))
                if words_line():
                    self.say(words_line())
                continue
            if text.lower() in ("r", "rules"):
                for line in table_rules_lines(view.game, self.options):
                    self.say(line)
                continue
            if text.lower() == "hint":
                for line in await self.hint_lines(choices):
                    self.say(line)
                continue
            try:
                action = read_move(view, text, choices)
            except MoveError as e:
                self.say(_("Not possible: {reason}").format(reason=e))
                continue
            try:
                await self.service.act(self.table_id, YOU, action, version=self.turn_version)
            except StorageFailed as e:
                done = await self.save_when_back(action) if e.code == UNREACHABLE else self.refused(e)
                if done is None:
                    return False
                if not done:
                    continue
            except (BadAction, IllegalMove) as e:
                self.say(_("Not possible: {reason}").format(reason=e))
                continue
            except TableError as e:  # the turn is gone (timed out, game over): back to the table
                self.say(_("Not possible: {reason}").format(reason=e))
            self.turn_version = None
            return True
        raise TooManyLines(LINES_A_TURN)

    def refused(self, error: TableError) -> bool:
        """Say why an action was refused; ``False``: ask for one again."""
        self.say(_("Not possible: {reason}").format(reason=error))
        return False

    async def save_when_back(self, action: Action | str) -> bool | None:
        """The database cannot be reached: keep the move and try it again until it is saved or the turn is gone
        (``True``), refused for another reason (``False``: ask again), or ``DATABASE_WAIT`` seconds have passed
        (``None``: the game stops, kept as last saved)."""
        assert self.table_id is not None
        self.say(_("The database is unreachable; your move is kept and will be saved when it returns (waiting up "
                   "to {seconds:g} seconds).").format(seconds=DATABASE_WAIT))
        loop = asyncio.get_running_loop()
        deadline, delay = loop.time() + DATABASE_WAIT, 0.25
        while (left := deadline - loop.time()) > 0:
            await asyncio.sleep(min(delay, left))
            delay = min(2 * delay, 2.0)
            try:
                await self.service.act(self.table_id, YOU, action, version=self.turn_version)
            except StorageFailed as e:
                if e.code == UNREACHABLE:
                    continue
                return self.refused(e)
            except TableError as e:  # the turn is gone meanwhile (the game moved on)
                self.say(_("Not possible: {reason}").format(reason=e))
                return True
            self.say(_("The database is back: your move is saved."))
            return True
        self.unreachable = True
        self.say(_("The database did not come back within {seconds:g} seconds. The game is kept as last saved: run "
                   "the same command to continue it once the database works again.").format(seconds=DATABASE_WAIT))
        return None

    def show(self, event: TableEvent) -> None:
        """Print what an event means, if anything, and follow what it tells about the sides and the score."""
        if event.kind == "game_over":
            self.over = event
            return
        if event.kind == "storage_gave_up":
            self.gave_up = event
            return
        if event.kind == "turn" and event.get("user_id") == YOU:
            self.turn_version = event["version"]
        if event.kind == "round_start":
            self.names.new_round()
        elif event.kind == "auction_won":
            self.names.caller = event["seat"]
        elif event.kind == "round_over":
            result = event["result"]
            self.names.learn_result(result)
            self.score.add(result)
            for line in round_lines(self.names.game, result, event["round"] + 1, self.names, self.score,
                                    self.options):
                self.say(line)
            return
        text = describe(event, self.names, self.names.game)
        if text:
            self.say(text)
        if event.kind == "call":
            self.learn_call(event["card"])
        elif event.kind == "partner_revealed":
            self.names.partner = event["seat"]

    def learn_call(self, card: str) -> None:
        """After Chiamata's call: what your own hand tells you (the called card is yours: you are the secret
        partner, or the caller alone)."""
        assert self.table_id is not None
        try:
            view: Any = self.service.view(self.table_id, YOU)
        except TableError:
            return
        if getattr(view, "called", None) is None or str(view.called) != card:
            return  # the round moved on before this line was shown
        self.names.learn(view)
        if view.i_am_partner:
            self.say(_("You hold {card}: you are the caller's secret partner (nobody else knows).").format(card=card))
        elif view.seat == view.caller and self.names.partner == view.caller:
            self.say(_("{card} is your own card: you play alone (nobody else knows).").format(card=card))

    def show_end(self, event: TableEvent) -> None:
        """The final result and your new standing."""
        result = event["result"]
        names = self.names
        points = result["game_points"]
        if names.teams:
            text = ", ".join(f"{names.side_label(side)} {points[side[0]]}" for side in names.sides)
        else:
            text = ", ".join(f"{names(s)} {p}" for s, p in enumerate(points))
        self.say(_("Game over. Game points: {points}.").format(points=text))
        winners = result["winners"]
        if not winners:
            self.say(_("A draw."))
        else:
            side = next((side for side in names.sides if set(side) == set(winners)), None)
            who = names.side_label(side) if names.teams and side is not None else join_and([names(s) for s in winners])
            self.say(_("Winners: {who}.").format(who=who))
            if names.me is not None:
                self.say(_("You win!") if names.me in winners else _("You lose."))
        mine = event["standings"].get(YOU)
        if mine:
            st = mine["after"]
            self.say(ngettext("Your rating: {rating} after {n} game ({wins} won).",
                              "Your rating: {rating} after {n} games ({wins} won).", st.games).format(
                rating=rating_text(st.rating, st.games), n=st.games, wins=st.wins))
        elif self.practice():
            self.say(_("A practice game (hints on): not rated."))
        self.say(_("Game {id} stored.").format(id=event["game_id"]))

    # ----- hints and the review -----
    async def hint_lines(self, choices: list[Action]) -> list[str]:
        """``hint`` at your turn: the AI's preferred action and the next best, or why there is none."""
        assert self.table_id is not None
        if not self.practice():
            return [_("This table has no hints: start a practice game with --new --option hints=on (it is not "
                      "rated).")]
        try:
            hint = await self.service.hint(self.table_id, YOU)
        except TableError as e:
            return [_("Not possible: {reason}").format(reason=e)]
        return hint_lines(hint.view, hint.values, choices)

    async def after_game(self, game_id: int) -> None:
        """Offer the review of the game just finished; Enter, ``quit`` or the end of the input leaves, another
        line asks again, at most ``LINES_A_TURN`` times (input that keeps coming never keeps the program running)."""
        for _line in range(LINES_A_TURN):
            self.say(_(AFTER_GAME))
            text = in_english(await self.read())
            if not text or text.lower() in ("q", "quit", "exit"):
                return
            if text.lower() == "review":
                break
        else:
            self.say()
            return
        self.say(_("Reviewing your play in game {id}… The AI values each of your decisions from what you knew at "
                   "the time; this takes a few seconds, up to a minute for a long match.").format(id=game_id))
        try:
            review = await self.service.review(game_id, YOU, GUILD)
        except TableError as e:
            self.say(_("No review: {reason}").format(reason=e))
            return
        except Exception:  # the game is stored all the same: say so rather than end on a traceback
            log.exception("the review of game %d failed", game_id)
            self.say(_("The review could not be made; game {id} is stored all the same.").format(id=game_id))
            return
        for line in review_lines(review):
            self.say(line)


HELP_SHORT = N_("Type your move (a card such as 'Ad', a number from the list, 'pass'...); 'rules' for the rules, "
               "'help' for the commands, 'quit' to stop.")
HELP = N_(
    "Commands: a card ('Ad', or 'play Ad') plays it; a number picks from the numbered list of plays; "
    "'exchange 7d' takes the face-up briscola (Briscola's trump exchange); in Cicera "
    "'play 7s take 3d 4b' or 'play 7s place' (or '7s' when the card can be played one way only). In "
    "Chiamata's auction type the bid as it reads: 'pass', a rank ('bid 3' or '3'), the 2 with a target "
    "('2:70'), or in points bidding the target ('80' or 'bid 80'); then 'trump d', 'discard 4b 5b 6b 2c 4c', "
    "'call 3d'. Cards are rank then suit: ranks A 2 3 4 5 6 7 8 9 X (10) F (Fante) C (Cavallo) R (Re), "
    "suits d Denari, c Coppe, s Spade, b Bastoni. 'rules' shows the rules of the game and this table's "
    "options; 'help' this text; 'quit' (or end of input) stops, and the game is kept."
)
HELP_HINT = N_("'hint', when the table has hints on, shows the AI's preferred move.")


async def play(args: argparse.Namespace, stdin: IO[str], stdout: IO[str]) -> int:
    """Open the database, then play (or continue) a terminal game (in the language of the context)."""
    options = parse_option_args(args.option)
    path = args.db
    if path is None:
        from bot.config import Settings

        path = Settings().database
    try:
        service = await TableService.open(path, ai_time_ms=args.time_ms, retry_delay=DATABASE_WAIT / WRITE_TRIES)
    except StorageError as e:
        print(_("error: cannot open the database {path}: {reason}").format(path=path, reason=e.reason),
              file=sys.stderr)
        return 1
    try:
        term = Terminal(service, stdin, stdout)
        for _report, lines in service.store.damage_reports():  # a damaged log found at this open or before
            print("\n".join([_("Warning: {text}").format(text=lines[0]), *lines[1:]]), file=stdout, flush=True)
        try:
            await term.open_table(args.game, args.players, options, args.level, args.seed,
                                  getattr(args, "new", False))
        except (TableError, Refused) as e:
            print(_("error: {message}").format(message=e), file=sys.stderr)
            return 2
        try:
            return await term.run()
        except TooManyLines as e:
            print(_("error: {n} lines in a row were not a move, so the game stops here; it is kept: run the same "
                    "command to continue it.").format(n=e.args[0]), file=sys.stderr)
            return 2
    finally:
        await service.close()


def main(args: argparse.Namespace) -> int:
    """``python -m bot play``, in ``--lang``'s language, else the environment's."""
    with use_language(getattr(args, "lang", None) or environment_language()):
        return _main(args)


def _main(args: argparse.Namespace) -> int:
    try:
        return asyncio.run(play(args, sys.stdin, sys.stdout))
    except RulesError as e:
        print(_("error: {message}").format(message=error_text(e)), file=sys.stderr)
        return 2
    except KeyboardInterrupt:  # Ctrl-C: every acknowledged action is stored already
        print(file=sys.stdout)
        print(_(STOPPED), file=sys.stdout, flush=True)
        return 130
