"""The texts the pictures draw: English source texts marked for the catalogues' extraction (the shared ones here,
a game's own added by its picture module), and ``label`` to draw one in the front end's language
(``set_translator``)."""

from __future__ import annotations

from collections.abc import Callable, Mapping


def N_(message: str) -> str:
    """Marks a label for Babel's extraction (``pybabel extract -k N_``); returns it unchanged."""
    return message


def NP_(singular: str, plural: str) -> tuple[str, str]:  # noqa: N802  (gettext's naming)
    """Marks a counted label for extraction (``-k NP_:1,2``); returns its two forms."""
    return singular, plural


LABELS: dict[str, str] = {
    "round": N_("Round {n}"),
    "stock": N_("Stock: {n}"),
    "stock_empty": N_("Stock empty"),
    "trump": N_("Trump"),
    "briscola_drawn_by": N_("Briscola drawn by {name}"),
    "trump_unknown": N_("Trump: not yet called"),
    "to_move": N_("To play: {name}"),
    "to_bid": N_("To bid: {name}"),
    "caller_choosing": N_("{name} is choosing"),
    "round_over": N_("Round over"),
    "match_over": N_("Match over"),
    "last_trick": N_("Last trick: {name}"),
    "no_trick_yet": N_("No trick taken yet"),
    "points": N_("Points"),
    "game_points": N_("Game points"),
    "cards_in_hand": N_("hand {n}"),
    "tricks_won": N_("tricks {n}"),
    "ai": N_("AI"),
    "ai_seat": N_("AI {n}"),
    "seat": N_("Seat {n}"),
    "ai_level": N_("AI {level}"),
    "dealer": N_("D"),
    "no_bid": N_("\u2014"),
    "called": N_("Called"),
    "caller": N_("Caller: {name}"),
    "target": N_("target {n}"),
    "partner": N_("Partner: {name}"),
    "partner_alone": N_("Partner: none (alone)"),
    "partner_secret": N_("Partner: secret"),
    "auction": N_("Auction"),
    "standing": N_("Standing bid: {bid} ({name})"),
    "no_bids": N_("No bid yet"),
    "your_hand": N_("Your hand"),
    "hand_of": N_("Hand of {name}"),
    "seen": N_("{name}"),
    "table": N_("Table"),
    "team": N_("Team {n}"),
    "bonus": N_("Bonus: {n}"),
    "last_capture": N_("Last capture: {name}"),
    "takes": N_("takes"),
    "total": N_("Total"),
    "card_points": N_("Card points"),
    "col_points": N_("Points"),
    "col_round": N_("Round"),
    "col_total": N_("Total"),
    "this_round": N_("This round"),
    "match_total": N_("Match total"),
    "winner": N_("Winner: {name}"),
    "winners": N_("Winners: {name}"),
    "draw": N_("Draw"),
    "match_won": N_("Match won by {name}"),
    "match_draw": N_("The match is a draw"),
    "conquest": N_("Conquest by {name}"),
    "and": N_(" & "),
    "counts": N_("{cards} cards, {swords} swords"),
    "leftover": N_("Left on the table, to team {n}: {k} cards"),
}
"""The texts the pictures draw (English source text, extracted by Babel through ``N_``), by key; a front end
translates them with ``set_translator``. A game's own texts are added by its picture module (``add_labels``)."""
PLURAL_LABELS: dict[str, tuple[str, str]] = {
    "players": NP_("{n} player", "{n} players"),
    "pile": NP_("{n} card taken", "{n} cards taken"),
    "swords_taken": NP_("{n} sword", "{n} swords"),
}
"""The texts that count something (``n``): singular and plural English source (extracted through ``NP_``)."""


def label(key: str, **kw: object) -> str:
    """The text of ``key``, translated by the front end's translator (``set_translator``; English without one),
    with its fields filled in; a text of ``PLURAL_LABELS`` takes the form for ``kw["n"]``."""
    translate = _TRANSLATOR[0]
    if key in PLURAL_LABELS:
        singular, plural = PLURAL_LABELS[key]
        n = int(kw["n"])  # type: ignore[call-overload]
        text = translate(singular, plural, n) if translate else (singular if n == 1 else plural)
    else:
        text = translate(LABELS[key], None, None) if translate else LABELS[key]
    return text.format(**kw) if kw else text


Translator = Callable[[str, "str | None", "int | None"], str]
"""Translates a label: ``(source, plural source or None, n or None) -> text``; it reads the language from its
own context (the front end's), so one translator serves every language."""
_TRANSLATOR: list[Translator | None] = [None]


def add_labels(texts: Mapping[str, str]) -> None:
    """Add a game's own texts (its picture module calls this on import); a key that holds another text already
    is an error, so that two games never change each other's texts."""
    for key, text in texts.items():
        if LABELS.get(key, text) != text:
            raise ValueError(f"the picture label {key!r} is taken by another text")
        LABELS[key] = text


def sources() -> list[str]:
    """Every source text the pictures draw, each once: the labels (every game's own included), both forms of the
    counted ones, and the labels of every registered game's summary rows (``GameSpec.summary_rows``)."""
    from images.registry import load_all
    from rules.games import names, spec

    load_all()

    texts = [*LABELS.values(), *(form for pair in PLURAL_LABELS.values() for form in pair)]
    texts += [row.label for game in names() for row in spec(game).summary_rows]
    return list(dict.fromkeys(texts))


def translated(source: str) -> str:
    """A catalogue text defined elsewhere (a game's spec: its summary rows' labels), in the front end's language."""
    translate = _TRANSLATOR[0]
    return translate(source, None, None) if translate else source


def set_translator(translate: Translator | None) -> None:
    """Let the pictures draw their labels in the front end's language (``None``: English source text)."""
    _TRANSLATOR[0] = translate
