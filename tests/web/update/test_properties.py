"""Properties of the page's one update over random sequences of actions (Hypothesis), and a
seeded soak of many random sessions: whatever comes, in whatever order, the update never
raises, never changes the state it was given (equal to a deep snapshot taken before), and
the board's model of each new state (:func:`eightoff.web.board.model.game_model`) shows
exactly the engine's position, its figures and what is picked up.

The actions are drawn from the state they come to (as the page's inputs are: a press lands
on a card that is there, a timer carries the serial it was asked with, the worker answers a
request it was sent, keeping to its contract), with stale serials, bad choices, other tabs'
games, backup files and the rest of the page's inputs mixed in.
"""

from __future__ import annotations

import random
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import replace
from typing import Any, Protocol, TypeVar, get_args

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from eightoff import DealCode, Game, Move, Pile
from eightoff.rules import legal_moves
from eightoff.web.actions import (
    NAV_KEYS,
    Action,
    Choose,
    Close,
    CodeTyped,
    Command,
    CommandName,
    Copied,
    DialogClosed,
    FileRead,
    FinishStep,
    FocusTo,
    ImportFile,
    Jump,
    Navigate,
    OtherTab,
    PointerCancel,
    PointerDown,
    PointerMove,
    PointerUp,
    Release,
    ReplaySpeed,
    ReplayStep,
    Saved,
    Select,
    Shortcut,
    TapWindow,
    Tick,
    Visibility,
    WorkerFailed,
    WorkerReply,
)
from eightoff.web.board.model import game_model, replay_model
from eightoff.web.links.address import Link
from eightoff.web.state import PageState, World
from eightoff.web.storage.backup_file import BackupError, export
from eightoff.web.storage.settings import Settings
from eightoff.web.storage.stats import Stats
from eightoff.web.storage.store import Loaded, Notice
from eightoff.web.update import start
from tests.web.update.helpers import CODE, PAGE, WORLD, finishable, new_game, reply_text, step

T = TypeVar("T")
COMMANDS: tuple[CommandName, ...] = get_args(CommandName)
DIALOGS = ("confirm", "win", "new-game-dialog", "settings-dialog", "help-dialog", "stats")
CHOICES = (
    ("cells", "8"),
    ("cells", "4"),
    ("cells", "2"),
    ("cells", "3"),
    ("deck", "two"),
    ("winnable", "false"),
    ("winnable", "true"),
    ("level", "hard"),
    ("level", "any"),
    ("tap-to-select", "true"),
    ("tap-to-select", "false"),
    ("language", "en"),
    ("theme", "dark"),
    ("clock", "false"),
    ("motion", "maybe"),
)
CODES = ("", "EO1-C8-AAAAAFA", " eo1-c4-aaaaafa", "EO1-C2-AAAAAFA", "EO1-", "EO1-C8-AAAA")
OTHER = DealCode.parse("EO1-C4-AAAAAFA")


async def _no_file() -> str | None:
    return None


NO_FILE: Callable[[], Awaitable[str | None]] = _no_file


class Chooser(Protocol):
    """Where the random choices come from: Hypothesis (which shrinks them) or a seeded
    :class:`random.Random` (the soak)."""

    def pick(self, options: Sequence[T]) -> T: ...

    def number(self, low: int, high: int) -> int: ...


class Drawn:
    def __init__(self, data: st.DataObject) -> None:
        self.data = data

    def pick(self, options: Sequence[T]) -> T:
        return self.data.draw(st.sampled_from(options))

    def number(self, low: int, high: int) -> int:
        return self.data.draw(st.integers(low, high))


class Seeded:
    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def pick(self, options: Sequence[T]) -> T:
        return self.rng.choice(options)

    def number(self, low: int, high: int) -> int:
        return self.rng.randint(low, high)


# -- the actions, drawn from the state ---------------------------------------------------------


def places(state: PageState) -> list[tuple[str, int, str]]:
    """Every card of the board shown: its pile, its index and its key."""
    position = state.replay.position if state.replay is not None else state.game.position
    return [(p.key, i, str(c)) for p in position.piles() for i, c in enumerate(position.cards(p))]


def piles(state: PageState) -> list[str]:
    return [p.key for p in state.game.position.piles()]


def gesture(c: Chooser, state: PageState, now: float) -> Action:
    press = state.input.press
    if press is None or c.number(0, 5) == 0:
        pile, index, card = c.pick(places(state))
        return PointerDown(
            pile, index, card, c.number(1, 2), 100, 100, now, c.pick(("mouse", "touch", "pen"))
        )
    kind = c.number(0, 5)
    drops: list[str | None] = [*piles(state), None]
    if kind <= 2:
        x, y = 100 + c.number(-30, 30), 100 + c.number(-30, 30)
        return PointerMove(x, y, c.pick(drops), c.pick(drops))
    if kind <= 4:
        return PointerUp(c.pick(drops), now, c.pick(drops))
    return PointerCancel()


def key_play(c: Chooser, state: PageState) -> Action:
    pile, index, _card = c.pick(places(state))
    kind = c.number(0, 6)
    if kind == 0:
        return Navigate(c.pick(sorted(NAV_KEYS)), c.number(1, 2))  # type: ignore[arg-type]
    if kind == 1:
        return Select(pile, index if pile.startswith("column-") else None)
    if kind == 2:
        return Select(c.pick(piles(state)))
    if kind == 3:
        return Jump(c.pick([*piles(state), "cell-8"]))
    if kind == 4:
        return Release()
    if kind == 5:
        return FocusTo(pile, index if pile.startswith("column-") else None)
    return Shortcut(c.pick(("tap", "double-tap")), pile, c.pick((index, None)))


def legal_play(c: Chooser, state: PageState) -> Action:
    """Keyboard play that mostly plays: a legal move's cards picked up, put on a pile lit."""
    game, held = state.game, state.input.held
    if state.windows or state.replay is not None:
        return Close(state.windows[-1].ident) if state.windows else Command("replay-exit")
    if held is not None:
        return Select(c.pick(sorted(state.input.lit) or [held.pile]))
    legal = sorted(legal_moves(game.position), key=str)
    if not legal:
        return Command(c.pick(("undo", "restart", "finish")))
    move = c.pick(legal)
    return Select(move.source.key, game.position.size(move.source) - move.count)


def worker(c: Chooser, state: PageState) -> Action:
    """An answer to a request in flight, keeping to the worker's contract, or a stale one."""
    hints, coach = state.hints, state.coach
    kind = c.number(0, 6)
    if kind == 0 and hints.asked is not None:
        serial, position = hints.asked
        verdict = c.pick(("solved", "unsolvable", "gave-up"))
        moves: list[str] = []
        if verdict == "solved":
            game = Game(CODE, position)
            for _ in range(c.number(1, 3)):
                legal = sorted(legal_moves(game.position), key=str)
                if not legal:
                    break
                move = c.pick(legal)
                game.play(move)
                moves.append(str(move))
        text = reply_text(serial, "hint", verdict)
        return WorkerReply(text.replace('"moves": []', f'"moves": {moves!r}'.replace("'", '"')))
    if kind == 2 and coach.back_asked is not None:
        history = len(coach.back_asked.game.undo_stack)
        verdict = c.pick(("solved", "unsolvable", "gave-up") if history else ("unsolvable", "gave-up"))
        count = c.number(1, history) if verdict == "solved" else 0
        return WorkerReply(reply_text(coach.back_asked.serial, "back", verdict, count=count))
    if kind == 3 and coach.code_asked is not None:
        serial, code = coach.code_asked
        return WorkerReply(
            reply_text(serial, "verdict", c.pick(("solved", "unsolvable", "gave-up")), str(code))
        )
    if kind == 4 and coach.line_asked is not None:
        serial, game = coach.line_asked
        verdict = c.pick(("solved", "gave-up"))
        return WorkerReply(reply_text(serial, "line", verdict, str(game.code), c.number(1, 120)))
    if kind == 5:
        return WorkerFailed(c.pick(("start", "timeout")))
    return WorkerReply(reply_text(c.number(0, state.serial + 2), "hint", "gave-up"))


def outside(c: Chooser, state: PageState) -> Action:
    """Another tab's save, a save's outcome, the tab hidden or seen, a chosen file, the
    clipboard."""
    game = state.game
    kind = c.number(0, 5)
    if kind <= 1:
        theirs = c.pick([None, game.copy(), new_game(OTHER), new_game(CODE, "1e")])
        loaded = Loaded(theirs, c.pick([state.settings, Settings(cells=4)]), None, 1, Stats())
        if theirs is not None:
            loaded.stats = Stats().matched(theirs)
        if kind == 0:
            return OtherTab(replace(loaded, notice=Notice("storage-other-tab")))
        notice = c.pick([None, Notice("storage-full"), Notice("storage-other-tab")])
        return Saved(notice, c.pick(("", "storage-full")), c.pick([None, loaded]), c.pick((True, False)))
    if kind == 2:
        return Visibility(c.pick((True, False)))
    if kind == 3:
        text = c.pick(
            [None, "{}", export(new_game(CODE, "1e"), Settings(cells=4), Stats(), "2026-11-30T10:00:00Z")]
        )
        error = c.pick([None, BackupError("too big", code="backup-too-big")])
        return FileRead(text, error)
    if kind == 4:
        return ImportFile(NO_FILE)
    return Copied(PAGE, "Copied.", c.pick((True, False)))


def timer(c: Chooser, state: PageState) -> Action:
    kind = c.number(0, 3)
    if kind == 0:
        wait = state.tap_wait
        return TapWindow(wait.serial if wait is not None and c.number(0, 3) else c.number(0, state.serial))
    if kind == 1:
        run = state.finishing
        return FinishStep(run.serial if run is not None and c.number(0, 3) else c.number(0, state.serial))
    return ReplayStep() if kind == 2 else Tick()


def control(c: Chooser, state: PageState) -> Action:
    kind = c.number(0, 6)
    if kind <= 2:
        return Command(c.pick(COMMANDS))
    if kind == 3:
        front = [state.windows[-1].ident] * 3 if state.windows else []
        ident = c.pick([*front, *DIALOGS])
        closes: list[Action] = [Close(ident), DialogClosed(ident)]
        return c.pick(closes)
    if kind == 4:
        return Choose(*c.pick(CHOICES))  # type: ignore[arg-type]
    if kind == 5:
        return CodeTyped(c.pick(CODES))
    return ReplaySpeed(c.pick((0.5, 1.0, 2.0, 4.0, 3.0)))


KINDS: tuple[Callable[[Chooser, PageState, float], Action], ...] = (
    gesture,
    gesture,
    gesture,
    lambda c, s, now: key_play(c, s),
    lambda c, s, now: key_play(c, s),
    lambda c, s, now: legal_play(c, s),
    lambda c, s, now: legal_play(c, s),
    lambda c, s, now: legal_play(c, s),
    lambda c, s, now: control(c, s),
    lambda c, s, now: control(c, s),
    lambda c, s, now: worker(c, s),
    lambda c, s, now: outside(c, s),
    lambda c, s, now: timer(c, s),
    lambda c, s, now: timer(c, s),
)


def an_action(c: Chooser, state: PageState, now: float) -> Action:
    return c.pick(KINDS)(c, state, now)


# -- the first states --------------------------------------------------------------------------


def first_state(c: Chooser) -> PageState:
    """A start as the page makes one: a fresh deal, a game nearly finished, a game in
    progress (asked to be replaced by the address), a replay shown, a 2-cell deal with
    tap-to-select, a first visit with the how-to."""
    kind = c.number(0, 5)
    settings = Settings(tap_to_select=kind == 4, cells=2 if kind == 4 else 8, winnable=kind != 0)
    game = [
        new_game(),
        finishable(),
        new_game(CODE, "1e", "2f"),
        new_game(),
        new_game("EO1-C2-AAAAAFA"),
        new_game(),
    ][kind]
    options: dict[str, Any] = {"page": PAGE, "how_to_seen": kind != 5}
    if kind == 2:
        options["ask"] = Link(OTHER)
    if kind == 3:
        options["replay_of"] = (Link(CODE, (Move.parse("1e"), Move.parse("ef"))), 1)
    state, _effects = start(WORLD, game, settings, Stats(), **options)
    return state


# -- what holds after each action ---------------------------------------------------------------


def check(state: PageState) -> None:
    """The board's model of ``state`` shows exactly the engine's game: every pile's cards,
    the figures, the cards picked up; a replay's model its position; the focus on a spot
    that exists; each window once."""
    game, position = state.game, state.game.position
    model = game_model(game, state.input, state.hints.shown, state.focus)
    assert model.piles == tuple(
        (p.key, tuple(str(card) for card in position.cards(p))) for p in position.piles()
    )
    assert (model.score, model.moves, model.code, model.cells) == (
        game.score,
        game.moves,
        str(game.code),
        len(position.cells),
    )
    assert (model.can_undo, model.can_redo, model.can_finish) == (
        game.can_undo,
        game.can_redo,
        game.finish() is not None,
    )
    assert model.focus.pile in model.sizes
    assert model.focus.index is None or model.focus.index < model.sizes[model.focus.pile]
    held = state.input.held
    if held is not None:
        cards = position.cards(Pile.from_key(held.pile))
        assert [str(card) for card in cards[held.index :]] == list(model.lifted)
        assert len(cards) - held.index == held.count and str(cards[held.index]) == held.card
    # One pile marked where a drag's cards go, and only a pile they may go to.
    assert state.input.marked is None or (held is not None and state.input.marked in model.lit)
    if state.hints.shown is not None:
        assert set(state.hints.shown.cards) <= set(model.places)
    if state.replay is not None:
        shown = replay_model(state.replay, state.focus)
        replayed = state.replay.position
        assert shown.piles == tuple(
            (p.key, tuple(str(c) for c in replayed.cards(p))) for p in replayed.piles()
        )
    idents = [w.ident for w in state.windows]
    assert len(idents) == len(set(idents))


def session(c: Chooser, actions: int) -> int:
    """A first state, then ``actions`` actions drawn from each state in turn, the time
    moving on between them; each update checked. How many changed the position."""
    state = first_state(c)
    check(state)
    now, changed = 0.0, 0
    for _ in range(actions):
        now += c.pick((0, 1, 40, 120, 400, 1000, 60_000))
        world = World(now, WORLD.day, WORLD.stamp, c.number(0, 2**40))
        action = an_action(c, state, now)
        serial, position = state.serial, state.game.position
        state, effects = step(state, action, world)  # the state given, checked unchanged
        assert state.serial >= serial and isinstance(effects, tuple)
        check(state)
        changed += state.game.position != position
    return changed


@settings(max_examples=150)
@given(st.data())
def test_random_actions_never_raise_never_change_the_state_given_and_the_model_is_the_engines(
    data: st.DataObject,
) -> None:
    session(Drawn(data), data.draw(st.integers(1, 40)))


@pytest.mark.no_cover  # untraced (tools/test.sh): the coverage is the same without it
def test_soak_60_random_sessions_of_150_actions() -> None:
    """Seeded: 60 sessions of 150 actions each through the real update, 9,000 updates, each
    against a deep snapshot of the state it was given, hundreds of them changing the position
    (about 9 s of one core: the Hypothesis property above draws sequences of its own besides)."""
    changed = sum(session(Seeded(seed), 150) for seed in range(60))
    assert changed > 700
