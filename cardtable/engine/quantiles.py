"""A running summary of non-negative samples (decision times) whose size does not grow with their number.

``QuantileSketch`` keeps the count, the exact mean, minimum and maximum, and a histogram whose bucket edges grow
by a fixed ratio: the mapping of DDSketch (Masson, Rim and Lee, VLDB 2019).  Any quantile it reports is within
``accuracy`` (relative) of the exact one, and the buckets a run fills depend on the spread of its values (one per
1 % of ratio between the smallest and the largest), never on how many there are: a million decisions between
a microsecond and a second fill at most some 1,400 buckets.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

#: The relative error of a reported quantile: half the 1 % the summaries promise, so rounding leaves room.
DEFAULT_ACCURACY = 0.005


def quantile_rank(count: int, q: float) -> int:
    """The 0-based rank, among ``count`` ordered samples, that stands for the ``q`` quantile (nearest rank)."""
    return min(count - 1, int(count * q))


def exact_quantile(samples: Sequence[float], q: float) -> float:
    """The ``q`` quantile of ``samples`` from the whole sorted list: the reference the sketch is held to."""
    ordered = sorted(samples)
    return ordered[quantile_rank(len(ordered), q)]


class QuantileSketch:
    """Count, mean, minimum, maximum and quantiles of a stream of non-negative numbers, in bounded memory.

    A positive value ``x`` falls in bucket ``ceil(log(x) / log(gamma))``, whose values lie within a factor
    ``gamma = (1 + accuracy) / (1 - accuracy)``; the bucket's middle ``2 gamma^i / (gamma + 1)`` is then within
    ``accuracy`` of each of them.  The mapping is monotone, so the sample at a given rank lies in the bucket the
    running counts reach at that rank, and the reported quantile is within ``accuracy`` of the exact one.  Zero
    (a clock that did not tick) has a bucket of its own; negative values, which no clock gives, count as zero.
    """

    __slots__ = (
        "_buckets",
        "_buckets_per_log",
        "_carry",
        "_log_gamma",
        "_middle",
        "_total",
        "_zeros",
        "count",
        "maximum",
        "minimum",
    )

    def __init__(self, accuracy: float = DEFAULT_ACCURACY) -> None:
        if not 0 < accuracy < 1:
            raise ValueError(f"accuracy must be between 0 and 1, not {accuracy}")
        gamma = (1 + accuracy) / (1 - accuracy)
        self._log_gamma = math.log(gamma)
        self._buckets_per_log = 1 / self._log_gamma
        #: Bucket i's reported value is gamma ** i times this.
        self._middle = 2 / (gamma + 1)
        self._buckets: dict[int, int] = {}
        self._zeros = 0
        self.count = 0
        # The sum is compensated (Kahan): ``_carry`` is what the last addition lost, so the mean of a million
        # quick decisions and a few slow ones is as exact as ``statistics.fmean``.
        self._total = 0.0
        self._carry = 0.0
        self.minimum = math.inf
        self.maximum = -math.inf

    def add(self, value: float) -> None:
        # Called twice a decision: plain comparisons rather than min() and max(), which cost more than the rest.
        if value < 0:
            value = 0.0
        self.count += 1
        value_left = value - self._carry
        total = self._total + value_left
        self._carry = (total - self._total) - value_left
        self._total = total
        if value < self.minimum:
            self.minimum = value
        if value > self.maximum:
            self.maximum = value
        if value == 0:
            self._zeros += 1
        else:
            index = math.ceil(math.log(value) * self._buckets_per_log)
            self._buckets[index] = self._buckets.get(index, 0) + 1

    @property
    def buckets(self) -> int:
        """How many buckets hold samples: the summary's size, bounded by the spread of the values."""
        return len(self._buckets) + (self._zeros > 0)

    @property
    def mean(self) -> float:
        if not self.count:
            raise ValueError("the mean of no samples")
        return (self._total - self._carry) / self.count

    def quantile(self, q: float) -> float:
        """The ``q`` quantile (nearest rank, as ``exact_quantile``), within the accuracy of the exact one."""
        if not self.count:
            raise ValueError("a quantile of no samples")
        rank = quantile_rank(self.count, q)
        if rank == 0:
            return self.minimum
        if rank == self.count - 1:
            return self.maximum
        if rank < self._zeros:
            return 0.0
        seen = self._zeros
        for index in sorted(self._buckets):
            seen += self._buckets[index]
            if seen > rank:
                # The minimum and maximum are exact, and the sample sought lies between them: clamping only helps.
                estimate = math.exp(index * self._log_gamma) * self._middle
                return min(max(estimate, self.minimum), self.maximum)
        raise AssertionError("the buckets hold every counted sample")
