"""Every registered game has its pictures (table, hand, summary, replay frames) through one registry; a game
without them, or lacking a piece, fails with a message that names the game and what it lacks."""

from __future__ import annotations

import dataclasses

import pytest

from images import registry, samples
from images.hand import hand_image
from images.parts import GamePictures
from images.registry import MissingPictures, for_game
from images.replay import replay_frames
from images.summary import summary_image
from images.table import table_image
from rules.games import names, spec
from rules.spec import GAMES

TEST_GAME = "tombola"
"""A game registered only inside these tests."""


@pytest.mark.parametrize("game", names())
def test_every_registered_game_has_every_picture(game):
    pictures = for_game(game)
    assert pictures.game == game
    assert registry.missing(pictures) == []
    players = spec(game).default_players
    match = samples.finished(game, players)
    seats = samples.seats_for(players)
    assert table_image(match.view(None), seats).getbbox() is not None
    summary = summary_image(match.view(None), seats)
    assert summary.getbbox() is not None
    started = spec(game).new_match(players, {}, 3)
    hand = hand_image(started.view(started.to_move()), seats)
    assert hand.getbbox() is not None
    frames = replay_frames(match.record(), 0.3)
    assert len(frames) > 2, "a replay holds the deal, the game's own frames and the end"


def test_load_all_gives_every_registered_game():
    assert set(registry.load_all()) == set(names())


@pytest.fixture
def test_game(monkeypatch):
    """A game registered in the rules (a copy of the first game's spec under another name), with no pictures."""
    first = spec(names()[0])
    monkeypatch.setitem(GAMES, TEST_GAME, dataclasses.replace(first, name=TEST_GAME))
    yield first
    registry.unregister(TEST_GAME)


def test_a_game_without_a_picture_module_fails_naming_it(test_game):
    expected = f"the game {TEST_GAME} has no pictures: no module images.games.{TEST_GAME}"
    with pytest.raises(MissingPictures, match=expected):
        for_game(TEST_GAME)
    with pytest.raises(MissingPictures, match=TEST_GAME):
        registry.load_all()
    # the table picture of such a game's view says so too, not a TypeError
    view = dataclasses.replace(test_game.new_match(test_game.default_players, {}, 1).view(None), game=TEST_GAME)
    with pytest.raises(MissingPictures, match=f"the game {TEST_GAME} has no pictures"):
        table_image(view)


@pytest.mark.parametrize("piece", GamePictures.PIECES)
def test_a_game_lacking_one_piece_fails_naming_the_game_and_the_piece(test_game, piece):
    whole = for_game(test_game.name)
    registry.register(dataclasses.replace(whole, game=TEST_GAME, **{piece: None}))
    with pytest.raises(MissingPictures, match=f"the game {TEST_GAME} has no {piece} picture"):
        for_game(TEST_GAME)


def test_a_game_registered_with_every_piece_is_drawn_through_its_entry(test_game):
    """Completeness is all it takes: the shared pictures draw the test game through its entry alone."""
    whole = for_game(test_game.name)
    registry.register(dataclasses.replace(whole, game=TEST_GAME))
    view = dataclasses.replace(test_game.new_match(test_game.default_players, {}, 1).view(None), game=TEST_GAME)
    assert table_image(view).tobytes() == table_image(dataclasses.replace(view, game=test_game.name)).tobytes()


def test_a_game_adds_its_own_texts_and_cannot_change_another_games():
    from images.labels import LABELS, add_labels, sources

    for_game(names()[0])
    taken, text = next(iter(LABELS.items()))
    with pytest.raises(ValueError, match=repr(taken)):
        add_labels({taken: text + " (changed)"})
    assert LABELS[taken] == text
    add_labels({f"{TEST_GAME}_only": "A text of the test game"})
    try:
        assert "A text of the test game" in sources()
    finally:
        del LABELS[f"{TEST_GAME}_only"]
