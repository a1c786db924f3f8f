"""Briscola Chiamata, for 5 players: the auction, the called partner and the tricks (``round``), the match
and its spec (``engine``), its own events and round result (``events``)."""
