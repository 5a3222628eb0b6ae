"""``make bench``'s ``lang_table_bytes_max`` (benchmarks/bench_lang.py): the largest table compiled for the Pico,
named; 0 B with "no table yet" when there is none."""

import os

from benchmarks import bench_lang
from host_tools import build, lang


def test_the_largest_table_is_measured_and_named(tmp_path, monkeypatch, capsys):
    lang_dir = tmp_path / "dealerbox" / "lang" / "tables"
    lang_dir.mkdir(parents=True)
    monkeypatch.setattr(build, "FIRMWARE", str(tmp_path))
    bench_lang.run()
    assert capsys.readouterr().out == ("bench: lang_table_bytes_max = 0 B  (target: <= 16 KB, the largest language "
                                       "table as compiled .mpy; no table yet)\n")
    fr = {"Language": "Langue"}
    de = {"Language": "Sprache", "Players": "Spieler", "Names": "Namen"}
    (lang_dir / "fr.py").write_text(lang.generated_text("fr", fr, list(fr)), encoding="utf-8")     # as ``build`` writes
    (lang_dir / "de.py").write_text(lang.generated_text("de", de, list(de)), encoding="utf-8")
    (lang_dir / "notes.py").write_text('T = {"x": "' + "y" * 500 + '"}\n')     # not a language of LANGS
    sizes = bench_lang.table_sizes(str(tmp_path))
    assert sorted(sizes) == ["de", "fr"] and sizes["de"] > sizes["fr"] > 0
    assert sizes["de"] == os.path.getsize(tmp_path / "de.mpy")
    bench_lang.run()
    assert capsys.readouterr().out == ("bench: lang_table_bytes_max = %d B  (target: <= 16 KB, the largest language "
                                       "table as compiled .mpy: lang/tables/de.py)\n" % sizes["de"])
