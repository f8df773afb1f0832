"""The replay mode: a replay shown on the board instead of the game, stepped by the replay
bar's controls and played on by itself (pure Python; tested under CPython through
:func:`.update.update`; docs/replays.md). The game in progress stays as it was, saved,
behind the replay.
"""

from __future__ import annotations

from dataclasses import replace

from ..actions import ReplayStep
from ..board.input_state import InputState
from ..board.replay import Replay
from ..effects import Later
from ..links.address import Link
from ..words.i18n import duration, ngettext
from .draft import Draft
from .game import open_link


def start(d: Draft, link: Link, step: int = 0) -> str:
    """Show ``link`` as a replay at ``step``; the game in progress stays as it is. Returns
    what to say about it (the start says it with its other words)."""
    d.close_all()
    d.set(replay=Replay.of(link).go(step), input=InputState(), tap_wait=None)
    d.redraw("still")
    said: dict[str, object] = {"code": str(link.code), "length": len(link.moves)}
    if link.time is None:
        return ngettext(
            "Replay of deal {code}, {length} move. Your game is kept.",
            "Replay of deal {code}, {length} moves. Your game is kept.",
            len(link.moves),
            **said,
        )
    return ngettext(  # the link says how long the game took
        "Replay of deal {code}, {length} move played in {time}. Your game is kept.",
        "Replay of deal {code}, {length} moves played in {time}. Your game is kept.",
        len(link.moves),
        time=duration(link.time),
        **said,
    )


def command(d: Draft, name: str) -> None:
    """A replay bar's button (nothing without a replay)."""
    replay = d.state.replay
    if replay is None:
        return
    if name == "replay-play":
        replay = replay.toggle()
        d.set(replay=replay)
        if replay.playing:
            d.redraw("still")
            d.ask(Later("replay", replay.delay_ms(), ReplayStep()))
        return
    paused = replace(replay, playing=False)
    if name in ("replay-back", "replay-forward"):
        step(d, paused, forward=name == "replay-forward")
    elif name in ("replay-start", "replay-end"):
        d.set(replay=paused.go(0 if name == "replay-start" else replay.length))
        d.redraw("still")
    elif name == "replay-take-over":
        d.set(replay=paused)
        open_link(d, replay.taken_over())
    else:  # replay-exit: the game again
        d.set(replay=None)
        d.redraw("still")


def step(d: Draft, replay: Replay, forward: bool) -> None:
    """One move forward or back, the cards flying (at either end: it stops playing)."""
    if forward and not replay.at_end:
        replay = replay.forward()
    elif not forward and replay.step:
        replay = replay.back()
    else:
        replay = replace(replay, playing=False)
    d.set(replay=replay)
    d.redraw("glide")


def play_on(d: Draft) -> None:
    """A playing replay's next step, and the one after asked for while it plays."""
    replay = d.state.replay
    if replay is None or not replay.playing:
        return
    step(d, replay, forward=True)
    replay = d.state.replay
    if replay is not None and replay.playing:
        d.ask(Later("replay", replay.delay_ms(), ReplayStep()))


def speed(d: Draft, moves_a_second: float) -> None:
    if d.state.replay is not None:
        d.set(replay=d.state.replay.with_speed(moves_a_second))


__all__ = ["command", "play_on", "speed", "start", "step"]
