"""Golden frames per language (tests/core/test_ui_frames_lang.py): {code: {"frames": [...], "settle": [...],
"rules": [...]}}, each list of (screen, hash, lit pixels) as tests/core/test_ui_frames.py's.

Generated: ``.venv/bin/python -m host_tools.golden`` (after a table is added or changed, its frames checked by
eye: ``make screenshots``, docs/screenshots/<code>/). Do not edit by hand."""

GOLDEN = {
    'de': {
        'frames': [
            ('game', 1575448961, 2780),
            ('players', 2587669881, 1642),
            ('names', 3493260524, 2845),
            ('name-editor', 1072086088, 1429),
            ('chips', 2833944297, 1753),
            ('boot', 2420712593, 1513),
            ('betting', 3640029104, 3032),
            ('preset', 850723327, 2592),
            ('rules', 577072272, 2993),
            ('summary', 3095986966, 1870),
            ('seal', 3108050977, 2205),
            ('gate', 182977306, 1649),
            ('turn-blind', 4002166530, 3428),
            ('turn-seen', 1454067924, 2781),
        ],
        'settle': [
            ('settle-up', 1771260896, 1889),
            ('end-of-session', 4267578076, 1925),
        ],
        'rules': [
            ('awards-everyone-packed', 2803502670, 1805),
            ('between-busted', 2637198613, 2813),
            ('joker-hunt-turn', 320838868, 3454),
            ('joker-hunt-showdown', 1009787744, 1629),
        ],
    },
}
