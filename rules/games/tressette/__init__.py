"""Tressette (2 players, or 4 in teams): one package. Its rules as data and pure functions (``rules``), a round
played out (``round``), the view (``view``), its events and result (``events``), the match and its spec
(``engine``)."""
