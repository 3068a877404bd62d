"""Confidence intervals for win shares and their differences.

Wilson's score interval for one share (it behaves at 0 and 1 where the plain normal interval does not), and
Newcombe's hybrid score intervals built from it for a difference of two shares: method 10 of Newcombe (1998a) for
independent samples, and of Newcombe (1998b) for paired samples (the same seeds played with and without a pack).
"""

from __future__ import annotations

import math

Z95 = 1.959963984540054


def wilson(successes: int, n: int, z: float = Z95) -> tuple[float, float]:
    """Wilson score interval for ``successes`` out of ``n`` ((0, 1) when there is no game)."""
    if n == 0:
        return 0.0, 1.0
    p = successes / n
    denominator = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denominator
    half = z / denominator * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n))
    return max(0.0, centre - half), min(1.0, centre + half)


def difference(x1: int, n1: int, x2: int, n2: int, z: float = Z95) -> tuple[float, float, float]:
    """``x2/n2 - x1/n1`` with Newcombe's hybrid score interval (independent samples)."""
    return _hybrid(x1 / n1, wilson(x1, n1, z), x2 / n2, wilson(x2, n2, z), 0.0)


def paired_difference(before: list[bool], after: list[bool], z: float = Z95) -> tuple[float, float, float]:
    """Share of ``after`` minus share of ``before`` for paired outcomes (game i of each played from the same seed),
    with Newcombe's interval for paired data: the Wilson intervals of both shares, corrected by their correlation."""
    if len(before) != len(after) or not before:
        raise ValueError("paired outcomes need the same, non-zero, number of games on both sides")
    n = len(before)
    a = sum(1 for x, y in zip(before, after) if x and y)
    b = sum(1 for x, y in zip(before, after) if x and not y)
    c = sum(1 for x, y in zip(before, after) if not x and y)
    d = n - a - b - c
    x1, x2 = a + b, a + c
    denominator = (a + b) * (c + d) * (a + c) * (b + d)
    phi = (a * d - b * c) / math.sqrt(denominator) if denominator else 0.0
    return _hybrid(x1 / n, wilson(x1, n, z), x2 / n, wilson(x2, n, z), phi)


def _hybrid(p1: float, ci1: tuple[float, float], p2: float, ci2: tuple[float, float],
            phi: float) -> tuple[float, float, float]:
    (l1, u1), (l2, u2) = ci1, ci2
    delta = p2 - p1
    lower = math.sqrt(max(0.0, (p2 - l2) ** 2 - 2 * phi * (p2 - l2) * (u1 - p1) + (u1 - p1) ** 2))
    upper = math.sqrt(max(0.0, (u2 - p2) ** 2 - 2 * phi * (u2 - p2) * (p1 - l1) + (p1 - l1) ** 2))
    return delta, delta - lower, delta + upper


def stratified_difference(strata: list[tuple[int, int, int, int]], z: float = Z95) -> tuple[float, float, float]:
    """Mantel-Haenszel difference of two shares over strata, each ``(wins1, n1, wins0, n0)`` (group 1 minus group
    0), with Sato's (1989) variance: the difference within comparable games (the same length, say), so that what
    makes games long or short does not pass for an effect. Strata missing a group carry no weight; with no weight
    at all the answer is ``(0, -1, 1)``."""
    weight = num = p_sum = q_sum = 0.0
    for y1, n1, y0, n0 in strata:
        total = n1 + n0
        if not n1 or not n0:
            continue
        weight += n1 * n0 / total
        num += (y1 * n0 - y0 * n1) / total
        p_sum += (n1 * n1 * y0 - n0 * n0 * y1 + n1 * n0 * (n0 - n1) / 2) / (total * total)
        q_sum += (y1 * (n0 - y0) + y0 * (n1 - y1)) / (2 * total)
    if not weight:
        return 0.0, -1.0, 1.0
    delta = num / weight
    half = z * math.sqrt(max(0.0, delta * p_sum + q_sum)) / weight
    return delta, max(-1.0, delta - half), min(1.0, delta + half)
