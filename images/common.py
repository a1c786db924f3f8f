"""Shared helpers of the pictures: display widths, the bundled fonts, text drawing (and its legibility
recorder), colours, seat names, PNG output.

Every picture function is pure: a view (plus the seats' names) in, PNG bytes out. What can be cached is
cached here: fonts, rendered text, glyph coverage. Every text a picture draws goes through ``draw_text``,
which a test (and ``python -m images.samples --legibility``) can watch with ``recording()``.
"""

from __future__ import annotations

import io
import logging
import unicodedata
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from functools import cache, lru_cache
from pathlib import Path

from PIL import Image, ImageDraw, ImageFont

from rules.records import clip_name
from rules.view import GameView

log = logging.getLogger(__name__)

# ----- how wide Discord shows a picture -----
PHONE_DISPLAY_WIDTH = 265
"""CSS pixels a picture of a Components V2 message (a Container holding a MediaGallery with one item) is shown
wide at a 390 px phone viewport. Measured in SimCord 3.2.1's preview with headless Chromium: a bot message
with a plain-colour test picture, captured in the channel layout at a 390 x 844 viewport; the picture's
pixels were counted in the screenshot. Every picture from 300 to 1200 px wide came out 265 px wide (the
height follows the aspect: no max height); a picture narrower than that is shown at its own size."""
DESKTOP_DISPLAY_WIDTH = 563
"""The same at a 1280 px desktop viewport (the gallery fills the 600 px Components V2 column, less the
container's padding); narrower pictures are not enlarged."""
MIN_TEXT_PX = 11.0
"""No text of a picture may be less tall than this, as shown at the phone width: the height of the drawn
text's ink box, times the display width over the picture's width."""
SCALE = 3
"""Pictures are designed in phone display pixels (``PHONE_DISPLAY_WIDTH`` wide) and drawn ``SCALE`` times
larger, sharp on a phone's high-density screen and wider than the desktop width (so both show it scaled
down, never up)."""
PICTURE_WIDTH = PHONE_DISPLAY_WIDTH * SCALE
"""The width of every table, hand and summary picture, in pixels."""


def displayed(height: float, picture_width: int, display_width: int = PHONE_DISPLAY_WIDTH) -> float:
    """How tall ``height`` picture pixels are shown when the picture is displayed ``display_width`` wide at
    most (a narrower picture is shown at its own size)."""
    return height * min(1.0, display_width / picture_width)


FONT_DIR = Path(__file__).resolve().parent / "fonts"
REGULAR = FONT_DIR / "DejaVuSans.ttf"
BOLD = FONT_DIR / "DejaVuSans-Bold.ttf"
CONDENSED = FONT_DIR / "DejaVuSansCondensed-Bold.ttf"
"""Names: the bold face, narrower, so that longer names fit under a card."""

KOREAN = FONT_DIR / "NotoSansKR-Subset-Bold.otf"
"""Hangul: Noto Sans CJK KR Bold (SIL Open Font License), subset to the 2,350 syllables of KS X 1001, the
compatibility jamo, ASCII and the Korean catalogue's characters (``python -m bot.lab.fonts`` builds it). One
face: every text of the pictures is bold (names condensed bold, which Hangul has not), so a Hangul run of a
regular text is bold too."""
BUNDLED_FONTS: tuple[Path, ...] = (REGULAR, BOLD, CONDENSED, KOREAN)
"""Every font the pictures draw with; no system font is ever used, so a picture is the same on every machine."""
MISSING_GLYPH = "\u25a1"
"""Drawn for a character no bundled font has (Chinese, Japanese kana, emoji): a white square. (Names never
get there: ``seat_name`` draws the seat's label instead.)"""
ELLIPSIS = "\u2026"

# ----- colours -----
RGB = tuple[int, int, int]
FELT: RGB = (31, 99, 62)
FELT_LIGHT: RGB = (38, 116, 73)
FELT_DARK: RGB = (22, 72, 45)
WOOD: RGB = (102, 62, 33)
WOOD_LIGHT: RGB = (140, 92, 52)
INK: RGB = (24, 26, 30)
WHITE: RGB = (255, 255, 255)
CREAM: RGB = (246, 241, 228)
MUTED: RGB = (190, 200, 192)
PANEL: RGB = (24, 42, 34)
PANEL_LIGHT: RGB = (36, 60, 49)
HIGHLIGHT: RGB = (255, 206, 64)
"""Whose turn it is; the trump marks."""
NEUTRAL: RGB = (128, 136, 132)
SIDE_COLOURS: tuple[RGB, ...] = ((74, 144, 226), (235, 128, 52), (171, 99, 214))
"""Team / side colours: side 0, side 1, (3 players) side 2."""
CALLER_COLOUR: RGB = (226, 178, 40)
"""Chiamata: the caller's side."""
DEFENDERS_COLOUR: RGB = (90, 150, 220)
"""Chiamata: the other three once the partner is known."""

def N_(message: str) -> str:
    """Marks a label for Babel's extraction (``pybabel extract -k N_``); returns it unchanged."""
    return message


def NP_(singular: str, plural: str) -> tuple[str, str]:  # noqa: N802  (gettext's naming)
    """Marks a counted label for extraction (``-k NP_:1,2``); returns its two forms."""
    return singular, plural


LABELS: dict[str, str] = {
    "briscola": N_("Briscola"),
    "chiamata": N_("Briscola Chiamata"),
    "cicera": N_("Cicera"),
    "round": N_("Round {n}"),
    "stock": N_("Stock: {n}"),
    "stock_empty": N_("Stock empty"),
    "trump": N_("Trump"),
    "briscola_card": N_("Briscola"),
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
    "next": N_("next"),
    "ai_level": N_("AI {level}"),
    "dealer": N_("D"),
    "pass": N_("pass"),
    "bid": N_("bid {bid}"),
    "no_bid": N_("\u2014"),
    "called": N_("Called"),
    "caller": N_("Caller: {name}"),
    "target": N_("target {n}"),
    "partner": N_("Partner: {name}"),
    "role_caller": N_("Caller"),
    "role_partner": N_("Partner"),
    "partner_alone": N_("Partner: none (alone)"),
    "partner_secret": N_("Partner: secret"),
    "auction": N_("Auction"),
    "standing": N_("Standing bid: {bid} ({name})"),
    "no_bids": N_("No bid yet"),
    "your_hand": N_("Your hand"),
    "hand_of": N_("Hand of {name}"),
    "you_are_partner": N_("You hold the called card: you are the partner"),
    "discarded": N_("Discarded"),
    "seen": N_("{name}"),
    "table": N_("Table"),
    "table_empty": N_("The table is empty"),
    "team": N_("Team {n}"),
    "bonus": N_("Bonus: {n}"),
    "last_capture": N_("Last capture: {name}"),
    "takes": N_("takes"),
    "no_capture": N_("No capture yet"),
    "scua": N_("Sc\u00f9a"),
    "picada": N_("Picada"),
    "simili": N_("Simili"),
    "quadriglia": N_("Quadriglia"),
    "cards": N_("Most cards"),
    "swords": N_("Most swords"),
    "mata": N_("La Mata (2 di Spade)"),
    "xd": N_("10 di Denari"),
    "fc": N_("Fante di Coppe"),
    "napula": N_("Napula"),
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
    "passed_out": N_("All passed: the hand is dealt again"),
    "made_it": N_("{name} made {pts} of {target}: won"),
    "failed": N_("{name} made {pts} of {target}: lost"),
    "conquest": N_("Conquest by {name}"),
    "and": N_(" & "),
    "counts": N_("{cards} cards, {swords} swords"),
    "leftover": N_("Left on the table, to team {n}: {k} cards"),
}
"""Every text the pictures draw, in one place (English source text, extracted by Babel through ``N_``); a front
end translates them with ``set_translator``."""
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


def set_translator(translate: Translator | None) -> None:
    """Let the pictures draw their labels in the front end's language (``None``: English source text)."""
    _TRANSLATOR[0] = translate


@dataclass(frozen=True)
class SeatInfo:
    """Who sits in a seat, as pictures show it: a display name, the AI level (``None`` for a human) and
    optionally a short label drawn instead of a name the bundled font cannot draw (default ``Seat N``)."""

    name: str
    ai: str | None = None
    label: str | None = None

    def __post_init__(self) -> None:
        """Names clipped to ``NAME_LIMIT`` characters before any drawing: a record may carry a name of any
        length, and fitting a long one costs time and memory that grow with it."""
        object.__setattr__(self, "name", clip_name(str(self.name)))
        if self.label is not None:
            object.__setattr__(self, "label", clip_name(str(self.label)))


def seat_number_label(seats: Sequence[SeatInfo] | None, seat: int) -> str:
    """The short label of a seat: its ``SeatInfo.label`` when drawable, else ``Seat N``."""
    if seats and 0 <= seat < len(seats):
        short = (seats[seat].label or "").strip()
        if short and drawable(short):
            return short
    return label("seat", n=seat + 1)


def seat_name(seats: Sequence[SeatInfo] | None, seat: int) -> str:
    """The name a picture draws for a seat: its display name when the bundled font draws every character of
    it, else the seat's short label (``Seat N``); the message text names every seat in full."""
    if seats and 0 <= seat < len(seats):
        name = " ".join(clean_text(seats[seat].name).split())
        if name and drawable(name):
            return name
    return seat_number_label(seats, seat)


def seat_names(seats: Sequence[SeatInfo] | None, players: int) -> list[str]:
    """The names of all seats, told apart: a name two seats share gets the seat number (``AI (easy) #2``)."""
    names = [seat_name(seats, s) for s in range(players)]
    return [f"{n} #{s + 1}" if names.count(n) > 1 else n for s, n in enumerate(names)]


def seat_ai(seats: Sequence[SeatInfo] | None, seat: int) -> str | None:
    """The AI level of a seat, or ``None`` for a human or an unknown seat."""
    if seats and 0 <= seat < len(seats):
        return seats[seat].ai
    return None


# ----- fonts -----
@lru_cache(maxsize=64)
def font(size: int, bold: bool = False, condensed: bool = False) -> ImageFont.FreeTypeFont:
    """The bundled DejaVu Sans (bold or regular; condensed bold) at a pixel size (``runs`` picks the bundled
    Korean font for Hangul)."""
    return ImageFont.truetype(str(_primary(bold, condensed)), size)


def _primary(bold: bool, condensed: bool) -> Path:
    return CONDENSED if condensed else BOLD if bold else REGULAR


@cache
def _chain(bold: bool, condensed: bool) -> tuple[str, ...]:
    """The bundled fonts tried, in order, for a character of a text drawn in a face: that DejaVu face, the other
    DejaVu faces, then the Korean font."""
    order = (_primary(bold, condensed), REGULAR, BOLD, CONDENSED, KOREAN)
    return tuple(dict.fromkeys(str(p) for p in order))


@lru_cache(maxsize=256)
def _font_at(path: str, size: int) -> ImageFont.FreeTypeFont | None:
    try:
        return ImageFont.truetype(path, size)
    except OSError:
        log.warning("cannot load the font %s", path)
        return None


@lru_cache(maxsize=16)
def _notdef(path: str) -> tuple[tuple[int, int], bytes]:
    f = _font_at(path, 24)
    assert f is not None
    m = f.getmask("\U0010fffd")
    return m.size, bytes(m)


@lru_cache(maxsize=65536)
def has_glyph(path: str, ch: str) -> bool:
    """Whether the font file draws ``ch`` itself (not its 'missing glyph' box)."""
    if ch == " ":
        return True
    f = _font_at(path, 24)
    if f is None:
        return False
    m = f.getmask(ch)
    return (m.size, bytes(m)) != _notdef(path)


@lru_cache(maxsize=65536)
def _font_for(ch: str, bold: bool, condensed: bool) -> str | None:
    """The first bundled font of the face's ``_chain`` that has ``ch``, or ``None``."""
    return next((path for path in _chain(bold, condensed) if has_glyph(path, ch)), None)


def clean_text(text: str) -> str:
    """``text`` without control characters (new lines become spaces)."""
    out = []
    for ch in text:
        cat = unicodedata.category(ch)
        if cat == "Cc":
            if ch in "\t\n\r":
                out.append(" ")
            continue
        out.append(ch)
    return "".join(out)


def _normal(text: str) -> str:
    """``text`` cleaned (``clean_text``) and composed (NFC: Hangul jamo sequences become syllables, a letter
    and its combining accent one character)."""
    return unicodedata.normalize("NFC", clean_text(text))


_FACES = ((False, False), (True, False), (True, True))
"""(bold, condensed) of the three faces text is drawn in."""


def drawable(text: str) -> bool:
    """Whether the bundled fonts draw every character of ``text``, in each face (regular, bold, condensed
    bold): DejaVu Sans, or for Hangul the bundled Korean font. No character would come out as a 'missing
    glyph' box (Chinese, Japanese kana, most emoji). Control characters are ignored; an empty or blank text is
    not drawable."""
    text = _normal(text)
    if not text.strip():
        return False
    return all(ch.isspace() or all(_font_for(ch, b, c) is not None for b, c in _FACES) for ch in text)


def runs(text: str, bold: bool = False, condensed: bool = False) -> list[tuple[str, str]]:
    """Split ``text`` into runs of (font path, text) such that each run's font has its characters: the DejaVu
    face asked for, else another DejaVu face, else the bundled Korean (bold) font (``_chain``). Bundled fonts
    only.

    Characters no bundled font has become ``MISSING_GLYPH``; invisible format characters and variation
    selectors that none has are dropped. (Names never get here undrawable: ``seat_name`` checks ``drawable``.)"""
    primary = str(_primary(bold, condensed))
    out: list[tuple[str, str]] = []
    for ch in _normal(text):
        path = _font_for(ch, bold, condensed)
        if path is None:
            if unicodedata.category(ch) in ("Cf", "Mn", "Me", "Sk") or 0xFE00 <= ord(ch) <= 0xFE0F:
                continue
            path, ch = primary, MISSING_GLYPH
        if out and out[-1][0] == path:
            out[-1] = (path, out[-1][1] + ch)
        else:
            out.append((path, ch))
    return out


def _run_font(path: str, size: int) -> ImageFont.FreeTypeFont:
    for bold, condensed in _FACES:
        if path == str(_primary(bold, condensed)):
            return font(size, bold, condensed)
    f = _font_at(path, size)
    return f if f is not None else font(size)


@lru_cache(maxsize=8192)
def text_width(text: str, size: int, bold: bool = False, condensed: bool = False) -> float:
    """The advance width of ``text`` in pixels, drawn with ``text_image``."""
    return sum(_run_font(p, size).getlength(t) for p, t in runs(text, bold, condensed))


def shorten(text: str, size: int, max_width: int, bold: bool = False) -> str:
    """``text``, cut and ended with an ellipsis when it is wider than ``max_width`` pixels."""
    text = clean_text(text)
    if text_width(text, size, bold) <= max_width:
        return text
    lo, hi = 0, len(text)
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if text_width(text[:mid].rstrip() + ELLIPSIS, size, bold) <= max_width:
            lo = mid
        else:
            hi = mid - 1
    return text[:lo].rstrip() + ELLIPSIS


@lru_cache(maxsize=4096)
def text_image(text: str, size: int, colour: RGB = WHITE, bold: bool = False, max_width: int | None = None,
               condensed: bool = False) -> Image.Image:
    """``text`` drawn on a transparent RGBA sprite just large enough for it (shortened to ``max_width``).

    Draw it on a picture with ``draw_text``, which records it for the legibility check."""
    if max_width is not None:
        text = shorten(text, size, max_width, bold)
    parts = runs(text, bold, condensed)
    ascent, descent = font(size, bold, condensed).getmetrics()
    width = max(1, int(round(sum(_run_font(p, size).getlength(t) for p, t in parts))) + 2)
    height = ascent + descent + 2
    img = Image.new("RGBA", (width, height), (0, 0, 0, 0))
    draw = ImageDraw.Draw(img)
    x = 1.0
    for path, part in parts:
        f = _run_font(path, size)
        draw.text((x, ascent + 1), part, font=f, fill=colour, anchor="ls")
        x += f.getlength(part)
    return img


@lru_cache(maxsize=4096)
def ink_height(text: str, size: int, bold: bool = False, condensed: bool = False) -> int:
    """The height in pixels of the ink of ``text`` as ``text_image`` draws it (0 for blank text)."""
    box = text_image(text, size, WHITE, bold, None, condensed).getchannel("A").getbbox()
    return 0 if box is None else box[3] - box[1]


# ----- the legibility recorder -----
@dataclass(frozen=True)
class DrawnText:
    """A text a picture drew: what it says, how tall its ink is and the width of the picture it is on."""

    text: str
    height: float
    picture_width: int
    kind: str = "text"
    """``text``, or ``card`` for a card's corner index (drawn into the card art)."""

    def displayed(self, display_width: int = PHONE_DISPLAY_WIDTH) -> float:
        """Its height as shown when the picture is displayed ``display_width`` wide."""
        return displayed(self.height, self.picture_width, display_width)


_RECORDER: ContextVar[list[DrawnText] | None] = ContextVar("images_text_recorder", default=None)


@contextmanager
def recording() -> Iterator[list[DrawnText]]:
    """Record every text drawn inside the ``with`` block (in this context) into the list it yields."""
    drawn: list[DrawnText] = []
    token = _RECORDER.set(drawn)
    try:
        yield drawn
    finally:
        _RECORDER.reset(token)


def record(text: str, height: float, canvas: Image.Image, kind: str = "text") -> None:
    """Note a text drawn on ``canvas`` (the final picture) when a recorder is active."""
    drawn = _RECORDER.get()
    if drawn is not None:
        drawn.append(DrawnText(text, height, canvas.width, kind))


def draw_text(canvas: Image.Image, xy: tuple[float, float], text: str, size: int, colour: RGB = WHITE,
              bold: bool = False, max_width: int | None = None, anchor: str = "lt", condensed: bool = False,
              ) -> tuple[int, int]:
    """Paste ``text`` at ``xy`` (anchor: ``l``/``m``/``r`` then ``t``/``m``/``b``); return its sprite size.

    Every text of every picture is drawn here, on the final picture, so that ``recording`` sees it."""
    sprite = text_image(text, size, colour, bold, max_width, condensed)
    shown = shorten(text, size, max_width, bold) if max_width is not None else text
    record(clean_text(shown), ink_height(shown, size, bold, condensed), canvas)
    w, h = sprite.size
    x, y = xy
    if anchor[0] == "m":
        x -= w / 2
    elif anchor[0] == "r":
        x -= w
    if anchor[1] == "m":
        y -= h / 2
    elif anchor[1] == "b":
        y -= h
    canvas.paste(sprite, (int(round(x)), int(round(y))), sprite)
    return w, h


def _needed() -> float:
    """The ink height (pixels of a ``PICTURE_WIDTH`` picture) that shows ``MIN_TEXT_PX`` tall on a phone."""
    return MIN_TEXT_PX * PICTURE_WIDTH / PHONE_DISPLAY_WIDTH


@lru_cache(maxsize=1024)
def min_size(bold: bool = False, condensed: bool = False, sample: str = "A") -> int:
    """The smallest font size at which ``sample`` (by default a capital) is ``MIN_TEXT_PX`` tall when a
    ``PICTURE_WIDTH`` picture is shown at the phone width."""
    size = 8
    while ink_height(sample, size, bold, condensed) < _needed():
        size += 1
    return size


def size_for(text: str, size: int, bold: bool = True, condensed: bool = True) -> int:
    """``size``, or larger when ``text`` would be less than ``MIN_TEXT_PX`` tall on a phone at it."""
    return max(size, min_size(bold, condensed, text)) if text.strip() else size


def legible(text: str, size: int, bold: bool = False, condensed: bool = False) -> bool:
    """Whether ``text`` at ``size`` is at least ``MIN_TEXT_PX`` tall on a phone (a text of small letters
    only, like ``next``, needs a larger size than one with a capital)."""
    return ink_height(text, size, bold, condensed) >= _needed() - 0.01


@dataclass(frozen=True)
class Fitted:
    """A text fitted into a width: its lines and the font size they are drawn at."""

    lines: tuple[str, ...]
    size: int


def _split_word(word: str, size: int, max_width: float, condensed: bool) -> tuple[str, str] | None:
    """A long word broken in two with a hyphen, the first part as long as fits and both parts legible (a
    part of small letters only, like ``ano``, is too short on a phone). The longest head that fits is found by
    halving (a head is wider the longer it is), so a long word costs a few measures, not one per letter."""
    lo, hi = 2, len(word) - 2  # the longest fitting cut is in lo..hi (lo: none fits)
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if text_width(word[:mid] + "-", size, True, condensed) <= max_width:
            lo = mid
        else:
            hi = mid - 1
    for cut in range(lo, 2, -1):
        if legible(word[cut:], size, True, condensed):
            return word[:cut] + "-", word[cut:]
    return None


@lru_cache(maxsize=2048)
def fit_lines(text: str, max_width: float, size: int, smallest: int, max_lines: int = 2,
              condensed: bool = True) -> Fitted | None:
    """``text`` fitted into ``max_width`` pixels without cutting it: on one line at the largest size from
    ``size`` down to ``smallest``, else on up to ``max_lines`` lines (broken between words, or a long word
    broken with a hyphen); ``None`` when it does not fit even so."""
    text = " ".join(clean_text(text).split())
    while not legible(text, smallest, True, condensed) and smallest < 4 * size:
        smallest += 1
    size = max(size, smallest)
    for s in range(size, smallest - 1, -1):
        if text_width(text, s, True, condensed) <= max_width:
            return Fitted((text,), s)
    if max_lines < 2:
        return None
    words = text.split(" ")
    for s in range(size, smallest - 1, -1):
        lines: list[str] = []
        current = ""
        for word in words:
            trial = f"{current} {word}".strip()
            if text_width(trial, s, True, condensed) <= max_width:
                current = trial
                continue
            if current:
                lines.append(current)
            current = word
            while len(lines) < max_lines and text_width(current, s, True, condensed) > max_width:
                parts = _split_word(current, s, max_width, condensed)
                if parts is None:
                    break
                lines.append(parts[0])
                current = parts[1]
            if len(lines) >= max_lines:  # too many lines at this size already: no more splitting
                break
        lines.append(current)
        if (len(lines) <= max_lines and all(text_width(x, s, True, condensed) <= max_width for x in lines)
                and all(legible(x, s, True, condensed) for x in lines)):
            return Fitted(tuple(lines), s)
    return None


def draw_lines(canvas: Image.Image, centre_x: float, top: float, fitted: Fitted, colour: RGB = WHITE,
               condensed: bool = True) -> float:
    """Draw fitted lines centred on ``centre_x`` from ``top``; return the y below them."""
    step = line_height(fitted.size)
    for k, line in enumerate(fitted.lines):
        draw_text(canvas, (centre_x, top + k * step), line, fitted.size, colour, True, anchor="mt",
                  condensed=condensed)
    return top + step * len(fitted.lines)


def line_height(size: int) -> int:
    """The distance between two lines of text at ``size``."""
    return int(round(size * 1.12))


def draw_name(canvas: Image.Image, centre_x: float, top: float, name: str, fallback: str, max_width: float,
              size: int, smallest: int, colour: RGB = WHITE, max_lines: int = 2) -> float:
    """A seat's name centred under ``centre_x`` from ``top``: shrunk, or on two lines, to fit ``max_width``
    (never cut short); ``fallback`` (the seat's short label) when it does not fit. Return the y below it."""
    fitted = fit_lines(name, max_width, size, smallest, max_lines)
    if fitted is None:
        fitted = fit_lines(fallback, max_width, size, smallest, max_lines) or Fitted((fallback,), smallest)
    return draw_lines(canvas, centre_x, top, fitted, colour)


def paste(canvas: Image.Image, sprite: Image.Image, xy: tuple[float, float]) -> None:
    """Paste an RGBA sprite with its alpha at the top-left corner ``xy``."""
    canvas.paste(sprite, (int(round(xy[0])), int(round(xy[1]))), sprite)


def paste_centered(canvas: Image.Image, sprite: Image.Image, centre: tuple[float, float]) -> None:
    """Paste an RGBA sprite centred on ``centre``."""
    w, h = sprite.size
    paste(canvas, sprite, (centre[0] - w / 2, centre[1] - h / 2))


@lru_cache(maxsize=256)
def rounded_box(size: tuple[int, int], fill: tuple[int, ...], outline: tuple[int, ...] | None = None,
                width: int = 2, radius: int = 10) -> Image.Image:
    """A rounded rectangle sprite (RGBA, antialiased by drawing at twice the size)."""
    w, h = size
    big = Image.new("RGBA", (w * 2, h * 2), (0, 0, 0, 0))
    d = ImageDraw.Draw(big)
    d.rounded_rectangle((0, 0, w * 2 - 1, h * 2 - 1), radius=radius * 2, fill=fill,
                        outline=outline, width=width * 2 if outline else 0)
    return big.resize((w, h), Image.Resampling.LANCZOS)


def shade(colour: RGB, factor: float) -> RGB:
    """``colour`` darker (factor < 1) or lighter (factor > 1, towards white)."""
    if factor <= 1:
        return (int(colour[0] * factor), int(colour[1] * factor), int(colour[2] * factor))
    t = factor - 1
    return (int(colour[0] + (255 - colour[0]) * t), int(colour[1] + (255 - colour[1]) * t),
            int(colour[2] + (255 - colour[2]) * t))


def png_bytes(img: Image.Image, palette: bool = True, compress_level: int = 3) -> bytes:
    """Encode a picture as PNG: mapped onto the fixed picture palette (``images.palette``) unless
    ``palette`` is false; no optimisation pass, light compression (both for speed)."""
    if palette and img.mode != "P":
        from images.palette import to_palette

        img = to_palette(img.convert("RGB") if img.mode != "RGB" else img)
    buf = io.BytesIO()
    img.save(buf, "PNG", optimize=False, compress_level=compress_level)
    return buf.getvalue()


class PrivateViewError(ValueError):
    """A public picture was given a seat's private view."""


def require_public(view: GameView) -> None:
    """Raise ``PrivateViewError`` unless ``view`` is a public view (``seat`` None, every private field empty:
    no hand, no kitty, no discards)."""
    if view.seat is not None:
        raise PrivateViewError("a public picture takes the public view, game.view(None), not a seat's view")
    for name in view.PRIVATE_FIELDS:
        if getattr(view, name):
            raise PrivateViewError(f"the public view must not hold a {name}")


def faces_of(options: Mapping[str, object] | None) -> str:
    """The card face style of a table's options: ``italian`` (default) or ``french``."""
    return "french" if options and options.get("faces") == "french" else "italian"


def joined_names(seats: Sequence[SeatInfo] | None, group: Sequence[int]) -> str:
    """The names of a group of seats, joined."""
    return label("and").join(seat_name(seats, s) for s in group)
