"""Golden frames per language (tests/core/test_ui_frames_lang.py): {code: {"frames": [...], "settle": [...],
"rules": [...]}}, each list of (screen, hash, lit pixels) as tests/core/test_ui_frames.py's.

Generated: ``.venv/bin/python -m host_tools.golden`` (after a table is added or changed, its frames checked by
eye: ``make screenshots``, docs/screenshots/<code>/). Do not edit by hand."""

GOLDEN = {
    'it': {
        'frames': [
            ('game', 3198031475, 2753),
            ('players', 1757029285, 1618),
            ('names', 1836346423, 2862),
            ('name-editor', 2533197840, 1425),
            ('chips', 2359240426, 1679),
            ('boot', 3081190858, 1492),
            ('betting', 1348905297, 2969),
            ('preset', 760427953, 2593),
            ('rules', 3442889553, 2975),
            ('summary', 3321662332, 1876),
            ('seal', 3449969416, 2191),
            ('gate', 1086665700, 1712),
            ('turn-blind', 338680205, 3434),
            ('turn-seen', 688420922, 2809),
        ],
        'settle': [
            ('settle-up', 537972364, 1940),
            ('end-of-session', 2090839134, 1906),
        ],
        'rules': [
            ('awards-everyone-packed', 3490614201, 1885),
            ('between-busted', 2633916572, 2835),
            ('joker-hunt-turn', 3443309574, 3468),
            ('joker-hunt-showdown', 333433706, 1637),
        ],
    },
}
