"""``python -m bot screenshots``: real PNG files, one per message kind and width, drawn by headless Chromium."""

from __future__ import annotations

import argparse
import io
import logging

import pytest
from PIL import Image

from bot.__main__ import build_parser
from bot.lab import screenshots


@pytest.fixture
def restored_logging():
    """The command sets up the process's logging, as at start-up: undo it after, for the other tests."""
    root = logging.getLogger()
    level, handlers = root.level, list(root.handlers)
    levels = {name: logging.getLogger(name).level for name in logging.root.manager.loggerDict}
    yield
    for handler in list(root.handlers):
        if handler not in handlers:
            root.removeHandler(handler)
    root.setLevel(level)
    for name, old in levels.items():
        logging.getLogger(name).setLevel(old)


@pytest.mark.usefixtures("restored_logging")
def test_the_lobby_and_the_rules_are_drawn_at_phone_and_desktop_width(chromium, tmp_path):
    args = build_parser().parse_args(["screenshots", str(tmp_path), "--only", "lobby", "--only", "rules",
                                      "--chromium", chromium])
    assert args.handler(args) == 0
    files = sorted(p.name for p in tmp_path.iterdir())
    assert files == ["lobby-desktop.png", "lobby-phone.png", "rules-desktop.png", "rules-phone.png"]
    for name in files:
        picture = Image.open(io.BytesIO((tmp_path / name).read_bytes()))
        assert picture.format == "PNG"
        width, height = picture.size
        if name.endswith("-phone.png"):
            assert width == screenshots.WIDTHS["phone"]
        else:
            assert screenshots.WIDTHS["phone"] < width <= screenshots.WIDTHS["desktop"]
        assert 60 < height < screenshots.HEIGHT, "one message, not the empty viewport"
        colours = picture.convert("RGB").getcolors(maxcolors=1 << 20)
        assert colours is None or len(colours) > 50, "a drawn message, not a blank picture"


def test_every_scene_has_a_name_and_unknown_tools_say_what_is_missing(monkeypatch, capsys, tmp_path):
    assert len(set(screenshots.SCENES)) == len(screenshots.SCENES)
    assert {"lobby", "briscola-table", "briscola4-table", "chiamata-auction", "cicera-capture", "summary",
            "refusal", "rules"} <= set(screenshots.SCENES)
    monkeypatch.setattr(screenshots, "find_chromium", lambda _given=None: None)
    args = argparse.Namespace(folder=str(tmp_path), only=[], chromium=None)
    assert screenshots.main(args) == 2
    assert "Chromium" in capsys.readouterr().err and not list(tmp_path.iterdir())
