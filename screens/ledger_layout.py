"""What the ledger screen draws, apart from the screen: the columns that fit a width, a line's time and kind, and
the head's QR code (the wallet and the proposals screens draw these too, without the ledger screen)."""

from __future__ import annotations

import re
from datetime import datetime

import qrcode
from rich.text import Text

COLUMNS = (("#", "seq"), ("time", "time"), ("who", "who"), ("what", "what"), ("amount", "amount"),
           ("balance", "balance"))
AMOUNT, CASH, BALANCES, WIDE_BALANCES = 8, 9, 24, 30  # "-$12,345"; one player's cash; two or three players' cash
TIME_FROM, WHO_FROM = 130, 160  # the table's width from which the time and who columns show
ROOMY = 110  # from this width a line's balances have room for three players
INK, PAPER = "#000000", "#ffffff"  # true black on white, whatever the terminal's palette


def qr_block(data: str) -> Text:
    """The QR code of `data` in upper half blocks: the top module is the ink, the bottom one
    the background, so two module rows fit a text line and no cell is a bare space."""
    code = qrcode.QRCode(error_correction=qrcode.constants.ERROR_CORRECT_L, border=2)
    code.add_data(data)
    code.make(fit=True)
    matrix = code.get_matrix()
    if len(matrix) % 2:
        matrix.append([False] * len(matrix[0]))
    colour = {True: INK, False: PAPER}
    block = Text(no_wrap=True)
    for y in range(0, len(matrix), 2):
        if y:
            block.append("\n")
        for top, bottom in zip(matrix[y], matrix[y + 1], strict=True):
            block.append("▀", style=f"{colour[top]} on {colour[bottom]}")
    return block


def head_text(count: int, digest: str) -> str:
    """What the QR code holds: enough to compare with `banker verify` later."""
    return f"banker:{count}:{digest}"


def kind_label(event_type: str) -> str:
    """DeedBought -> "deed bought"."""
    return re.sub(r"(?<!^)(?=[A-Z])", " ", event_type).lower()


def column_widths(width: int, last_seq: int, player: bool) -> dict[str, int]:
    """The columns that fit a table `width` wide (its scrollbar left out), in order, and their widths: the amount
    and the balance always in sight (one player's cash, or the cash of the players a line touches), the time and
    who only on a wide screen (the line under the table says both), and "what" the rest."""
    widths = {"seq": max(3, len(str(last_seq))), "amount": AMOUNT,
              "balance": CASH if player else WIDE_BALANCES if width >= ROOMY else BALANCES}
    if width >= TIME_FROM:
        widths["time"] = 8
    if width >= WHO_FROM:
        widths["who"] = 14
    widths["what"] = max(20, width - sum(widths.values()) - 2 * (len(widths) + 1))  # a cell's padding: 1 a side
    return {key: widths[key] for _, key in COLUMNS if key in widths}


def local_time(stamp: str, fmt: str = "%H:%M:%S") -> str:
    try:
        return datetime.fromisoformat(stamp).astimezone().strftime(fmt)
    except ValueError:
        return stamp[:19]
