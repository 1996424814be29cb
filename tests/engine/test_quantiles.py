"""The decision-time summary: quantiles within its accuracy of the exact ones, the exact mean, and a size set by
the spread of the values, not by their number."""

from __future__ import annotations

import math
import random
import statistics

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardtable.engine.quantiles import DEFAULT_ACCURACY, QuantileSketch, exact_quantile

#: Every quantile the sketch is asked for here; sim reports the 0.99.
QUANTILES = (0.0, 0.01, 0.25, 0.5, 0.9, 0.99, 0.999, 1.0)


def sketch_of(samples: list[float]) -> QuantileSketch:
    sketch = QuantileSketch()
    for value in samples:
        sketch.add(value)
    return sketch


def relative_error(estimate: float, exact: float) -> float:
    return 0.0 if estimate == exact else abs(estimate - exact) / exact


def assert_close_to_the_exact_summary(samples: list[float]) -> None:
    sketch = sketch_of(samples)
    assert sketch.count == len(samples)
    assert sketch.minimum == min(samples) and sketch.maximum == max(samples)
    assert math.isclose(sketch.mean, statistics.fmean(samples), rel_tol=1e-12)
    for q in QUANTILES:
        error = relative_error(sketch.quantile(q), exact_quantile(samples, q))
        # The sketch's own promise, and with it the 1 % sim's summary is held to.
        assert error <= DEFAULT_ACCURACY * (1 + 1e-9) and error < 0.01, (q, error)


@settings(deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.floats(min_value=0, max_value=1e9, allow_nan=False, allow_infinity=False), min_size=1))
def test_any_quantile_is_within_the_accuracy_of_the_exact_one(samples: list[float]) -> None:
    """Any non-negative floats: zeros, subnormals, repeated values and values a billion apart."""
    assert_close_to_the_exact_summary(samples)


#: Heavy tails like a search's decision times (most quick, a few a hundred times slower), and worse.
DISTRIBUTIONS = {
    "pareto": lambda rng, shape: rng.paretovariate(shape) * 1e-5,
    "lognormal": lambda rng, shape: rng.lognormvariate(-9, shape),
    "mostly quick, a few slow": lambda rng, shape: rng.expovariate(1e5) * (1000 if rng.random() < 0.02 else shape),
}


@settings(deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.sampled_from(sorted(DISTRIBUTIONS)),
    st.floats(min_value=0.3, max_value=4),
    st.integers(min_value=1, max_value=3000),
    st.integers(min_value=0, max_value=2**32),
)
def test_heavy_tailed_samples_keep_their_quantiles(name: str, shape: float, count: int, seed: int) -> None:
    rng = random.Random(seed)
    assert_close_to_the_exact_summary([DISTRIBUTIONS[name](rng, shape) for _ in range(count)])


def test_the_mean_loses_no_quick_decision_beside_a_slow_one() -> None:
    """Summed plainly, a hundred thousand 1e-16 added to 1.0 vanish; the running sum carries what they add."""
    samples = [1.0, *[1e-16] * 100_000]
    assert math.isclose(sketch_of(samples).mean, statistics.fmean(samples), rel_tol=1e-14)


def wide_samples(count: int) -> list[float]:
    """From a nanosecond to a thousand seconds (log-uniform): far wider than any run's decision times."""
    rng = random.Random(7)
    return [10 ** rng.uniform(-9, 3) for _ in range(count)]


def bucket_bound(low: float, high: float) -> int:
    """The most buckets values between ``low`` and ``high`` can fill, whatever their number."""
    gamma = (1 + DEFAULT_ACCURACY) / (1 - DEFAULT_ACCURACY)
    return math.ceil(math.log(high / low) / math.log(gamma)) + 2


def check_the_size_stays_bounded(count: int) -> None:
    sketch = QuantileSketch()
    samples = wide_samples(count // 10)
    for value in samples:
        sketch.add(value)
    first = sketch.buckets
    for _ in range(9):
        for value in samples:
            sketch.add(value * 0.999)
    assert sketch.count == count
    # Ten times the samples, the same spread: a few more buckets at most (the copies shifted by 0.1 %), never more
    # than the spread allows.
    assert sketch.buckets <= bucket_bound(1e-9, 1e3) < 3000
    assert sketch.buckets <= first + 100


def test_the_size_depends_on_the_spread_not_the_number() -> None:
    check_the_size_stays_bounded(100_000)


@pytest.mark.slow
def test_a_million_samples_fill_no_more_buckets_than_their_spread_allows() -> None:
    check_the_size_stays_bounded(1_000_000)


def test_an_empty_sketch_says_so_rather_than_inventing_a_number() -> None:
    sketch = QuantileSketch()
    with pytest.raises(ValueError, match="no samples"):
        _ = sketch.mean
    with pytest.raises(ValueError, match="no samples"):
        sketch.quantile(0.99)
    with pytest.raises(ValueError, match="accuracy"):
        QuantileSketch(0)
