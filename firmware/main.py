"""Dealer Box on the Raspberry Pi Pico: build the board, run the app (dealerbox.boards.loop).

On an unexpected error the box shows it on the screen and the REPL and waits for a
button to restart (holding OK sets the saved session aside; a second crash in a row with
the same session sets it aside by itself). A board that does not start with /config.json
starts with the defaults. Ctrl-C on the REPL stops the box (for mpremote).
"""


def make_app(board):
    """The UI's App on this board: entropy from os.urandom, the flash store, the board's clock."""
    from dealerbox.ui.app import App

    return App(board.entropy, store=board.store, clock=board.ticks_ms)


def start():
    """Build the Pico board (with the defaults if /config.json keeps it from starting) and run the box."""
    from dealerbox.boards.loop import main, print_error
    from dealerbox.boards.pico import PicoBoard

    try:
        board = PicoBoard()
    except Exception as e:
        print_error(e)
        print("dealerbox: the board did not start with /config.json (%s: %s); starting with the defaults"
              % (type(e).__name__, e))
        board = PicoBoard(config={})
    main(board, make_app)


start()
