"""The core stays headless: importing banker (and its CLI) never loads Textual."""

import subprocess
import sys


def test_banker_never_imports_textual() -> None:
    code = (
        "import sys, banker, banker.cli, banker.rules, banker.history, banker.verify, editions\n"
        "bad = sorted(m for m in sys.modules if m == 'textual' or m.startswith(('textual.', 'screens')))\n"
        "print(','.join(bad))\n"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert result.stdout.strip() == ""
