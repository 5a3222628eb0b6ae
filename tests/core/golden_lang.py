"""Golden frames per language (tests/core/test_ui_frames_lang.py): {code: {"frames": [...], "settle": [...],
"rules": [...]}}, each list of (screen, hash, lit pixels) as tests/core/test_ui_frames.py's.

Generated: ``.venv/bin/python -m host_tools.golden`` (after a table is added or changed, its frames checked by
eye: ``make screenshots``, docs/screenshots/<code>/). Do not edit by hand."""

GOLDEN = {
    'tr': {
        'frames': [
            ('game', 864892546, 2682),
            ('players', 3097118699, 1637),
            ('names', 953927401, 2743),
            ('name-editor', 3246220864, 1382),
            ('chips', 2343776095, 1732),
            ('boot', 3121805122, 1483),
            ('betting', 89225847, 2885),
            ('preset', 466901088, 2586),
            ('rules', 3740547289, 2968),
            ('summary', 526393947, 1859),
            ('seal', 229379604, 2144),
            ('gate', 1813703094, 1619),
            ('turn-blind', 778367052, 3462),
            ('turn-seen', 1571683973, 2766),
        ],
        'settle': [
            ('settle-up', 390115480, 1908),
            ('end-of-session', 903233492, 1963),
        ],
        'rules': [
            ('awards-everyone-packed', 2292885826, 1910),
            ('between-busted', 3181508593, 2792),
            ('joker-hunt-turn', 40201049, 3533),
            ('joker-hunt-showdown', 2701825606, 1602),
        ],
    },
}
