"""A dialog is not restyled as it opens (screens/styled_once.py): Textual styled its widgets as they were mounted,
then all again at its first resume. The look is the snapshots' to hold; here, the count."""

from __future__ import annotations

from collections import Counter

import pytest
from screen_host import Host
from textual.css.stylesheet import Stylesheet
from textual.screen import ModalScreen

from screens.choice_screen import Choice, ChoiceScreen


class PlainChoice(ChoiceScreen):
    """The same dialog as Textual would show it: a resume that restyles."""

    def _on_screen_resume(self, event: object) -> None:
        ModalScreen._on_screen_resume(self, event)  # type: ignore[arg-type]


async def styled(screen: ChoiceScreen, monkeypatch: pytest.MonkeyPatch) -> Counter[str]:
    """How often each of the dialog's widgets was styled while it opened."""
    counts: Counter[str] = Counter()
    apply = Stylesheet.apply

    def counting(self: Stylesheet, node: object, **options: object) -> None:
        if getattr(node, "screen", None) is screen and node is not screen:
            counts[type(node).__name__ + str(id(node))] += 1
        apply(self, node, **options)  # type: ignore[arg-type]

    monkeypatch.setattr(Stylesheet, "apply", counting)
    app = Host(screen)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert app.screen is screen
    return counts


@pytest.mark.asyncio
async def test_a_dialog_is_styled_once_as_it_opens(monkeypatch: pytest.MonkeyPatch) -> None:
    choices = [Choice("buy Baltic Avenue for $60", 1), Choice("auction Baltic Avenue", 2)]
    ours = await styled(ChoiceScreen("Ann lands on Baltic Avenue", choices), monkeypatch)
    textual = await styled(PlainChoice("Ann lands on Baltic Avenue", choices), monkeypatch)
    assert ours and sum(textual.values()) > sum(ours.values())
    assert by_kind(ours) == {kind: sorted(count - 1 for count in counts) for kind, counts in by_kind(textual).items()}


def by_kind(counts: Counter[str]) -> dict[str, list[int]]:
    """Each widget's count of stylings, by the widget's kind (its component classes left out): the resume that
    Textual adds restyles every widget of the dialog once more."""
    kinds: dict[str, list[int]] = {}
    for name, count in counts.items():
        kind = name.rstrip("0123456789")
        if kind != "DOMNode":
            kinds.setdefault(kind, []).append(count)
    return {kind: sorted(found) for kind, found in kinds.items()}
