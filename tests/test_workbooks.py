"""Workbooks: every worked example as a spreadsheet with live formulas, checked by a real spreadsheet program.

The slow tests write every workbook, a copy of each with one input changed, and practice copies filled in
right and wrong, then ask LibreOffice (headless) to recalculate all of them in one run and save every sheet
as CSV; each derived cell is compared with attention_core's number to the places the site shows.
"""

from __future__ import annotations

import csv
import dataclasses
import functools
import io
import os
import shutil
import subprocess
import sys
import zipfile
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

import openpyxl
import pytest
from answer_cases import CASES

from attention_site.answers import spreadsheet_check
from attention_site.workbooks import (
    WORKBOOKS,
    Book,
    book_for,
    file_names,
    input_value,
    place,
    site_url_from,
    teaching_pages,
    workbook_bytes,
    write_workbooks,
)
from attention_site.workbooks.__main__ import main
from attention_site.workbooks.layout import MINUS_INFINITY

ROOT = Path(__file__).resolve().parent.parent
SITE_URL = site_url_from(ROOT / "mkdocs.yml")
CSV_FILTER = "csv:Text - txt - csv (StarCalc):44,34,76,1,,0,false,true,false,false,false,-1"  # UTF-8, every sheet
RIGHT, WRONG = "✓", "✗"

# One input changed per example: (field of the dataclass, row, column, new entry as authored).
CHANGES = {
    "red-ball-rolls": ("W_k_text", 1, 0, "ln 3"),
    "bus-is-late": ("keys_text", 0, 0, "3"),
    "scaling": ("keys_text", 1, 2, "1"),
    "kv-cache": ("W_v_text", 2, 1, "3"),
    "red-ball-layer": ("W_1_text", 2, 3, "-1"),
    "tiled-attention": ("K_text", 3, 0, "2"),
    "positions": ("embeddings_text", 1, 2, "2"),
}

Sheets = dict[str, list[list[str]]]


# --- helpers: LibreOffice, CSV, the example with one input changed --------------------------------------------


def soffice() -> str:
    """The LibreOffice program; without it a skip, or a failure when CI=true."""
    program = shutil.which("soffice")
    if program is None:
        message = "LibreOffice is missing: run `make libreoffice` (Debian's libreoffice-calc-nogui)"
        if os.environ.get("CI") == "true":
            pytest.fail(message)
        pytest.skip(message)
    return program


def recalculate(books: list[Path], out: Path) -> dict[str, Sheets]:
    """Open, recalculate and save every sheet of every book as CSV in one LibreOffice run; rows by stem and sheet."""
    profile = out / "profile"
    command = [soffice(), f"-env:UserInstallation=file://{profile}", "--headless", "--calc",
               "--convert-to", CSV_FILTER, "--outdir", str(out / "csv"), *map(str, books)]
    result = subprocess.run(command, capture_output=True, text=True, timeout=600, check=False)
    assert result.returncode == 0, result.stderr
    found: dict[str, Sheets] = {}
    for book in books:
        for sheet in openpyxl.load_workbook(book, read_only=True).sheetnames:
            text = (out / "csv" / f"{book.stem}-{sheet}.csv").read_text(encoding="utf-8")
            found.setdefault(book.stem, {})[sheet] = list(csv.reader(io.StringIO(text)))
    return found


def shown(value: float | str, places: int) -> str:
    """A number as the site shows it to `places` decimals (−∞ as text), without a negative zero."""
    if isinstance(value, str) or value == float("-inf"):
        return MINUS_INFINITY if value in (MINUS_INFINITY, float("-inf")) else value
    text = f"{value:.{places}f}"
    return text[1:] if text.startswith("-") and float(text) == 0 else text


def mismatches(book: Book, sheets: Sheets) -> list[str]:
    """Every entry of every grid whose recalculated value differs from the core's at the grid's places."""
    wrong = []
    for placed in place(book).values():
        grid = placed.grid
        rows = sheets[placed.sheet]
        for i in range(grid.shape[0]):
            for j in range(grid.shape[1]):
                cell, value = rows[placed.row + i - 1][placed.column + j - 1], grid.expected[i, j]
                if isinstance(value, str):  # a word, such as the next token
                    got, want = cell, value
                else:
                    got = cell if cell == MINUS_INFINITY else shown(float(cell), grid.check_places)
                    want = shown(float(value), grid.check_places)
                if got != want:
                    wrong.append(f"{placed.sheet}!{placed.address(i, j)} ({grid.key}[{i},{j}]): {got}, core {want}")
    return wrong


def changed(key: str) -> object:
    """The site's example with the input of CHANGES[key] replaced, built with dataclasses.replace."""
    field, i, j, text = CHANGES[key]
    example = WORKBOOKS[key].example
    rows = [list(row) for row in getattr(example, field)]
    rows[i][j] = text
    return dataclasses.replace(example, **{field: tuple(tuple(row) for row in rows)})


def change_file(source: Path, target: Path, key: str) -> None:
    """Write CHANGES[key]'s new entry into the input cell of a model workbook with openpyxl."""
    field, i, j, text = CHANGES[key]
    placed = next(p for p in place(book_for(key)).values() if p.grid.source == field)
    wb = openpyxl.load_workbook(source)
    wb[placed.sheet].cell(placed.row + i, placed.column + j).value = input_value(text)
    wb.save(target)


def fill_practice(source: Path, target: Path, key: str, offset: float) -> None:
    """Type the core's answers, rounded to the places shown, into every blank; with `offset`, moved by it times one and
    a half units of the place before the last, beyond the entry's slack: more than the checking rule allows
    (attention_site.answers)."""
    wb = openpyxl.load_workbook(source)
    for placed in place(book_for(key)).values():
        grid = placed.grid
        if grid.is_input:
            continue
        for i in range(grid.shape[0]):
            for j in range(grid.shape[1]):
                value = grid.expected[i, j]
                cell = wb[placed.sheet].cell(placed.row + i, placed.column + j)
                if isinstance(value, str):
                    cell.value = value + "s" if offset else value
                elif value == float("-inf"):
                    cell.value = "5" if offset else MINUS_INFINITY
                else:
                    beyond = grid.slack_at(i, j) + 1.5 * 10.0 ** (1 - grid.check_places)
                    cell.value = round(value + offset * beyond, grid.check_places)
    wb.save(target)


def check_cells(key: str, sheets: Sheets) -> list[str]:
    """What every check cell of a recalculated practice copy says."""
    book = book_for(key)
    said = []
    for sheet in book.sheets:
        rows = sheets[sheet.title]
        for grid in sheet.grids:
            if grid.is_input:
                continue
            placed = place(book)[grid.key]
            for i in range(grid.shape[0]):
                said.extend(rows[placed.row + i - 1][sheet.check_column - 1 + j] for j in range(grid.shape[1]))
    return said


@dataclass(frozen=True)
class Recalculated:
    """Every CSV of the one LibreOffice run, by file stem."""

    sheets: dict[str, Sheets]


@pytest.fixture(scope="module")
def recalculated(tmp_path_factory: pytest.TempPathFactory) -> Recalculated:
    """All workbooks, changed copies and filled practice copies, recalculated by LibreOffice in one run."""
    soffice()
    folder = tmp_path_factory.mktemp("workbooks")
    books = write_workbooks(folder / "books", site_url=SITE_URL)
    extra = []
    for key in WORKBOOKS:
        model, practice = (folder / "books" / name for name in file_names(key))
        extra.append(folder / "books" / f"{key}-changed.xlsx")
        change_file(model, extra[-1], key)
        for label, offset in (("right", 0.0), ("wrong", 1.0)):
            extra.append(folder / "books" / f"{key}-practice-{label}.xlsx")
            fill_practice(practice, extra[-1], key, offset)
    extra.append(answer_cases_book(folder / "books" / "answer-cases.xlsx"))
    return Recalculated(recalculate([*books, *extra], folder))


def answer_cases_book(target: Path) -> Path:
    """A sheet of the shared answer cases: the typed number, the answer, and the practice copies' check of it."""
    wb = openpyxl.Workbook()
    for row, case in enumerate(CASES, start=1):
        right = spreadsheet_check(f"A{row}", f"B{row}", case.places, case.slack)
        wb.active.append([case.typed, case.answer, f'=IF({right},"right","wrong")'])
    wb.save(target)
    return target


# One worker runs every test of the LibreOffice run under `pytest -n`, so the run is made once.
ONE_LIBREOFFICE_RUN = pytest.mark.xdist_group("libreoffice")


# --- LibreOffice: recalculated numbers and checks --------------------------------------------------------------


@pytest.mark.slow
@ONE_LIBREOFFICE_RUN
@pytest.mark.parametrize("key", list(WORKBOOKS))
def test_every_derived_cell_matches_the_core(recalculated: Recalculated, key: str) -> None:
    """Assert LibreOffice's value of every cell of every grid equals attention_core's to the places shown."""
    assert mismatches(book_for(key), recalculated.sheets[key]) == []


@pytest.mark.slow
@ONE_LIBREOFFICE_RUN
@pytest.mark.parametrize("key", list(WORKBOOKS))
def test_a_changed_input_recomputes_every_cell(recalculated: Recalculated, key: str) -> None:
    """Assert that after one input cell is changed every cell equals the core run on the changed example."""
    before, after = book_for(key), book_for(key, changed(key))
    assert {k: (p.sheet, p.row, p.column) for k, p in place(before).items()} == {
        k: (p.sheet, p.row, p.column) for k, p in place(after).items()}
    assert mismatches(after, recalculated.sheets[f"{key}-changed"]) == []
    assert mismatches(before, recalculated.sheets[f"{key}-changed"]) != []  # the change shows downstream


@pytest.mark.slow
@ONE_LIBREOFFICE_RUN
@pytest.mark.parametrize("key", list(WORKBOOKS))
def test_practice_checks_right_and_wrong_answers(recalculated: Recalculated, key: str) -> None:
    """Assert the practice copy's checks are blank untouched, ✓ for the core's answers and ✗ for others."""
    untouched = check_cells(key, recalculated.sheets[f"{key}-practice"])
    right = check_cells(key, recalculated.sheets[f"{key}-practice-right"])
    wrong = check_cells(key, recalculated.sheets[f"{key}-practice-wrong"])
    assert untouched and set(untouched) == {""}
    assert set(right) == {RIGHT}
    assert set(wrong) == {WRONG}


@pytest.mark.slow
@ONE_LIBREOFFICE_RUN
def test_libreoffice_checks_the_shared_answers_as_the_site_does(recalculated: Recalculated) -> None:
    """Assert LibreOffice's check of every answer of tests/answer_cases.py gives that answer's verdict, the one Python
    and the browser give (0.245 × 5 = 1.225 right for 1.22; the old ROUND(x,2)=ROUND(key,2) marked it wrong)."""
    [sheet] = recalculated.sheets["answer-cases"].values()
    assert [row[2] for row in sheet] == ["right" if case.right else "wrong" for case in CASES]


@pytest.mark.slow
@ONE_LIBREOFFICE_RUN
@pytest.mark.parametrize("key", list(WORKBOOKS))
def test_practice_answers_are_the_models(recalculated: Recalculated, key: str) -> None:
    """Assert the hidden answer sheets of the practice copy hold the core's numbers at the grids' places."""
    book = book_for(key)
    sheets = recalculated.sheets[f"{key}-practice"]
    answers = {sheet.title: sheets[f"key {n}"] for n, sheet in enumerate(book.sheets, start=1)}
    assert mismatches(book, answers) == []


# --- the files themselves: formulas, names, links, practice, no macros -----------------------------------------


@functools.cache
def built(key: str, practice: bool = False) -> bytes:
    """One workbook's bytes, built once per test session."""
    return workbook_bytes(key, practice, site_url=SITE_URL)


def load(key: str, practice: bool = False) -> openpyxl.Workbook:
    """One workbook as openpyxl reads it."""
    return openpyxl.load_workbook(io.BytesIO(built(key, practice)))


@pytest.mark.parametrize("key", list(WORKBOOKS))
def test_inputs_are_values_and_derived_cells_formulas(key: str) -> None:
    """Assert input cells hold numbers (or =LN(2), =1/2) in the input style with a note, derived cells formulas."""
    wb = load(key)
    for placed in place(book_for(key)).values():
        ws = wb[placed.sheet]
        for i in range(placed.grid.shape[0]):
            for j in range(placed.grid.shape[1]):
                value = ws.cell(placed.row + i, placed.column + j).value
                if placed.grid.is_input:
                    assert value == input_value(placed.grid.authored[i][j])
                    assert ws.cell(placed.row + i, placed.column + j).style == "Example input"
                    assert "change it" in ws.cell(placed.caption_row, 1).comment.text
                elif placed.grid.array is not None and (i, j) == (0, 0):  # one formula for the whole grid
                    assert value.ref == placed.span().replace("$", "") and value.text.startswith("=")
                elif placed.grid.cell is not None:
                    assert str(value).startswith("="), (placed.sheet, placed.address(i, j), value)


def test_sheets_follow_the_walk_through_with_the_sites_names() -> None:
    """Assert red ball rolls has one sheet per page in order and the names Q, K, V, S, M, A, O per head."""
    wb = load("red-ball-rolls")
    assert wb.sheetnames == ["Worked example", "Projections", "Scores", "Causal mask", "Softmax", "Weighted sum",
                             "Second head", "Output projection"]
    names = set(wb.defined_names)
    assert {"Q", "K", "V", "S", "M", "A", "O", "X", "W_O", "U"} <= names
    assert {"Q_2", "K_2", "V_2", "S_2", "M_2", "A_2", "O_2"} <= names
    assert wb.defined_names["S"].attr_text == "'Scores'!$B$16:$D$18"


def test_every_sheet_links_to_its_page() -> None:
    """Assert each sheet links to its page online (site_url) and relative to downloads/, and has a note."""
    for key in WORKBOOKS:
        wb = load(key)
        for sheet, ws in zip(book_for(key).sheets, wb.worksheets, strict=True):
            path = sheet.page
            assert ws["A2"].hyperlink.target == SITE_URL + path
            assert ws["A3"].hyperlink.target == "../" + path
            assert "../" + path in ws["A1"].comment.text


def test_kv_cache_names_are_local_to_each_step() -> None:
    """Assert each step sheet of the KV cache has its own K, V, S, A and O."""
    wb = load("kv-cache")
    for t in (1, 2, 3):
        ws = wb[f"Step {t}"]
        assert {"x_t", "q_t", "K", "V", "S", "A", "O"} <= set(ws.defined_names)


@pytest.mark.parametrize("key", list(WORKBOOKS))
def test_practice_copy_hides_its_answers(key: str) -> None:
    """Assert the practice copy leaves derived cells blank and keeps the answers on hidden, protected sheets."""
    wb = load(key, practice=True)
    book = book_for(key)
    keys = [ws for ws in wb.worksheets if ws.title.startswith("key ")]
    assert len(keys) == len(book.sheets)
    assert all(ws.sheet_state == "hidden" and ws.protection.sheet for ws in keys)
    for placed in place(book).values():
        if not placed.grid.is_input:
            assert wb[placed.sheet][placed.address(0, 0)].value is None


@pytest.mark.parametrize("practice", [False, True])
def test_no_macros(practice: bool) -> None:
    """Assert no workbook holds a macro project or declares a macro-enabled content type."""
    for key in WORKBOOKS:
        archive = zipfile.ZipFile(io.BytesIO(built(key, practice)))
        assert not [name for name in archive.namelist() if "vba" in name.lower()]
        assert b"macroEnabled" not in archive.read("[Content_Types].xml")


# --- reproducible ----------------------------------------------------------------------------------------------

BUILD_SCRIPT = """
import sys
sys.path[:] = {path!r}
from pathlib import Path
from attention_site.workbooks import write_workbooks
write_workbooks(Path(sys.argv[1]), site_url={url!r})
"""


def build_in_subprocess(folder: Path, env: dict[str, str]) -> dict[str, bytes]:
    """Write every workbook in a fresh interpreter with `env`; return the files' bytes by name."""
    script = BUILD_SCRIPT.format(path=sys.path, url=SITE_URL)
    result = subprocess.run([sys.executable, "-c", script, str(folder)], env={**os.environ, **env},
                            capture_output=True, text=True, timeout=300, check=False)
    assert result.returncode == 0, result.stderr
    return {path.name: path.read_bytes() for path in sorted(folder.iterdir())}


def test_two_builds_are_byte_identical(tmp_path: Path) -> None:
    """Assert two builds with other hash seeds, time zones and clocks give the same bytes."""
    first = build_in_subprocess(tmp_path / "first", {"SOURCE_DATE_EPOCH": "1700000000", "PYTHONHASHSEED": "1",
                                                     "TZ": "UTC"})
    second = build_in_subprocess(tmp_path / "second", {"SOURCE_DATE_EPOCH": "1700000000", "PYTHONHASHSEED": "2",
                                                       "TZ": "Pacific/Auckland"})
    assert sorted(first) == sorted(n for key in WORKBOOKS for n in file_names(key))
    assert first == second


def test_dates_come_from_source_date_epoch(monkeypatch: pytest.MonkeyPatch) -> None:
    """Assert the document's dates and every zip entry's time are SOURCE_DATE_EPOCH's instant."""
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1700000000")
    archive = zipfile.ZipFile(io.BytesIO(workbook_bytes("scaling", site_url=SITE_URL)))
    stamp = datetime.fromtimestamp(1700000000, tz=UTC)
    assert {info.date_time for info in archive.infolist()} == {stamp.timetuple()[:6]}
    core = archive.read("docProps/core.xml").decode()
    assert core.count("2023-11-14T22:13:20Z") == 2


def test_command_line_writes_every_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Assert `python -m attention_site.workbooks FOLDER` writes the model and practice copy of every example."""
    assert main([str(tmp_path), "--site-url", SITE_URL]) == 0
    expected = sorted(name for key in WORKBOOKS for name in file_names(key))
    assert sorted(path.name for path in tmp_path.iterdir()) == expected
    assert capsys.readouterr().out.count(".xlsx") == len(expected)


@pytest.mark.parametrize(("text", "cell"), [
    ("2", 2), ("-1", -1), ("0.5", 0.5), ("1/2", "=1/2"), ("-1/2", "=-1/2"), ("ln 2", "=LN(2)"),
    ("sqrt 3", "=SQRT(3)"), ("-ln 2", "=-LN(2)"),
])
def test_authored_entries_become_cells(text: str, cell: object) -> None:
    """Assert an input is written as authored: whole numbers as numbers, fractions and logarithms as formulas."""
    assert input_value(text) == cell


def test_unknown_example_names_the_accepted_ones() -> None:
    """Assert asking for an example without a workbook raises ValueError listing those that have one."""
    with pytest.raises(ValueError, match="no workbook for example 'red-bal-rolls'; accepted: bus-is-late, kv-cache, "):
        book_for("red-bal-rolls")


def test_teaching_pages_exist_and_name_their_examples() -> None:
    """Assert every page a sheet links to is a page of the site, and the scores page teaches red ball rolls."""
    pages = teaching_pages()
    for page in pages:
        source = ROOT / "docs" / page.rstrip("/")
        assert source.with_suffix(".md").is_file() or (source / "index.md").is_file(), page
    assert pages["walkthrough/scores/"] == ("red-ball-layer", "red-ball-rolls")  # in the order of their keys
    assert pages["lesson/"] == ("bus-is-late",)


def test_a_token_that_looks_like_a_formula_is_written_as_text() -> None:
    """Assert a token of an example's data that starts with `=` is a text cell in both copies, never a formula."""
    example = dataclasses.replace(WORKBOOKS["bus-is-late"].example, tokens=("=1+1", "is", "late"))
    for practice in (False, True):
        wb = openpyxl.load_workbook(io.BytesIO(workbook_bytes("bus-is-late", practice, site_url=SITE_URL,
                                                              example=example)))
        labels = [cell for ws in wb.worksheets for row in ws.iter_rows() for cell in row if cell.value == "=1+1"]
        assert labels and all(cell.data_type == "s" for cell in labels), [(c.coordinate, c.data_type) for c in labels]
