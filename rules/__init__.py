"""Pure game engines and AI players: no I/O, no logging. The registry of games is ``rules.games``."""
