"""Multiple-choice questions used the way a reader uses them: by keyboard with JavaScript, by opening an option
without it, on paper (options, no feedback) and through axe."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Browser, Locator, Page, expect

from browser.conftest import open_context, run_axe, wait_for_features
from browser.test_print import _needs_pdftotext, print_to_text  # noqa: F401 (its fixture, autouse)

pytestmark = pytest.mark.browser

STEM = "In head 1, which key will the query of rolls weight most?"
WRONG = "rolls itself: a token attends most to itself"  # the first option, a misconception
WRONG_FEEDBACK = "Nothing makes a token attend most to itself"
RIGHT_FEEDBACK = "the weights follow the scores"


def first_question(page: Page, site_url: str) -> Locator:
    """The checks page's first question, once the page's scripts have set it up."""
    page.goto(site_url + "beyond/checks/")
    wait_for_features(page)
    question = page.locator(".md-content .admonition.choice").first
    expect(question).to_have_attribute("data-ready", "")
    return question


def test_a_wrong_then_the_right_option_by_keyboard_each_with_its_feedback(page: Page, site_url: str) -> None:
    """Assert a reader who chooses with the keyboard hears (a polite live region) the verdict and the feedback of
    the option chosen, and only that option's: first a misconception, then the right one."""
    question = first_question(page, site_url)
    group = question.get_by_role("radiogroup", name=STEM)
    feedback = question.get_by_role("status")
    expect(feedback).to_have_attribute("aria-live", "polite")
    expect(question.locator("details.option").first).to_be_hidden()  # the options are the radio group now

    group.get_by_role("radio").first.focus()
    page.keyboard.press("Space")
    expect(group.get_by_role("radio", name=WRONG)).to_be_checked()
    page.keyboard.press("Enter")  # Enter on an option checks it
    expect(feedback).to_contain_text("Not this one.", use_inner_text=True)
    expect(feedback).to_contain_text(WRONG_FEEDBACK, use_inner_text=True)
    expect(feedback).not_to_contain_text(RIGHT_FEEDBACK, use_inner_text=True)
    expect(question.locator(".choice__option--wrong")).to_contain_text("not right")

    page.keyboard.press("ArrowDown")  # the next option, ball: a new choice clears the old verdict
    expect(group.get_by_role("radio", name="ball")).to_be_checked()
    expect(feedback).to_have_text("", use_inner_text=True)
    page.keyboard.press("Tab")
    expect(question.get_by_role("button", name="Check")).to_be_focused()
    page.keyboard.press("Enter")
    expect(feedback).to_contain_text("Right.", use_inner_text=True)
    expect(feedback).to_contain_text(RIGHT_FEEDBACK, use_inner_text=True)
    expect(feedback).not_to_contain_text(WRONG_FEEDBACK, use_inner_text=True)
    expect(question.locator(".choice__option--right")).to_contain_text("right")


def test_on_a_phone_a_checked_question_fits_and_passes_axe(browser: Browser, site_url: str) -> None:
    """Assert that on a 375 px phone the checks page, a question checked and its feedback shown, scrolls not
    sideways, and axe-core finds nothing on it (axe is injected as an inline script, so the policy is bypassed
    here; the test above runs under it)."""
    context = open_context(browser, [], viewport={"width": 375, "height": 800}, bypass_csp=True)
    page = context.new_page()
    question = first_question(page, site_url)
    question.get_by_role("radio", name=WRONG).check()
    question.get_by_role("button", name="Check").click()
    expect(question.get_by_role("status")).to_contain_text(WRONG_FEEDBACK, use_inner_text=True)
    assert page.evaluate("document.documentElement.scrollWidth") <= 375
    assert run_axe(page) == []
    context.close()


def test_without_javascript_each_option_opens_on_its_verdict_and_feedback(browser: Browser, site_url: str) -> None:
    """Assert that without JavaScript the options are closed blocks, alike, each opening on its feedback headed by
    its verdict, and that the page prints the options without their feedback, the one left open included."""
    context = open_context(browser, [], java_script_enabled=False)
    page = context.new_page()
    page.goto(site_url + "beyond/checks/")
    question = page.locator(".md-content .admonition.choice").first
    options = question.locator("details.option")
    expect(options).to_have_count(4)
    expect(question.get_by_text(WRONG_FEEDBACK)).to_be_hidden()
    options.first.locator("summary").click()
    expect(question.get_by_text(WRONG_FEEDBACK)).to_be_visible()
    verdicts = [option.locator("summary + p").evaluate("p => getComputedStyle(p, '::before').content")
                for option in options.all()]
    assert verdicts == ['"Not this one. "', '"Right. "', '"Not this one. "', '"Not this one. "']
    printed = " ".join(print_to_text(page, "choices-worksheet-without-javascript").split())
    assert STEM in printed and WRONG in printed
    assert WRONG_FEEDBACK not in printed and RIGHT_FEEDBACK not in printed  # the option left open too
    context.close()


def test_on_paper_the_options_print_and_the_feedback_does_not(page: Page, site_url: str) -> None:
    """Assert the printed worksheet shows every option of a question, even one chosen and checked on screen, and
    no verdict, mark or feedback; the answer key shows the feedback."""
    question = first_question(page, site_url)
    question.get_by_role("radio", name=WRONG).check()
    question.get_by_role("button", name="Check").click()
    expect(question.get_by_role("status")).to_contain_text(WRONG_FEEDBACK, use_inner_text=True)
    printed = " ".join(print_to_text(page, "choices-worksheet").split())
    assert STEM in printed and WRONG in printed and "ball" in printed
    assert WRONG_FEEDBACK not in printed and "Not this one." not in printed and "\u2717" not in printed
    assert "Check" not in printed.split(STEM)[1][:300]  # nor the button

    page.evaluate("""() => {
        document.documentElement.setAttribute("data-print", "answer-key");
        document.querySelectorAll(".md-content details").forEach(details => { details.open = true; });
    }""")
    key = " ".join(print_to_text(page, "choices-answer-key").split())
    assert WRONG_FEEDBACK in key and RIGHT_FEEDBACK in key


def test_changed_numbers_reach_the_options_and_their_feedback(page: Page, site_url: str) -> None:
    """Assert that on the live checks page a changed input recomputes the numbers shown in the options: they are
    the page's own nodes, moved into the radio group, not copies live.js cannot see; the feedback follows too."""
    first_question(page, site_url)
    quiz = page.locator(".md-content .admonition.choice", has_text="What is the new vector of late?")
    quiz.scroll_into_view_if_needed()  # a question is built as the reader comes to it
    blend = quiz.locator("label.choice__option", has_text="a blend of all three values")
    picking = quiz.locator("label.choice__option", has_text="attention picks the best match")
    average = quiz.locator("label.choice__option", has_text="the plain average")
    before = [blend.inner_text(), picking.inner_text(), average.inner_text()]
    page.get_by_role("button", name="Change the numbers").click()
    field = page.get_by_label("value of bus, entry 1")
    field.fill("20")
    field.press("Enter")
    expect(picking).to_have_text(re.compile(r"^\(20, 0\)"))
    assert [blend.inner_text(), average.inner_text()] != before[::2] and blend.inner_text() != before[0]
    average.get_by_role("radio").check()
    quiz.get_by_role("button", name="Check").click()
    expect(quiz.get_by_role("status")).to_contain_text("Not this one.", use_inner_text=True)
    weights = quiz.get_by_role("status").inner_text()
    assert "the values are mixed with the weights" in weights



# Run before the page's scripts: count the questions already built the first time any is, at the end of that task.
BUILT_AT_ONCE = """(() => {
    window.builtAtOnce = null;
    new MutationObserver(() => {
        const built = document.querySelectorAll(".admonition.choice[data-ready]").length;
        if (window.builtAtOnce === null && built) window.builtAtOnce = built;
    }).observe(document, {subtree: true, attributes: true, attributeFilter: ["data-ready"]});
})()"""


def test_questions_are_built_as_they_come_near_the_view_and_all_before_a_print(page: Page, site_url: str) -> None:
    """Assert the checks page does not build its questions all at once as it starts (one long task, Lighthouse's
    266 ms at its 4x slowdown): only those near the view, the last one once the reader scrolls to it, and every one
    left at once when a print begins (the printout waits for no script)."""
    page.add_init_script(BUILT_AT_ONCE)
    first_question(page, site_url)
    questions = page.locator(".md-content .admonition.choice")
    total = questions.count()
    assert total >= 10
    assert 1 <= page.evaluate("window.builtAtOnce") < total / 2
    questions.last.scroll_into_view_if_needed()
    expect(questions.last).to_have_attribute("data-ready", "")
    assert page.locator(".md-content .admonition.choice[data-ready]").count() < total
    page.evaluate("window.dispatchEvent(new Event('beforeprint'))")
    assert page.locator(".md-content .admonition.choice:not([data-ready])").count() == 0
