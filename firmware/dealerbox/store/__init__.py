"""Saves on flash: power-cut-safe snapshots, checksums, the hand logs. Knows records, not screens."""
