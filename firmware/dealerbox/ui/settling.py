"""The settling-up rows of the results screens ("Settle up" between hands, the end of the session): each
net in chips and money, then who pays whom (``dealerbox.engine.settle``). Imported by ``ui/results_flow.py``
only for those two screens, so the code a hand's end loads stays small (docs/device.md, Memory)."""


def settle_rows(app, rows, nets_too):
    """Append to ``rows`` the settling up of the table (``dealerbox.engine.settle``): with ``nets_too`` each
    player's net first (chips, and money when the table set a chip value; a carried pot counts as given
    back), then "Who pays whom" and the transfers ("Ben\x18Anna" paying "4.50", or chips when no chip value
    is set), largest debtor to largest creditor, at most players - 1 of them."""
    from dealerbox.engine.settle import money, nets, transfers
    from dealerbox.lang import tr
    from dealerbox.ui.modes import DECIMAL_MARK

    t = app.table
    cents = app.cfg.get("cents", 0)
    point = tr(DECIMAL_MARK)
    ns = nets(t.stacks, t.bought_in, t.carry)
    if nets_too:
        order = sorted(range(t.n), key=lambda s: (-ns[s], s))
        for s in order:
            n = ns[s]
            text = "%s%d" % ("+" if n > 0 else "", n)
            rows.append((t.names[s], text + " " + money(n * cents, True, point) if cents else text))
    ts = transfers([n * cents for n in ns] if cents else ns)
    rows.append((tr("Who pays whom:") if cents else tr("Who gives chips:"), None))
    for payer, payee, amount in ts:
        rows.append(("%s\x18%s" % (t.names[payer], t.names[payee]), money(amount, False, point) if cents else amount))
    if not ts:
        rows.append((tr("  nobody owes"), None))
