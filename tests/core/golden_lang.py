"""Golden frames per language (tests/core/test_ui_frames_lang.py): {code: {"frames": [...], "settle": [...],
"rules": [...]}}, each list of (screen, hash, lit pixels) as tests/core/test_ui_frames.py's.

Generated: ``.venv/bin/python -m host_tools.golden`` (after a table is added or changed, its frames checked by
eye: ``make screenshots``, docs/screenshots/<code>/). Do not edit by hand."""

GOLDEN = {}
