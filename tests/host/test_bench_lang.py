"""``make bench``'s ``lang_table_bytes_max`` (benchmarks/bench_lang.py): the largest table file, named; 0 B with
"no table yet" when there is none."""

from benchmarks import bench_lang
from host_tools import build, lang


def test_the_largest_table_is_measured_and_named(tmp_path, monkeypatch, capsys):
    lang_dir = tmp_path / "dealerbox" / "lang" / "tables"
    lang_dir.mkdir(parents=True)
    monkeypatch.setattr(build, "FIRMWARE", str(tmp_path))
    bench_lang.run()
    assert capsys.readouterr().out == ("bench: lang_table_bytes_max = 0 B  (target: <= 16 KB, the largest language "
                                       "table file; no table yet)\n")
    fr = {"Language": "Langue"}
    de = {"Language": "Sprache", "Players": "Spieler", "Names": "Namen"}
    (lang_dir / "fr.bin").write_bytes(lang.generated(fr, list(fr)))     # as ``build`` writes
    (lang_dir / "de.bin").write_bytes(lang.generated(de, list(de)))
    (lang_dir / "notes.bin").write_bytes(b"y" * 500)     # not a language of LANGS
    sizes = bench_lang.table_sizes()
    # a head of 12 bytes, 6 per key, 2 more, the translations' utf-8
    assert sizes == {"fr": 12 + 6 + 2 + 6, "de": 12 + 18 + 2 + 7 + 7 + 5}
    bench_lang.run()
    assert capsys.readouterr().out == ("bench: lang_table_bytes_max = %d B  (target: <= 16 KB, the largest language "
                                       "table file: lang/tables/de.bin)\n" % sizes["de"])
