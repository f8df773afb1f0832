"""Cues heard and felt (:class:`.effects.Cue`): a card placed, a move refused, a win.

Thin code over the Web Audio API (no sound file to fetch: each cue is a few notes of an
``OscillatorNode`` through a ``GainNode`` with a short envelope) and ``navigator.vibrate``
(where it exists: not in Safari). The update asks for a cue only when the player turned
sound or vibration on, and says which; :class:`Cues` plays nothing while the page is hidden,
makes its one ``AudioContext`` at the first sound (a move is a gesture, so the browser's
autoplay policy lets it play) and never lets the browser's refusal reach the game.
"""

from __future__ import annotations

from typing import Any, Final

from pyscript import document, window
from pyscript.ffi import is_none, to_js

from ..effects import CueKind

NOTES: Final[dict[CueKind, tuple[tuple[float, float, float], ...]]] = {
    "place": ((1200.0, 0.0, 0.04),),
    "refuse": ((196.0, 0.0, 0.09), (147.0, 0.1, 0.14)),
    "win": ((523.25, 0.0, 0.1), (659.25, 0.09, 0.1), (783.99, 0.18, 0.1), (1046.5, 0.27, 0.3)),
}
"""Each cue's notes: (frequency in Hz, start and length in seconds). A soft click for a card
placed, a low falling pair for a refusal, a rising C major arpeggio for a win."""
WAVES: Final[dict[CueKind, str]] = {"place": "triangle", "refuse": "square", "win": "sine"}
VOLUME: Final = 0.12
"""The envelope's peak (the gain): a cue is quiet beside the device's other sounds."""
QUIET: Final = 0.0001
"""The envelope's floor: an exponential ramp cannot reach 0."""
PATTERNS: Final[dict[CueKind, tuple[int, ...]]] = {
    "place": (10,),
    "refuse": (30, 40, 30),
    "win": (60, 40, 120),
}
"""Each cue's vibration (``navigator.vibrate``: on, off, on … in ms)."""


def missing(value: Any) -> bool:
    """Whether a browser property is absent (``None``, ``null`` or ``undefined``)."""
    return value is None or is_none(value) or str(value) == "undefined"


class Cues:
    """The page's cues; its ``context`` made at the first sound played."""

    def __init__(self) -> None:
        self.context: Any = None

    def play(self, kind: CueKind, sound: bool, haptics: bool) -> None:
        """The cue ``kind``: heard when ``sound``, felt when ``haptics``; nothing while the
        page is hidden. Never raises."""
        if bool(document.hidden):
            return
        if sound:
            self.sound(kind)
        if haptics:
            vibrate(PATTERNS[kind])

    def sound(self, kind: CueKind) -> None:
        """The notes of ``kind``, each an oscillator through a gain rising in 5 ms and
        falling away over its length."""
        try:
            context = self.audio()
            if context is None:
                return
            if str(context.state) == "suspended":
                context.resume()
            now = float(context.currentTime)
            for frequency, start, length in NOTES[kind]:
                at, end = now + start, now + start + length
                oscillator, gain = context.createOscillator(), context.createGain()
                oscillator.type = WAVES[kind]
                oscillator.frequency.value = frequency
                gain.gain.setValueAtTime(QUIET, at)
                gain.gain.exponentialRampToValueAtTime(VOLUME, at + 0.005)
                gain.gain.exponentialRampToValueAtTime(QUIET, end)
                oscillator.connect(gain)
                gain.connect(context.destination)
                oscillator.start(at)
                oscillator.stop(end + 0.02)
        except Exception:
            return

    def audio(self) -> Any:
        """The one ``AudioContext`` (``webkitAudioContext`` in older Safari), made now if not
        yet; ``None`` when the browser has none."""
        if self.context is None:
            maker: Any = getattr(window, "AudioContext", None)
            if missing(maker):
                maker = getattr(window, "webkitAudioContext", None)
            if missing(maker):
                return None
            self.context = maker.new()
        return self.context


def vibrate(pattern: tuple[int, ...]) -> None:
    """``navigator.vibrate(pattern)`` where the browser has it; never raises."""
    try:
        navigator = window.navigator
        if missing(getattr(navigator, "vibrate", None)):
            return
        navigator.vibrate(to_js(list(pattern)))
    except Exception:
        return


__all__ = ["NOTES", "PATTERNS", "Cues", "vibrate"]
