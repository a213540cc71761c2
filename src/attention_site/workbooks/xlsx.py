"""Write a `Book` as an openpyxl workbook: the model copy (live formulas) or the practice copy.

Model copy: inputs in marked cells, every other entry a formula, the site's names as defined names.
Practice copy: the same inputs; every derived entry blank for the learner, with a check beside it that
compares the typed value, to the places the site shows, with the model's formula on a hidden, protected
answer sheet (`key 1`, `key 2`, ...). The answer sheets read the visible inputs, so a teacher who changes
an input changes the answers too. No macros anywhere.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Literal

from openpyxl import Workbook
from openpyxl.cell.cell import Cell
from openpyxl.comments import Comment
from openpyxl.formatting.rule import CellIsRule, Rule
from openpyxl.styles import Alignment, Border, Font, NamedStyle, PatternFill, Side
from openpyxl.utils import get_column_letter, quote_sheetname
from openpyxl.workbook.defined_name import DefinedName
from openpyxl.worksheet.datavalidation import DataValidation
from openpyxl.worksheet.formula import ArrayFormula
from openpyxl.worksheet.pagebreak import Break
from openpyxl.worksheet.properties import PageSetupProperties
from openpyxl.worksheet.worksheet import Worksheet

from ..answers import spreadsheet_check
from .layout import FIRST_COLUMN, MINUS_INFINITY, Book, Grid, Placed, Refs, Sheet, input_value, place

AUTHOR = "Attention by Hand"
INK, INDIGO, GREY = "1A1A2E", "3F51B5", "5F6368"
THIN = Side(style="thin", color="B0B7D6")
FONT = "Arial"  # everywhere, and metric-compatible Liberation Sans where LibreOffice has no Arial
LABEL_WIDTH, ENTRY_WIDTH, CHECK_WIDTH = 20, 11, 8
PRINTED_COLUMNS = 9  # at least A to I on paper, so the links and the line of text are not cut off
PRINTED_ROWS = 30  # rows on a landscape page (33 seen in LibreOffice); grids are never split across pages
INPUT_PROMPT = "An input of the example: change it and every derived cell recomputes."
ANSWER_PROMPT = "Type your answer here; the check to the right says ✓ when it matches to the places shown."
WRONG, RIGHT = "✗", "✓"


def font(*, bold: bool | None = None, italic: bool | None = None, size: float | None = None, color: str | None = None,
         underline: Literal["single"] | None = None) -> Font:
    """The workbook's font, bold, italic, sized, coloured or underlined as asked."""
    return Font(name=FONT, bold=bold, italic=italic, size=size, color=color, underline=underline)


def fill(colour: str) -> PatternFill:
    """A solid background."""
    return PatternFill("solid", fgColor=colour)


def named_styles() -> tuple[NamedStyle, ...]:
    """The workbook's cell styles: inputs, derived entries, the learner's answers, headers, labels, checks."""
    box = Border(left=THIN, right=THIN, top=THIN, bottom=THIN)
    centre = Alignment(horizontal="center", vertical="center")
    return (
        NamedStyle("Example input", font=font(color="1F3A93", bold=True), fill=fill("FFE9A8"),
                   border=box, alignment=Alignment(horizontal="right")),
        NamedStyle("Derived", font=font(color=INK), border=box, alignment=Alignment(horizontal="right")),
        NamedStyle("Your answer", font=font(), fill=fill("DCEBFA"), border=box,
                   alignment=Alignment(horizontal="right")),
        NamedStyle("Grid header", font=font(bold=True, color="FFFFFF"), fill=fill(INDIGO),
                   border=box, alignment=centre),
        NamedStyle("Row label", font=font(bold=True, color=INK), fill=fill("E8EAF6"),
                   border=box),
        NamedStyle("Check", font=font(bold=True, size=12), border=box, alignment=centre),
    )


def number_format(placed: Placed) -> str:
    """The format of a grid's entries: the site's places, General for whole numbers, or the grid's own."""
    grid = placed.grid
    if grid.number_format:
        return grid.number_format
    if grid.digits is None:
        return "General"
    return "0" if grid.digits == 0 else "0." + "0" * grid.digits


def new_workbook(book: Book) -> Workbook:
    """An empty workbook with the styles registered and recalculation on load requested."""
    wb = Workbook()
    wb.remove(wb.worksheets[0])  # the sheet a new workbook starts with
    for style in named_styles():
        wb.add_named_style(style)
    wb.calculation.fullCalcOnLoad = True  # no cached values are stored: every program computes on opening
    wb.properties.creator = AUTHOR
    wb.properties.title = f"{book.title}: worked example"
    return wb


def header(ws: Worksheet, book: Book, sheet: Sheet, number: int, site_url: str, practice: bool) -> None:
    """Rows 1-5: the title, links to the page (online and relative to the site's downloads/), text, a legend."""
    online, relative = site_url.rstrip("/") + "/" + sheet.page, "../" + sheet.page
    ws["A1"] = f"{book.title[0].upper()}{book.title[1:]} · {number}. {sheet.page_title}"
    ws["A1"].font = font(bold=True, size=15, color=INDIGO)
    ws["A1"].comment = note(f"This sheet follows the page “{sheet.page_title}”.\nOn the site: {relative}\n"
                            f"Online: {online}")
    link(ws, "A2", f"Taught on the site: {online}", online)
    link(ws, "A3", f"(the same page, relative to the site's downloads folder: {relative})", relative)
    ws["A4"] = sheet.text
    ws["A4"].font = font(italic=True, color=INK)
    ws["A5"] = (f"Blue cells: type your answer; {RIGHT} means it matches to the places shown. Yellow cells: inputs."
                if practice else "Yellow cells are inputs; every other number is a formula.")
    ws["A5"].font = font(size=9, color=GREY)


def note(text: str) -> Comment:
    """A cell note signed by the site, sized to show its lines."""
    comment = Comment(text, AUTHOR)
    comment.width, comment.height = 420, 90
    return comment


def link(ws: Worksheet, address: str, text: str, target: str) -> None:
    """A hyperlink cell."""
    ws[address] = text
    ws[address].hyperlink = target
    ws[address].font = font(color=INDIGO, underline="single")


def text(ws: Worksheet, row: int, column: int, value: str) -> Cell:
    """A cell holding `value` as text, whatever it starts with: a label from an example's data (a token such as
    `=1+1`) never becomes a formula that a spreadsheet program would run."""
    cell = ws.cell(row, column, value)
    cell.data_type = "s"
    return cell


def frame(ws: Worksheet, placed: Placed, column: int, caption: str) -> None:
    """The caption, the header row and the row labels of a grid whose entries start at `column`."""
    grid, top = placed.grid, placed.row
    title = text(ws, placed.caption_row, column - 1 if column == FIRST_COLUMN else column, caption)
    title.font = font(bold=True)
    if column == FIRST_COLUMN:
        text(ws, top - 1, 1, grid.corner).style = "Grid header"
        for i, label in enumerate(grid.rows):
            text(ws, top + i, 1, label).style = "Row label"
    for j, label in enumerate(grid.cols):
        text(ws, top - 1, column + j, label).style = "Grid header"


def entries(ws: Worksheet, placed: Placed, refs: Refs, style: str) -> None:
    """A grid's entries: inputs as authored, or formulas written through `refs`."""
    grid, fmt = placed.grid, number_format(placed)
    rows, cols = grid.shape
    if grid.is_input:
        ws.cell(placed.caption_row, 1).comment = note(f"{INPUT_PROMPT} (The site's value: {authored(grid)}.)")
    if grid.array is not None:
        ws[placed.address(0, 0)] = ArrayFormula(placed.span().replace("$", ""), grid.array(refs))
    for i in range(rows):
        for j in range(cols):
            cell = ws.cell(placed.row + i, placed.column + j)
            if grid.authored is not None:
                cell.value = input_value(grid.authored[i][j])
            elif grid.cell is not None:
                cell.value = grid.cell(refs, i, j)
            cell.style, cell.number_format = style, fmt
            if grid.number_format:  # words such as "allowed" read best centred
                cell.alignment = Alignment(horizontal="center")


def authored(grid: Grid) -> str:
    """The inputs as the site writes them: `(0), (ln 2), (0)`."""
    return ", ".join("(" + ", ".join(row) + ")" for row in grid.authored or ())


def define_names(wb: Workbook, ws: Worksheet, placements: Iterable[Placed]) -> None:
    """The site's names for the grids of one sheet, book-wide or local to the sheet."""
    for placed in placements:
        name = placed.grid.name
        if name:
            target = DefinedName(name, attr_text=f"{quote_sheetname(placed.sheet)}!{placed.span()}")
            (ws.defined_names if placed.grid.sheet_scoped else wb.defined_names)[name] = target


def prompt(ws: Worksheet, title: str, text: str, ranges: list[str]) -> None:
    """An input message shown when one of `ranges` is selected (a note that leaves no marks on the grid)."""
    if ranges:
        validation = DataValidation(showInputMessage=True, promptTitle=title, prompt=text, allow_blank=True)
        validation.sqref = " ".join(ranges)
        ws.add_data_validation(validation)


def page_breaks(ws: Worksheet, placements: list[Placed]) -> None:
    """Start a new printed page before a grid that would not fit whole on the current one."""
    top = 1
    for placed in placements:
        bottom = placed.row + len(placed.grid.rows) - 1
        if bottom - top + 1 > PRINTED_ROWS and placed.caption_row > top:
            ws.row_breaks.append(Break(id=placed.caption_row - 1))
            top = placed.caption_row


def layout_sheet(ws: Worksheet, sheet: Sheet, practice: bool, placements: list[Placed]) -> None:
    """Column widths and page set-up: labels wide, entries even, checks narrow, one page wide, whole grids."""
    ws.column_dimensions["A"].width = LABEL_WIDTH
    for k in range(sheet.widest):
        ws.column_dimensions[get_column_letter(FIRST_COLUMN + k)].width = ENTRY_WIDTH
    if practice:
        for k in range(sheet.widest):
            ws.column_dimensions[get_column_letter(sheet.check_column + k)].width = CHECK_WIDTH
    ws.sheet_view.showGridLines = False
    ws.page_setup.orientation = "landscape"
    ws.sheet_properties.pageSetUpPr = PageSetupProperties(fitToPage=True)
    ws.page_setup.fitToWidth, ws.page_setup.fitToHeight = 1, 0
    ws.print_area = f"A1:{get_column_letter(max(ws.max_column, PRINTED_COLUMNS))}{ws.max_row}"
    page_breaks(ws, placements)


def caption(placed: Placed) -> str:
    """A grid's caption with its defined name, if any."""
    grid = placed.grid
    return f"{grid.caption}   (named range {grid.name})" if grid.name else grid.caption


def model_sheet(wb: Workbook, book: Book, sheet: Sheet, number: int, site_url: str, placed: dict[str, Placed]) -> None:
    """One step of the model copy."""
    ws = wb.create_sheet(sheet.title)
    header(ws, book, sheet, number, site_url, practice=False)
    refs = Refs(placed, sheet.title)
    mine = [placed[grid.key] for grid in sheet.grids]
    for p in mine:
        frame(ws, p, FIRST_COLUMN, caption(p))
        entries(ws, p, refs, "Example input" if p.grid.is_input else "Derived")
    define_names(wb, ws, mine)
    prompt(ws, "Input", INPUT_PROMPT, [p.span().replace("$", "") for p in mine if p.grid.is_input])
    layout_sheet(ws, sheet, False, mine)


def model_workbook(book: Book, site_url: str) -> Workbook:
    """The model copy: every derived entry a live formula."""
    wb, placed = new_workbook(book), place(book)
    for number, sheet in enumerate(book.sheets, start=1):
        model_sheet(wb, book, sheet, number, site_url, placed)
    return wb


def key_title(number: int) -> str:
    """The title of the hidden answer sheet of step `number`."""
    return f"key {number}"


def check_formula(placed: Placed, key: str, i: int, j: int) -> str:
    """✓ when the typed entry is right by the site's rule (attention_site.answers), ✗ when not, blank while untyped."""
    typed, answer = placed.address(i, j), f"{key}!{placed.address(i, j, absolute=True)}"
    d, expected = placed.grid.check_places, placed.grid.expected[i, j]
    if isinstance(expected, str):  # a word: the same text, in any case
        verdict = f'IF({typed}={answer},"{RIGHT}","{WRONG}")'
    elif expected == float("-inf"):  # a masked score: the answer is the text −∞
        verdict = f'IF(OR({typed}="{MINUS_INFINITY}",{typed}="-∞",{typed}="-inf"),"{RIGHT}","{WRONG}")'
    else:
        right = spreadsheet_check(typed, answer, d, placed.grid.slack_at(i, j))
        verdict = f'IF(ISNUMBER({typed}),IF({right},"{RIGHT}","{WRONG}"),"{WRONG}")'
    return f'=IF(ISBLANK({typed}),"",{verdict})'


def checks(ws: Worksheet, sheet: Sheet, placed: Placed, key: str) -> None:
    """The check grid beside a blank grid, with green ✓ and red ✗."""
    rows, cols = placed.grid.shape
    column = sheet.check_column
    frame(ws, placed, column, f"check ({placed.grid.check_places} places)")
    for i in range(rows):
        for j in range(cols):
            cell = ws.cell(placed.row + i, column + j, check_formula(placed, key, i, j))
            cell.style = "Check"
    span = f"{get_column_letter(column)}{placed.row}:{get_column_letter(column + cols - 1)}{placed.row + rows - 1}"
    ws.conditional_formatting.add(span, marked(RIGHT, "1B7F3B"))
    ws.conditional_formatting.add(span, marked(WRONG, "C62828"))


def marked(mark: str, colour: str) -> Rule:
    """A conditional format: the check's `mark` in bold `colour`."""
    # types-openpyxl leaves CellIsRule unannotated (it forwards **kwargs to Rule).
    rule: Rule = CellIsRule(operator="equal", formula=[f'"{mark}"'], font=font(bold=True, color=colour))  # type: ignore[no-untyped-call]
    return rule


def practice_sheet(wb: Workbook, book: Book, sheet: Sheet, number: int, site_url: str,
                   placed: dict[str, Placed]) -> None:
    """One step of the practice copy: inputs, blank answers and their checks."""
    ws = wb.create_sheet(sheet.title)
    header(ws, book, sheet, number, site_url, practice=True)
    key = quote_sheetname(key_title(number))
    mine = [placed[grid.key] for grid in sheet.grids]
    for p in mine:
        frame(ws, p, FIRST_COLUMN, caption(p))
        if p.grid.is_input:
            entries(ws, p, Refs(placed, sheet.title), "Example input")
            continue
        for i in range(p.grid.shape[0]):
            for j in range(p.grid.shape[1]):
                cell = ws.cell(p.row + i, p.column + j)
                cell.style, cell.number_format = "Your answer", number_format(p)
        checks(ws, sheet, p, key)
    define_names(wb, ws, mine)
    prompt(ws, "Input", INPUT_PROMPT, [p.span().replace("$", "") for p in mine if p.grid.is_input])
    prompt(ws, "Your answer", ANSWER_PROMPT, [p.span().replace("$", "") for p in mine if not p.grid.is_input])
    layout_sheet(ws, sheet, True, mine)


def key_sheet(wb: Workbook, book: Book, sheet: Sheet, number: int, placed: dict[str, Placed]) -> None:
    """The hidden, protected answers of one step: the model's formulas, reading the visible inputs."""
    ws = wb.create_sheet(key_title(number))
    ws["A1"] = f"Answers for “{sheet.title}”, computed from the inputs on the visible sheets."
    titles = {s.title: key_title(k) for k, s in enumerate(book.sheets, start=1)}
    refs = Refs(placed, sheet.title, rename=titles.__getitem__)
    for grid in sheet.grids:
        p = placed[grid.key]
        frame(ws, p, FIRST_COLUMN, caption(p))  # the labels too: a formula may read a grid's header
        if grid.is_input:
            visible = quote_sheetname(sheet.title)
            for i in range(grid.shape[0]):
                for j in range(grid.shape[1]):
                    ws.cell(p.row + i, p.column + j, f"={visible}!{p.address(i, j)}")
        else:
            entries(ws, p, refs, "Derived")
    ws.sheet_state = "hidden"
    ws.protection.sheet = True


def practice_workbook(book: Book, site_url: str) -> Workbook:
    """The practice copy: visible steps with blanks and checks, then the hidden answer sheets."""
    wb, placed = new_workbook(book), place(book)
    wb.properties.title = f"{book.title}: practice copy"
    for number, sheet in enumerate(book.sheets, start=1):
        practice_sheet(wb, book, sheet, number, site_url, placed)
    for number, sheet in enumerate(book.sheets, start=1):
        key_sheet(wb, book, sheet, number, placed)
    return wb
