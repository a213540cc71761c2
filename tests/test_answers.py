"""The checking rule of fill-in answers (attention_site.answers): the lesson's cases, in Python. The same cases go
through LibreOffice in tests/test_workbooks.py and through the browser in tests/browser/test_widgets.py."""

from __future__ import annotations

import pytest
from answer_cases import CASES, PRODUCT, PRODUCT_SLACK, Case

from attention_site.answers import accepts


@pytest.mark.parametrize("case", CASES, ids=lambda case: f"{case.typed}-for-{case.answer:.4f}")
def test_the_rule_gives_each_verdict(case: Case) -> None:
    """Assert each answer of the shared list gets its verdict from the rule."""
    assert accepts(case.typed, case.answer, case.places, case.slack) is case.right


def test_working_from_the_printed_weight_is_right() -> None:
    """Assert 0.245 × 5 = 1.225 and its rounding 1.23 are right for 1.22 (exact 1.2236), as 1.2 is: the checker
    marked the first two wrong and the third right. The slack is what the printed weight changes: 0.245 - 0.2447."""
    assert pytest.approx(1.2236, abs=1e-4) == PRODUCT and pytest.approx(1.225 - PRODUCT) == PRODUCT_SLACK
    assert [accepts(x, PRODUCT, 2, PRODUCT_SLACK) for x in (1.225, 1.23, 1.2)] == [True, True, True]
    assert [accepts(x, PRODUCT, 2) for x in (1.225, 1.23)] == [True, False]  # without the slack 1.23 is out
