"""The Settings window (``#settings-dialog``): card colours, table colours, tap-to-select,
the clock shown, the cards' motion and the language (docs/dom-contract.md, "Dialogs"). Its
choices reach the page as ``Choose`` actions from the inputs' ``change`` events
(:mod:`.actions`).

Thin DOM code: :meth:`SettingsDialog.draw` sets the inputs from the settings.
"""

from __future__ import annotations

from ..dom import Texts, add, el, reduced_motion
from ..state import PageState
from ..words.i18n import LANGUAGES, NAMES, _, direction
from .panel import Panel, buttons


class SettingsDialog(Panel):
    """The Settings window."""

    def __init__(self, texts: Texts) -> None:
        super().__init__(texts, "settings-dialog", lambda: _("Settings"))
        deck = add(
            el("fieldset", "deck-choice"),
            texts.text(el("legend"), lambda: _("Card colours")),
            self.radio("deck", "four", lambda: _("Four colours (♠ black, ♥ red, ♦ blue, ♣ green)")),
            self.radio("deck", "two", lambda: _("Two colours (♠♣ black, ♥♦ red)")),
        )
        self.tap_to_select = el("input", "", type="checkbox", id="tap-to-select", name="tap-to-select")
        choice = add(
            el("label", "choice"),
            self.tap_to_select,
            texts.text(el("span"), lambda: _("Tap a card, then tap where it goes")),
        )
        self.clock = el("input", "", type="checkbox", id="show-clock", name="clock")
        clock = add(el("label", "choice"), self.clock, texts.text(el("span"), lambda: _("Show the clock")))
        self.motion = el("input", "", type="checkbox", id="motion", name="motion")
        motion = add(
            el("label", "choice"),
            self.motion,
            texts.text(el("span"), lambda: _("Animate the cards (moves, the deal, a win)")),
        )
        self.language = el("select", "", id="language", name="language")
        for code in LANGUAGES:  # each language named in itself, not translated
            self.language.appendChild(
                el("option", "", NAMES[code], value=code, lang=code, dir=direction(code))
            )
        picker = add(
            el("label", "language-choice", for_="language"),
            texts.text(el("span"), lambda: _("Language")),
            self.language,
        )
        theme = add(
            el("fieldset", "theme-choice"),
            texts.text(el("legend"), lambda: _("Table colours")),
            self.radio("theme", "auto", lambda: _("As the device")),
            self.radio("theme", "light", lambda: _("Light")),
            self.radio("theme", "dark", lambda: _("Dark")),
        )
        done = buttons(self.action(lambda: _("Done"), "close", "primary"))
        add(self.body, deck, theme, choice, clock, motion, picker, done)

    def draw(self, window: object, state: PageState) -> None:
        """Every input as the settings and the language in use say."""
        settings = state.settings
        for radio in self.dialog.querySelectorAll("input[name=deck]"):
            radio.checked = radio.value == settings.deck
        for radio in self.dialog.querySelectorAll("input[name=theme]"):
            radio.checked = radio.value == settings.theme
        self.tap_to_select.checked = settings.tap_to_select
        self.clock.checked = settings.clock
        self.motion.checked = settings.moving(bool(reduced_motion().matches))
        self.language.value = state.language


__all__ = ["SettingsDialog"]
