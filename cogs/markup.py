"""Names in Discord markdown: every message that shows a person's name (a member's display name, a seat's name,
a name stored with a game) shows it through ``name_text``, so a name is read as the text it is.

A display name is chosen by its member, and messages are markdown: unescaped, ``[Free Nitro](https://...)`` is
a link in a public message, ``# BIG`` a heading, ``-# ...`` small print, ``**...**`` bold, ``@everyone`` a
mention. ``name_text`` clips the name (``rules.records.NAME_LIMIT``, Discord's own limit) and makes every such
mark inert: the characters ``discord.utils.escape_markdown`` escapes (emphasis, code, spoilers, strikethrough,
quotes), and also what that function lets through: the brackets of a masked link (escaped inside one too),
``://`` and a dot inside a word (a bare link, a domain, an invite), ``<`` and ``@`` (mentions, channels,
timestamps, custom emoji), and a name's start that would begin a heading, subtext, quote or list when it
starts a line. A backslash before punctuation is how Discord shows that character as itself, so the name
reads the same, only without its effect.
"""

from __future__ import annotations

import logging
import re

from rules.records import clip_name

log = logging.getLogger(__name__)

_MARKS = re.compile(r"([\\*_~|`\[\]<>@])")
"""Characters escaped wherever they are."""
_LINK = re.compile(r":(?=//)")
"""The colon of ``scheme://``: escaped, a URL is not made a link."""
_DOT = re.compile(r"(?<=[^\W_])\.(?=[^\W_])")
"""A dot between letters or digits (``discord.gg/...``, ``evil.example``): escaped, a bare domain or invite is
not made a link either."""
_LINE_START = re.compile(r"^(\s*)(?:([#+\-])|(\d+)([.)]))")
"""A name's start that would begin a heading, subtext, list or numbered list at a line's start."""


def name_text(name: object) -> str:
    """``name`` as a message shows it: on one line, clipped to ``NAME_LIMIT`` characters, with every markdown
    mark, link and mention in it made inert (see the module docstring)."""
    text = clip_name(" ".join(str(name).split()))
    text = _MARKS.sub(r"\\\1", text)
    text = _LINK.sub(r"\\:", text)
    text = _DOT.sub(r"\\.", text)
    return _LINE_START.sub(lambda m: m.group(1) + (f"\\{m.group(2)}" if m.group(2) else f"{m.group(3)}\\{m.group(4)}"),
                           text, count=1)

