"""Tournaments: the pairing of each round and the standings, as pure functions over the entrants' results."""
