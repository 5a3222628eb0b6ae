"""Boards: the hardware around the core. ``pico`` is the Raspberry Pi Pico (the only module that
touches ``machine``); ``loop`` runs the app on any board (buttons in, frames out, errors shown)."""
