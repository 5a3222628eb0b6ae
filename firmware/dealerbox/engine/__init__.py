"""The rules engine and its helpers: table, pots, betting round, draw stock, high-low split,
house rules, the engine contract (base.py), resume and replay. Imports no UI and no store."""
