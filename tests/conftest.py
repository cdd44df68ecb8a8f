"""Shared table for the rules tests: a fresh game, a way to play lines, and a way to check a refusal.

Every line `play` runs is also checked for the ledger's first promise: money is conserved (the sum of
all accounts, bank and pot included, stays zero). `refused` checks the other promise: a refused line
writes nothing and changes nothing.
"""

from __future__ import annotations

import copy
import gc
import importlib
import os
import pkgutil
import shutil
import sys
import tempfile
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings
from textual import _wait

from banker.errors import Refusal
from banker.game import Game, Outcome
from editions import Edition, load_edition, parse_edition
from tests.seeds import SEED_VARIABLES, draw_fresh_seeds, exploring
from tests.settling import settling_lines

PLAYERS = ("Alice", "Bob", "Carol")

IDLE_SLICE = 1 / 500


@pytest.fixture(autouse=True)
def _short_idle_slices(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> None:
    """Pilot waits for the app to settle by sleeping in slices until one passes with next to no CPU used
    (textual._wait: slices of 1/50 s, "idle" below 1/20 of a slice); a key press waits at least two slices and each
    `pilot.pause()` one more, so at 1/50 s the Pilot tests spent most of their time asleep. Every handler of the app
    runs on the event loop (its workers are async, none a thread), so a slice in which a key is still being handled
    uses CPU whatever its length, and what the tests read (widgets' state and text) is there by then.

    A screenshot (`snap_compare`) keeps Textual's slices: it reads the compositor's last frame, which the table
    draws on a timer of its own (1/240 s), and a shorter slice can end before that timer fires."""
    if "snap_compare" in request.fixturenames:
        return
    monkeypatch.setattr(_wait, "SLEEP_GRANULARITY", IDLE_SLICE)
    monkeypatch.setattr(_wait, "SLEEP_IDLE", IDLE_SLICE / 20)


class _YoungCollections:
    """The `gc` module as the app sees it in the tests: its collections are of the young generations only."""

    def __getattr__(self, name: str) -> object:
        return getattr(gc, name)

    @staticmethod
    def collect(generation: int = 1) -> int:
        return gc.collect(min(generation, 1))


@pytest.fixture(autouse=True)
def _app_collects_young_objects_only(monkeypatch: pytest.MonkeyPatch) -> None:
    """The app collects the whole heap once a table has settled, and again when one is due (screens/app.py,
    `freeze_heap`, `collect_when_idle`): its own process holds the app alone, but a test process holds every
    module, fixture and Hypothesis database the run has loaded, 130,000 to 300,000 objects, so each of those
    collections took 0.1-0.45 s here: test_app_table and test_app_city took 58 s of CPU with them and 46-49 s
    without. The tests read what the app draws and stores, never what a collection frees; the app
    still collects and freezes, of the young generations only."""
    app = sys.modules.get("screens.app")
    if app is not None:
        monkeypatch.setattr(app, "gc", _YoungCollections())


@pytest.fixture(autouse=True)
def _own_data_folder(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> None:
    """Each test its own user data folder (XDG_DATA_HOME, read by platformdirs and passed on to the processes a
    test starts): the heads Banker remembers outside a game file (banker/heads.py) would otherwise make one test's
    copy of a game an "old copy" in the next, and the developer's own folder is never touched."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path_factory.mktemp("data-home")))


@pytest.fixture(autouse=True)
def _toasts_stay_up(monkeypatch: pytest.MonkeyPatch) -> None:
    """A toast stays up for the whole test (its seconds times 1,000): what a snapshot or a check reads never
    depends on how busy the machine was while the keys were pressed (issue 34: no timing in the verdict)."""
    toasts = sys.modules.get("screens.toasts")
    if toasts is not None:
        monkeypatch.setattr(toasts.ToastsKept, "TOAST_TIME_SCALE", 1000.0)


os.environ["XDG_DATA_HOME"] = tempfile.mkdtemp(prefix="banker-data-home-")  # what module-wide fixtures write to


NewGame = Callable[..., Game]


TALLIES_KEY = "banker_tallies"
_TALLIES = pytest.StashKey[Path]()


# Hypothesis (issue 34): CI derandomized, with no example database, no deadline and no health check on time (a busy
# machine is slow, not wrong); an exploration run draws fresh examples. Random play passes its own seeds.
settings.register_profile("ci", derandomize=True, database=None, deadline=None,
                          suppress_health_check=[HealthCheck.too_slow])
settings.register_profile("explore", derandomize=False, database=None, deadline=None,
                          suppress_health_check=[HealthCheck.too_slow], print_blob=True)
settings.load_profile("ci")


def load_every_local_module() -> None:
    """Every module of the project loaded before any test runs, whichever tests run.

    Hypothesis draws some of its values from the constants written in the local modules that happen to be loaded
    (`sys.modules` when an example is drawn): a test file that imported a screen or a rule the others had not changed
    what random play drew next, so the same seed played other games in a full run than alone (found when a Sore
    Losers batch failed in the whole suite and passed by itself). With every module loaded first the draws depend on
    the commit only (issue 34)."""
    root = Path(__file__).resolve().parent.parent
    for package in ("banker", "screens", "editions"):
        for found in pkgutil.walk_packages([str(root / package)], prefix=f"{package}."):
            if not found.name.endswith("__main__"):
                importlib.import_module(found.name)
    for path in sorted((root / "tests").glob("*.py")):
        if path.stem != "conftest":
            importlib.import_module(path.stem)



def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption("--explore", action="store_true", default=False,
                     help="fresh seeds for random play, the crash tests and Hypothesis (printed in the header; "
                          "CI never passes this). The same as BANKER_EXPLORE=1.")


def pytest_configure(config: pytest.Config) -> None:
    """An exploration run draws its seeds here, before xdist starts a worker (they inherit the environment, so every
    part of a run plays the same seeds); the run's controller makes the folder for random play's tallies."""
    if config.getoption("--explore", default=False):
        os.environ["BANKER_EXPLORE"] = "1"
    if exploring():
        draw_fresh_seeds()
        settings.load_profile("explore")
    if not hasattr(config, "workerinput"):
        config.stash[_TALLIES] = Path(tempfile.mkdtemp(prefix="banker-tallies-"))


def seeds_played() -> str:
    """The seeds of this run, so a failure can be replayed (`BANKER_PLAY_SEED=<n> python -m pytest <test>`)."""
    played = " ".join(f"{name}={os.environ.get(name) or fixed}" for name, fixed in SEED_VARIABLES.items())
    if exploring():
        return (f"exploration run, fresh seeds: {played}; Hypothesis drew fresh examples (a failure prints how to "
                "replay it)")
    return f"fixed seeds: {played}; Hypothesis derandomized"


def pytest_report_header(config: pytest.Config) -> str:
    return seeds_played()


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    """The seeds again at the end (the header is hidden by `-q`), where a failure's report ends."""
    terminalreporter.write_line(seeds_played())


@pytest.hookimpl(optionalhook=True)
def pytest_configure_node(node: object) -> None:
    """Each xdist worker is told the controller's folder, so the parts of a run find each other's tallies."""
    node.workerinput[TALLIES_KEY] = str(node.config.stash[_TALLIES])  # type: ignore[attr-defined]


def pytest_unconfigure(config: pytest.Config) -> None:
    """The controller removes the folder once every worker is done: a run leaves nothing in the temp dir."""
    if not hasattr(config, "workerinput") and _TALLIES in config.stash:
        shutil.rmtree(config.stash[_TALLIES], ignore_errors=True)



@pytest.fixture(scope="session")
def tallies(pytestconfig: pytest.Config) -> Path:
    """A folder shared by every worker of this test run: random play's tallies."""
    worker = getattr(pytestconfig, "workerinput", None)
    return Path(worker[TALLIES_KEY]) if worker is not None else pytestconfig.stash[_TALLIES]


@pytest.fixture
def new_game(tmp_path: Path) -> Iterator[NewGame]:
    """Makes games in tmp_path: new_game(edition="classic-us", house_rules=(), players=PLAYERS)."""
    made: list[Game] = []

    def make(edition: str | Edition = "classic-us", house_rules: Sequence[str] = (),
             players: Sequence[str] = PLAYERS) -> Game:
        chosen = load_edition(edition) if isinstance(edition, str) else edition
        game = Game.create(tmp_path / f"game{len(made)}.db", chosen, players, house_rules)
        made.append(game)
        return game

    yield make
    for game in made:
        game.close()


@pytest.fixture
def game(new_game: NewGame) -> Game:
    """A classic-us game for Alice, Bob and Carol, $1,500 each."""
    return new_game()


def play(game: Game, *lines: str) -> list[Outcome]:
    """Do each line; every one must be accepted and keep the books balanced."""
    outcomes = []
    for line in lines:
        outcomes.append(game.do(line))
        assert sum(game.state.accounts.values()) == 0, f"money not conserved after {line!r}"
    return outcomes


def pass_landings(game: Game) -> list[Outcome]:
    """Settle what a followed roll left waiting, the quiet way (issue 25, `tests/settling.py`): for tests about
    something else than the landing."""
    outcomes: list[Outcome] = []
    for _ in range(12):
        lines = settling_lines(game.state)
        if not lines:
            return outcomes
        outcomes += play(game, *lines)
    raise AssertionError(f"still waiting after 12 settlements: {game.state.waiting}")


def roll_on(game: Game, *lines: str) -> list[Outcome]:
    """`play` each line, settling quietly what each one leaves waiting (`pass_landings`)."""
    outcomes = []
    for line in lines:
        outcomes += play(game, line)
        pass_landings(game)
    return outcomes


def refused(game: Game, line: str) -> str:
    """Do a line that must be refused; returns the message after checking nothing was written or changed."""
    head, stored, before = game.head, game.store.head(), game.state_json()
    with pytest.raises(Refusal) as caught:
        game.do(line)
    message = str(caught.value)
    assert message and "\n" not in message, f"{line!r}: a refusal is one line, got {message!r}"
    assert game.head == head, f"{line!r} was refused but appended to the ledger"
    assert game.store.head() == stored, f"{line!r} was refused but wrote to the game file"
    assert game.state_json() == before, f"{line!r} was refused but changed the state"
    return message


def cash(game: Game, account: str) -> int:
    """Cash of a player by exact name, or of "bank" / "pot"."""
    return game.state.accounts[account]


def build_evenly(game: Game, player: str, deeds: Sequence[str], level: int) -> None:
    """Build one level at a time across a group (the even-building order) up to `level` on each deed."""
    for step in range(1, level + 1):
        for deed in deeds:
            if game.state.deeds[deed].level < step:
                play(game, f'build {player} "{deed}"')


def edition_with(base: str = "classic-us", **rules: object) -> Edition:
    """A shipped edition with some [rules] changed, parsed like any edition file (games replay from raw data)."""
    raw = copy.deepcopy(load_edition(base).raw)
    raw["rules"].update(rules)
    return parse_edition(raw, f"{base}-variant", f"{base} with {rules}")


load_every_local_module()  # last: the test modules import what this file defines
