"""Build the bundled Korean font of the pictures: ``python -m bot.lab.fonts [--source PATH]
[--catalogue PATH] [--out DIR]``.

The pictures draw Hangul with Noto Sans CJK KR (SIL Open Font License 1.1), subset with fontTools to what they
need, so the package stays small: the 2,350 Hangul syllables of KS X 1001 (those that encode in two bytes of
EUC-KR, the ones in common use), the Hangul compatibility jamo (U+3131 to U+318E), printable ASCII, and every
character of the Korean catalogue's translations (``bot/locale/ko/LC_MESSAGES/tavolo.po``, its msgstr only;
read when it exists, so rerun this after the catalogue changes). One face, the bold (``images.common.KOREAN``:
every text of the pictures is bold), from the Debian package ``fonts-noto-cjk`` by default; the Korean face
is picked out of a collection (``.ttc``) by its name. The output is the same on every run from the
same sources (no timestamp is recalculated). Needs ``fonttools`` (a build-time tool only: the bot reads the
fonts with Pillow) and ``babel``.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Iterable
from pathlib import Path

from images.common import KOREAN

DEBIAN_BOLD = Path("/usr/share/fonts/opentype/noto/NotoSansCJK-Bold.ttc")
CATALOGUE = Path(__file__).resolve().parents[1] / "locale" / "ko" / "LC_MESSAGES" / "tavolo.po"
FAMILY = "Noto Sans CJK KR"
"""The face taken out of a font collection (its name ID 1)."""
COMPATIBILITY_JAMO = range(0x3131, 0x318F)
ASCII = range(0x20, 0x7F)
DROPPED_TABLES = ["vhea", "vmtx", "VORG", "BASE"]
"""Vertical writing and baseline tables: the pictures set text horizontally only."""


def ks_x_1001_syllables() -> list[str]:
    """The 2,350 precomposed Hangul syllables of KS X 1001: those EUC-KR encodes in two bytes (Python's codec
    writes the others as eight-byte jamo sequences)."""
    out = []
    for cp in range(0xAC00, 0xD7A4):
        ch = chr(cp)
        try:
            if len(ch.encode("euc-kr")) == 2:
                out.append(ch)
        except UnicodeEncodeError:
            continue
    return out


def catalogue_characters(path: Path) -> set[str]:
    """Every character of the translations (msgstr, each plural form) of a ``.po`` file; empty when the file
    does not exist."""
    if not path.is_file():
        return set()
    from babel.messages.pofile import read_po

    with path.open("rb") as fh:
        catalog = read_po(fh)
    chars: set[str] = set()
    for message in catalog:
        if not message.id:
            continue  # the header
        strings = message.string if isinstance(message.string, (tuple, list)) else (message.string,)
        for text in strings:
            chars.update(text or "")
    return {ch for ch in chars if ch.isprintable() or ch == " "}


def wanted_characters(catalogue: Path) -> set[str]:
    """What the subset holds: the KS X 1001 syllables, the compatibility jamo, ASCII and the catalogue's."""
    chars = set(ks_x_1001_syllables())
    chars.update(chr(cp) for cp in COMPATIBILITY_JAMO)
    chars.update(chr(cp) for cp in ASCII)
    return chars | catalogue_characters(catalogue)


def face_number(source: Path, family: str = FAMILY) -> int:
    """The index of ``family`` in a font collection (0 for a single font file)."""
    from fontTools.ttLib import TTCollection  # type: ignore[import-untyped,import-not-found,unused-ignore]

    if source.suffix.lower() not in (".ttc", ".otc"):
        return 0
    collection = TTCollection(str(source), lazy=True)
    for k, face in enumerate(collection.fonts):
        if face["name"].getDebugName(1) == family:
            return k
    raise SystemExit(f"{source}: no face named {family!r}")


def subset_font(source: Path, out: Path, chars: Iterable[str]) -> tuple[int, set[str]]:
    """Write the subset of ``source`` holding ``chars`` to ``out``; return its glyph count and the characters
    the source lacks."""
    from fontTools import subset  # type: ignore[import-untyped,import-not-found,unused-ignore]

    options = subset.Options()
    options.font_number = face_number(source)
    options.notdef_outline = True  # keep the missing-glyph box: images.common.has_glyph compares with it
    options.hinting = False  # drawn 45 px and up, where hints change nothing worth their size
    options.name_IDs = ["*"]  # copyright, licence and its URL stay in the font
    options.name_languages = ["*"]
    options.drop_tables += DROPPED_TABLES
    options.recalc_timestamp = False
    font = subset.load_font(str(source), options, dontLoadGlyphNames=True)
    cmap = font.getBestCmap()
    wanted = {ord(ch) for ch in chars}
    missing = {chr(cp) for cp in wanted if cp not in cmap}
    subsetter = subset.Subsetter(options)
    subsetter.populate(unicodes=sorted(wanted - {ord(ch) for ch in missing}))
    subsetter.subset(font)
    out.parent.mkdir(parents=True, exist_ok=True)
    subset.save_font(font, str(out), options)
    return len(font.getGlyphOrder()), missing


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bot.lab.fonts",
                                     description=f"Build the bundled Korean font of the pictures (a subset of {FAMILY} "
                                                 "Bold).",
                                     formatter_class=argparse.RawDescriptionHelpFormatter,
                                     epilog=(__doc__ or "").split("\n\n", 1)[1])
    parser.add_argument("--source", type=Path, default=DEBIAN_BOLD, metavar="PATH",
                        help=f"the source font (.otf, .ttf or a .ttc holding {FAMILY}); default {DEBIAN_BOLD}")
    parser.add_argument("--catalogue", type=Path, default=CATALOGUE, metavar="PATH",
                        help="the Korean catalogue whose translations the subset must cover (skipped when absent); "
                             f"default {CATALOGUE}")
    parser.add_argument("--out", type=Path, default=KOREAN.parent, metavar="DIR",
                        help=f"the folder to write {KOREAN.name} to; default {KOREAN.parent}")
    args = parser.parse_args(argv)
    if not args.source.is_file():
        print(f"{args.source}: no such font (apt-get install fonts-noto-cjk, or give --source)", file=sys.stderr)
        return 2
    chars = wanted_characters(args.catalogue)
    from_catalogue = catalogue_characters(args.catalogue)
    print(f"{len(chars)} characters; the catalogue {args.catalogue}: "
          + (f"{len(from_catalogue)} characters" if args.catalogue.is_file() else "absent, skipped"))
    out = args.out / KOREAN.name
    glyphs, missing = subset_font(args.source, out, chars)
    print(f"{out}: {glyphs} glyphs, {out.stat().st_size} bytes")
    lacking = sorted(missing & from_catalogue)
    if lacking:
        print(f"the source lacks these characters of the catalogue: {' '.join(lacking)}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
