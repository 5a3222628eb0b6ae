"""Golden frames per language (tests/core/test_ui_frames_lang.py): {code: {"frames": [...], "settle": [...],
"rules": [...]}}, each list of (screen, hash, lit pixels) as tests/core/test_ui_frames.py's.

Generated: ``.venv/bin/python -m host_tools.golden`` (after a table is added or changed, its frames checked by
eye: ``make screenshots``, docs/screenshots/<code>/). Do not edit by hand."""

GOLDEN = {
    'fr': {
        'frames': [
            ('game', 358816585, 2727),
            ('players', 1335673664, 1653),
            ('names', 4243140205, 2850),
            ('name-editor', 742598718, 1403),
            ('chips', 1017933085, 1686),
            ('boot', 4006465743, 1504),
            ('betting', 3575207168, 2864),
            ('preset', 3548841579, 2583),
            ('rules', 61396563, 2995),
            ('summary', 4134862459, 1830),
            ('seal', 3841021020, 2128),
            ('gate', 3519261620, 1679),
            ('turn-blind', 2864387824, 3360),
            ('turn-seen', 1719340876, 2793),
        ],
        'settle': [
            ('settle-up', 3456609049, 1927),
            ('end-of-session', 946018207, 1921),
        ],
        'rules': [
            ('awards-everyone-packed', 3671162532, 1857),
            ('between-busted', 377751351, 2920),
            ('joker-hunt-turn', 4263871365, 3431),
            ('joker-hunt-showdown', 3667219812, 1601),
        ],
    },
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
    'tr': {
        'frames': [
            ('game', 864892546, 2682),
            ('players', 3097118699, 1637),
            ('names', 123968233, 2739),
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
