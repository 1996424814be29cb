"""README is for players and new contributors: short, its pictures and links real, its measurements in docs/.

The key table and the test command have checks of their own (tests/tui/test_keys.py, tests/engine/test_type_gate.py).
"""

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
README = (ROOT / "README.md").read_text(encoding="utf-8")


def test_readme_stays_short() -> None:
    assert len(README.splitlines()) <= 300


def test_every_picture_and_file_readme_links_to_exists() -> None:
    targets = re.findall(r"\]\(([^)#]+)\)", README)
    assert "assets/table.svg" in targets and "docs/STRENGTH.md" in targets and "docs/PERFORMANCE.md" in targets
    assert [target for target in targets if not (ROOT / target).is_file()] == []


def test_the_expert_level_anchor_strength_links_to_is_there() -> None:
    strength = (ROOT / "docs" / "STRENGTH.md").read_text(encoding="utf-8")
    assert "(#the-expert-level)" in strength and "\n## The expert level\n" in strength
