"""The names both front ends show for the games' own words: games (their spec's title), AI levels, table options
and their values, suits (English source text marked for Babel; translated where shown, in the context's
language)."""

from __future__ import annotations

from collections.abc import Mapping

from bot.i18n import N_, NP_, gettext, ngettext, pgettext
from rules.actions import RulesError
from rules.cards import SUIT_NAMES, CardError
from rules.games import GAMES

SECONDS = N_("{n} s")
"""A number of seconds (the turn timer)."""

LEVEL_NAMES = {"easy": N_("easy"), "medium": N_("medium"), "hard": N_("hard"), "greedy": N_("greedy"),
               "random": N_("random")}

OPTION_LABELS: dict[str, str] = {
    "match": N_("match"),
    "teams": N_("teams"),
    "faces": N_("card faces"),
    "show_points": N_("show points"),
    "open": N_("open hands"),
    "trump_exchange": N_("trump exchange"),
    "high_score_bonus": N_("high score bonus"),
    "conquest": N_("conquest"),
    "autoplay_last": N_("autoplay last trick"),
    "team_chat": N_("team threads"),
    "partner_hand": N_("partner's hand"),
    "turn_timer": N_("turn timer"),
    "bidding": N_("bidding"),
    "kitty": N_("kitty"),
    "hints": N_("hints"),
}

VALUE_LABELS: dict[str, str] = {
    "on": N_("on"),
    "off": N_("off"),
    "italian": N_("italian"),
    "french": N_("french"),
    "rank": N_("rank"),
    "points": N_("points"),
    "single": N_("one round"),
    "short": N_("short"),
    "long": N_("long"),
    "after_first_trick": N_("after the first trick"),
    "after_first_round": N_("after the first round"),
    "random": N_("random"),
    "21": N_("to 21"),
    "31": N_("to 31"),
    "51": N_("to 51"),
}


WHY: dict[str, str] = {
    "take": N_("It takes the trick, with {points} points in it."),
    "trump": N_("It trumps the trick, with {points} points in it."),
    "take_so_far": N_("It wins the trick so far, with {points} points in it."),
    "trump_so_far": N_("It trumps the trick so far, with {points} points in it."),
    "call": N_("Whoever holds it becomes your secret partner."),
    "call_alone": N_("It is your own card: you play alone, for double the stakes."),
    "load": N_("It gives {points} points to your partner's trick."),
    "duck": N_("It lets the trick go, giving away {points} points."),
    "duck_blank": N_("It lets the trick go and gives away nothing."),
    "lead": N_("It leads with {points} points at stake."),
    "lead_blank": N_("It leads a card worth nothing."),
    "lead_trump": N_("It leads a trump."),
    "exchange": N_("It takes the face-up briscola."),
    "place": N_("It places the card and captures nothing."),
}
"""What a hinted action does (``rules.ai.review.why``'s keys), said in one line."""
WHY_CAPTURE = NP_("It captures {n} card.", "It captures {n} cards.")
WHY_CAPTURE_BONUSES = NP_("It captures {n} card and scores {bonuses}.", "It captures {n} cards and scores {bonuses}.")


def percent(chance: float) -> str:
    """A chance 0..1 as a whole percentage: ``62%``."""
    return f"{round(100 * chance)}%"


def win_points(played: float, best: float) -> int:
    """What a decision cost in points of win chance, as its two percentages read (never below 0)."""
    return max(0, round(100 * best) - round(100 * played))


def why_text(game: str, key: str, fields: Mapping[str, object]) -> str:
    """The line of why of a hint in ``game``, from ``rules.ai.review.why``'s key and fields (translated; a
    capture's bonuses as the game's spec names them, ``GameSpec.bonus_names``)."""
    if key == "capture":
        n = int(str(fields["n"]))
        named = GAMES[game].bonus_names if game in GAMES else {}
        bonuses = [gettext(named[b]) for b in fields.get("bonuses") or () if b in named]  # type: ignore[attr-defined]
        if bonuses:
            return ngettext(*WHY_CAPTURE_BONUSES, n).format(n=n, bonuses=" + ".join(bonuses))
        return ngettext(*WHY_CAPTURE, n).format(n=n)
    if key in ("duck", "lead") and fields.get("points") == 0:
        key += "_blank"
    return gettext(WHY[key]).format(**fields) if key in WHY else ""


def game_title(game: str) -> str:
    """A game's name (translated)."""
    found = GAMES.get(game)
    return gettext(found.title) if found is not None and found.title else game


def level_name(level: str | None) -> str:
    """An AI level as shown (translated)."""
    return gettext(LEVEL_NAMES[level]) if level in LEVEL_NAMES else str(level)


def option_label(option: str) -> str:
    """An option's name as shown (translated): the shared table's, else the label a game's spec gives its own
    option, else the option's key."""
    if option in OPTION_LABELS:
        return gettext(OPTION_LABELS[option])
    for game in GAMES.values():
        found = game.options.get(option)
        if found is not None and found.label:
            return gettext(found.label)
    return option


def option_value(value: object) -> str:
    """An option value as shown (translated); a number is the turn timer's seconds. The shared table's name,
    else the one a game's spec gives the value, else the value itself."""
    if isinstance(value, int) and not isinstance(value, bool):
        return gettext(SECONDS).format(n=value)
    text = str(value)
    if text in VALUE_LABELS:
        return gettext(VALUE_LABELS[text])
    for game in GAMES.values():
        for option in game.options.values():
            if option.value_labels and text in option.value_labels:
                return gettext(option.value_labels[text])
    return text


def options_line(options: Mapping[str, object]) -> str:
    """A table's options in one line: ``match: one round · card faces: italian · ...`` (translated)."""
    return " · ".join(f"{option_label(k)}: {option_value(v)}" for k, v in options.items())


def suit_word(suit: str) -> str:
    """An Italian suit's name on its own (``Denari``; translated as the language's glossary says)."""
    return pgettext("suit", SUIT_NAMES[suit])


def error_text(error: BaseException) -> str:
    """What an error says to a person, in the context's language: an engine's ``RulesError`` is its template
    translated and filled with its fields (the English text when there is no translation, or when the
    translation's fields do not match); any other error is its own text."""
    template = getattr(error, "template", None)
    fields = getattr(error, "fields", None)
    if not isinstance(error, (RulesError, CardError)) or not isinstance(template, str):
        return str(error)
    text = gettext(template)
    if not fields:
        return text
    shown = {k: error_text(v) if isinstance(v, BaseException) else v for k, v in fields.items()}  # (a cause)
    try:
        return text.format(**shown)
    except (KeyError, IndexError, ValueError, AttributeError):
        return str(error)
