"""Boards: the hardware around the core. ``pico`` is the Raspberry Pi Pico (the only module that
touches ``machine``); ``pi`` is a Raspberry Pi under Linux (the only one that touches Blinka);
``loop`` runs the app on any board (buttons in, frames out, errors shown)."""
