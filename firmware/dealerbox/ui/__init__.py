"""The box's screens and buttons: font, canvas, card art, debounced buttons, the app state machine.

Imports no hardware module: the app draws into any MONO_VLSB ``framebuf.FrameBuffer`` and is fed
button events; the board (Pico or host) owns the display, the pins and the clock.
"""
