"""The fold of Monopoly City (rulebook 004): the Build spin, blocks, railroads, planning permission, stadiums, the
tower, and the game clock (pure, like the whole fold: `banker.fold` applies these for their events)."""

from __future__ import annotations

from dataclasses import replace

from . import events as ev
from .errors import FoldError
from .fold_deeds import _change, _holding, _supply
from .state import Clock, GameState, Spin


def _district(state: GameState, deed: str):  # noqa: ANN202 - a Holding
    if state.deed(deed).kind != "district":
        raise FoldError(f"{deed} is not a district")
    return _holding(state, deed)


def _spun(state: GameState, e: ev.BuildSpun) -> None:
    if e.result not in ("1", "2", "3", "railroad"):
        raise FoldError(f"a Build spin of {e.result!r}")
    blocks = 0 if e.result == "railroad" else int(e.result)
    state.spin = Spin(e.player, blocks, e.result == "railroad")


def _build_turn_over(state: GameState, e: ev.BuildTurnOver) -> None:
    if state.spin is not None and state.spin.player == e.player:
        state.spin = None


def _blocks_built(state: GameState, e: ev.BlocksBuilt) -> None:
    holding = _district(state, e.deed)
    spin = state.spin
    allowed = spin is not None and spin.player == e.player and spin.blocks_left >= e.count
    if not allowed or e.kind not in ("residential", "industrial"):
        raise FoldError(f"{e.player} builds {e.count} {e.kind} blocks without a Build spin that allows it")
    if holding.blocks + e.count > state.edition.max_blocks:
        raise FoldError(f"{e.deed} would hold {holding.blocks + e.count} blocks; "
                        f"a district takes {state.edition.max_blocks}")
    state.spin = replace(spin, blocks_left=spin.blocks_left - e.count)  # type: ignore[arg-type]
    _change(state, e.deed, **{e.kind: getattr(holding, e.kind) + e.count})


def _railroad_placed(state: GameState, e: ev.RailroadPlaced) -> None:
    spin = state.spin
    if spin is None or spin.player != e.player or not spin.railroad or _district(state, e.deed).railroad:
        raise FoldError(f"{e.player} places a railroad on {e.deed} without a railroad spin")
    state.spin = replace(spin, railroad=False)
    _change(state, e.deed, railroad=True)


def _planning_built(state: GameState, e: ev.PlanningBuilt) -> None:
    holding = _district(state, e.deed)
    if holding.hazard or holding.bonus or e.kind not in ("hazard", "bonus"):
        raise FoldError(f"a {e.kind} cannot go on {e.deed}")
    _change(state, e.deed, **{e.kind: e.name})


def _hazard_cleared(state: GameState, e: ev.HazardCleared) -> None:
    if not _district(state, e.deed).hazard:
        raise FoldError(f"no hazard to clear on {e.deed}")
    _change(state, e.deed, hazard="")


def _stadium_built(state: GameState, e: ev.StadiumBuilt) -> None:
    _supply(state, "stadiums", -1, e.deed)
    _change(state, e.deed, stadium=True)


def _tower_built(state: GameState, e: ev.TowerBuilt) -> None:
    _supply(state, "towers", -1, e.deed)
    _change(state, e.deed, tower=True)


def _clock_started(state: GameState, e: ev.ClockStarted) -> None:
    state.clock = Clock(e.minutes, e.started) if e.minutes else None
