"""Cicera, for 4 players in two teams: its rules as data and pure functions (``rules``), the deal played
out and its view (``round``), the match and its spec (``engine``), its own events and result (``events``)."""
