"""The rules engine: pure Python, no pygame, no I/O, no clocks, no global randomness."""
