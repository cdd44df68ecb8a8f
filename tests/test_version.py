"""`banker --version` says which release is installed: what a bug report needs first (issue 34)."""

from __future__ import annotations

import subprocess
import sys
from importlib.metadata import version

import pytest

from banker.cli import main


@pytest.mark.parametrize("flag", ["--version", "-V"])
def test_version_flag_prints_the_installed_version(flag: str, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_:
        main([flag])
    assert exit_.value.code == 0
    assert capsys.readouterr().out.strip() == f"banker {version('banker')}"


def test_python_dash_m_banker_prints_the_version() -> None:
    done = subprocess.run([sys.executable, "-m", "banker", "--version"], capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == f"banker {version('banker')}"
