"""The samples script writes every sample; the picture benchmark reports every picture."""

from __future__ import annotations

import io

from PIL import Image

from images import samples
from images.games import briscola as briscola_pictures
from images.games import chiamata as chiamata_pictures
from images.games import cicera as cicera_pictures


def test_samples_are_written(tmp_path):
    written = samples.write_samples(tmp_path)
    names = {p.name for p in written}
    for wanted in ("cards-italian.png", "cards-french.png", "table-briscola-6p.png", "table-chiamata-revealed.png",
                   "table-cicera.png", "hand-briscola-4p.png", "hand-cicera.png", "summary-cicera.png"):
        assert wanted in names
    for path in written:
        data = path.read_bytes()
        img = Image.open(io.BytesIO(data))
        assert img.format == "PNG" and img.width <= 1200
        assert len(data) < 150 * 1024


def test_sample_states_are_what_they_say():
    v = cicera_pictures.with_table(12).view(None)
    assert len(v.table) == 12 and v.last_capture is not None
    v = chiamata_pictures.after_reveal().view(None)
    assert v.partner is not None and v.called is not None
    v = briscola_pictures.mid_trick(6, {}, tricks=2, played=4).view(None)
    assert v.players == 6 and len(v.trick) == 4 and len(v.tricks) == 2


def test_card_sheets_hold_every_card():
    from images.cards import card_height

    italian = samples.card_sheet("italian", 40, 13)
    french = samples.card_sheet("french", 40, 10)
    # one suit a row, the back at the end of the first row
    assert italian.size == (14 * 46 + 6, 4 * (card_height(40) + 6) + 6)
    assert french.size == (11 * 46 + 6, 4 * (card_height(40) + 6) + 6)


def test_picture_benchmark_reports_every_picture():
    from bot.lab import bench_images
    from rules.games import names

    lines = bench_images.report(repeat=2)
    others = [game for game in names() if game not in bench_images.HAND_PICKED]
    assert len(lines) == 1 + 5 + 2 * len(others)
    assert all(any(line.startswith(game) and "table" in line for line in lines) for game in others)
    for line in lines[1:]:
        ms, kb = (float(x) for x in line.split()[-2:])
        assert ms > 0 and 0 < kb < 150


def test_legibility_command_prints_each_picture(monkeypatch, capsys):
    """``python -m images.samples --legibility``: a line per picture with its size and its smallest text and
    card index as a phone shows them (the pictures themselves are checked in test_legibility.py)."""
    import pytest

    from images.common import recording
    from images.table import table_image

    m = briscola_pictures.mid_trick(2, {}, tricks=1, played=1)
    with recording() as drawn:
        img = table_image(m.view(None), samples.seats_for(2))
    monkeypatch.setattr(samples, "sample_pictures", lambda names="sample": [(f"table {names}", img, drawn)])
    assert samples.main(["--legibility"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == 3 and lines[1].startswith("table sample") and "(long names)" in lines[2]
    size, phone, _desktop, index = lines[1].split()[-4:]
    assert size == f"{img.width}x{img.height}"
    texts = [d.displayed() for d in drawn if d.kind == "text"]
    assert float(phone) == pytest.approx(min(texts), abs=0.05) and float(phone) >= 11
    assert float(index) > 0
    with pytest.raises(SystemExit):
        samples.main([])
