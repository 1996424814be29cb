"""The colour arithmetic the theme tests check the table's colours with.

Contrast is WCAG 2's ratio of relative luminances. Colour-blind sight is simulated with the full-severity
matrices of Machado, Oliveira and Fernandes (2009) applied in linear RGB, and two colours are told apart by
their CIE 1976 distance in CIELAB (about 2.3 is the smallest difference one notices; 20 and more reads as
another colour at a glance).
"""

from __future__ import annotations

from textual.color import Color

Matrix = tuple[tuple[float, float, float], tuple[float, float, float], tuple[float, float, float]]

SIGHTS: dict[str, Matrix] = {
    "protanopia": ((0.152286, 1.052583, -0.204868), (0.114503, 0.786281, 0.099216), (-0.003882, -0.048116, 1.051998)),
    "deuteranopia": ((0.367322, 0.860646, -0.227968), (0.280085, 0.672501, 0.047413), (-0.011820, 0.042940, 0.968881)),
    "tritanopia": ((1.255528, -0.076749, -0.178779), (-0.078411, 0.930809, 0.147602), (0.004733, 0.691367, 0.303900)),
}


def opaque(colour: str, under: str = "#000000") -> Color:
    """A CSS colour as drawn over ``under`` (a colour with alpha shows what lies beneath it)."""
    parsed = Color.parse(colour)
    return Color.parse(under).blend(parsed.with_alpha(1.0), parsed.a) if parsed.a < 1 else parsed


def _linear(channel: int) -> float:
    value = channel / 255
    return value / 12.92 if value <= 0.04045 else ((value + 0.055) / 1.055) ** 2.4


def linear_rgb(colour: Color) -> tuple[float, float, float]:
    return _linear(colour.r), _linear(colour.g), _linear(colour.b)


def luminance(colour: Color) -> float:
    red, green, blue = linear_rgb(colour)
    return 0.2126 * red + 0.7152 * green + 0.0722 * blue


def contrast(one: Color, other: Color) -> float:
    """WCAG 2's contrast ratio, from 1 (the same) to 21 (black on white)."""
    lighter, darker = sorted((luminance(one), luminance(other)), reverse=True)
    return (lighter + 0.05) / (darker + 0.05)


def seen_as(colour: Color, sight: str) -> tuple[float, float, float]:
    """The linear RGB a colour-blind eye of ``sight`` sees."""
    rgb = linear_rgb(colour)
    red, green, blue = (max(0.0, min(1.0, sum(m * c for m, c in zip(row, rgb, strict=True)))) for row in SIGHTS[sight])
    return red, green, blue


def lab(rgb: tuple[float, float, float]) -> tuple[float, float, float]:
    """CIELAB (D65) of a linear RGB colour."""
    red, green, blue = rgb
    x = (0.4124 * red + 0.3576 * green + 0.1805 * blue) / 0.95047
    y = 0.2126 * red + 0.7152 * green + 0.0722 * blue
    z = (0.0193 * red + 0.1192 * green + 0.9505 * blue) / 1.08883

    def f(t: float) -> float:
        return t ** (1 / 3) if t > 216 / 24389 else (24389 / 27 * t + 16) / 116

    return 116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))


def distance(one: Color, other: Color, sight: str | None = None) -> float:
    """How far apart two colours look (CIE76 ΔE), to normal sight or to a colour-blind ``sight``."""
    first = linear_rgb(one) if sight is None else seen_as(one, sight)
    second = linear_rgb(other) if sight is None else seen_as(other, sight)
    apart: float = sum((a - b) ** 2 for a, b in zip(lab(first), lab(second), strict=True)) ** 0.5
    return apart
