"""Benchmarks for `make bench`: each bench_*.py has rows() (see host_tools/bench.py)."""
