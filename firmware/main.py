"""Dealer Box on the Raspberry Pi Pico: build the board, run the app (dealerbox.boards.loop).

On an unexpected error the box shows it on the screen and the REPL and waits for a
button to restart; the saved session is never touched by the error path. Ctrl-C on the
REPL stops the box (for mpremote).
"""


def make_app(board):
    """The UI's App on this board: entropy from os.urandom, the flash store, the board's clock."""
    from dealerbox.ui.app import App

    return App(board.entropy, store=board.store, clock=board.ticks_ms)


def start():
    from dealerbox.boards.loop import main
    from dealerbox.boards.pico import PicoBoard

    main(PicoBoard(), make_app)


start()
