"""Each game's pictures, one module per game named as the game (``images.games.<game>``), registering its
``GamePictures`` with ``images.registry``: its table picture, what its hand picture adds, its summary's style
and its replay frames. The shared picture modules never name a game; they ask the registry."""
