"""The hostile-input tally of issue 16 (a package, so its conftest does not shadow tests/conftest.py)."""
