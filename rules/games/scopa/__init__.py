"""Scopa (2, 3 or 4 players; 4 in teams) and Scopone (4 players in teams, with its own deals): one package, as
the two games share every rule but the deal. Its rules as data and pure functions (``rules``), a round played
out (``round``), the view (``view``), its events and result (``events``), the matches and their specs
(``engine``)."""
