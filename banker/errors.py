"""The one error a banker sees: a refused line, with what to do instead."""


class Refusal(Exception):
    """A command the rules (or the parser) refuse; nothing was changed."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message

    def __str__(self) -> str:
        return self.message


class FoldError(ValueError):
    """An event that cannot apply to the state it follows (a corrupt ledger)."""
