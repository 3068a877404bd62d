"""Errors the kernel raises for people at a terminal (the CLI prints them without a traceback)."""

from __future__ import annotations


class ExpansionError(Exception):
    """A problem with the expansion selection, worded for the person at the terminal."""
