"""Briscola, for 2, 3, 4 or 6 players: its engine (the round, the view, the match and its spec, in
``engine``) and its own events and round result (``events``)."""
