"""Tavolo's pictures: pure functions from game views to PNG bytes, with Pillow."""
