"""What a followed table waits for, settled the quiet way (issue 25): for tests about something else than the landing.

`settling_lines(state)`: the lines that settle the first thing the table waits for (a speed-die move runs by
itself): a deed for sale goes to an auction nobody bids in, the card drawn is the deck's first that collects, a gift
is the cash, a ticket is taken. Used by the rules tests (tests/conftest.py's `pass_landings`) and by random play's
scripted games (tests/play_machine.py).
"""

from __future__ import annotations

from banker.state import GameState


def settling_lines(state: GameState) -> list[str]:
    """The lines that settle what the table waits for first; none when it waits for nothing."""
    wait = next((w for w in state.waiting if w.kind != "speed-die"), None)
    if wait is None:
        return []
    p, space = f'"{wait.player}"', f'"{wait.space}"'
    others = [o for o in state.active_players if o != wait.player]
    match wait.kind, wait.detail:
        case "buy-or-auction", _:
            return [f"auction {space}", "sold"]
        case "card", deck:
            card = next(k for k in state.edition.cards if k.deck == deck and k.effect == "collect")
            return [f"card {p} {deck} {card.key}"]
        case "choice", "gift":
            return [f"gift {p}"]
        case "choice", "bus-ticket":
            return [f"ticket {p}"]
        case "choice", "auction-space":
            return [f'auction "{next(d for d, h in state.deeds.items() if h.owner == "bank")}"', "sold"]
        case "choice", "utility":
            return [f"rent {p} {space} 7"]
        case "choice", "rent-dodge":
            return [f"rent {p} {space}"]
        case "choice", "steal":
            return [f'parking {p} "{others[0]}"']
        case "jail-send", _:
            return [f'jail {p} "{others[0]}"']
        case "trap", _:
            here = state.position(wait.player)
            return [f'trap {p} "{next(o for o in others if state.position(o) == here)}"']
        case "free-house", _:
            return ["place none"]
    raise AssertionError(f"no quiet way to settle {wait}")
