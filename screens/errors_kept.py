"""Nothing kills the app (issue 36): an error inside a screen becomes a toast and a line in the log, the table stays
up, and the game file is as its last action left it (every action is stored whole, or not at all).

Only Textual's public API: the flows run as workers that do not close the app on an error (`exit_on_error=False`),
whose state change says it; `pop_screen` never pops the last screen (a dialog answered twice asked to).
"""

from __future__ import annotations

import traceback
from datetime import datetime
from pathlib import Path

from textual.app import App
from textual.await_complete import AwaitComplete
from textual.worker import Worker, WorkerState

from banker.saves import data_dir

LOG_NAME = "banker.log"


def log_error(data: Path, error: BaseException) -> None:
    """One error, with its traceback, appended to the log in the data folder (never raises)."""
    try:
        data.mkdir(parents=True, exist_ok=True)
        with (data / LOG_NAME).open("a", encoding="utf-8") as log:
            log.write(f"--- {datetime.now().isoformat(timespec='seconds')}\n")
            log.write("".join(traceback.format_exception(error)))
    except OSError:
        pass


class ErrorsKept(App[None]):
    """Mixed into the app: errors said and logged, never the app closed by them."""

    def keep_error(self, error: Exception) -> None:
        """An error inside a screen: a toast and a line in the log (the data folder's banker.log)."""
        data = getattr(self, "data", None) or data_dir()
        log_error(data, error)
        self.notify(f"{type(error).__name__}: {error} (written to {data / LOG_NAME}); the game is safe",
                    severity="error", title="Banker met an error", timeout=12, markup=False)

    def pop_screen(self) -> AwaitComplete:
        """Pop the top screen; never the last one (a dialog answered twice asked to pop what was under it)."""
        if len(self.screen_stack) <= 1:
            self.keep_error(RuntimeError("a screen was closed twice; the table is kept"))
            return AwaitComplete.nothing()
        return super().pop_screen()


class FlowErrorsKept:
    """Mixed into a screen whose flows run as workers (`exit_on_error=False`): an error in a flow becomes the app's
    toast and log line, and the keys held while the flow ran go on."""

    def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        app = self.app  # type: ignore[attr-defined]
        if event.state == WorkerState.ERROR and event.worker.error is not None:
            app.keep_error(event.worker.error)
        if event.worker.is_finished and getattr(app, "held", None):  # the keys typed while the flow ran go on
            app.call_later(app.feed_keys)
