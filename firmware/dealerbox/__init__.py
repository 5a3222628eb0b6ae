"""Dealer Box core: cards, shuffling, evaluation, table, games, screens. Imports no hardware module."""
