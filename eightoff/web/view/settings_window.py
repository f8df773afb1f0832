"""The Settings window (``#settings-dialog``): card colours, table colours, tap-to-select,
the clock shown, the cards' size, their motion and their pace, hints at once, sound and
vibration, and the language (docs/dom-contract.md, "Dialogs"). Its choices reach the page
as ``Choose`` actions from the inputs' ``change`` events (:mod:`.actions`).

Thin DOM code: :meth:`SettingsDialog.draw` sets the inputs from the settings.
"""

from __future__ import annotations

from ..dom import Texts, add, el, reduced_motion
from ..state import PageState
from ..storage.store import Aside
from ..words.i18n import LANGUAGES, NAMES, _, direction, ngettext
from .panel import Panel, buttons


class SettingsDialog(Panel):
    """The Settings window."""

    def __init__(self, texts: Texts) -> None:
        super().__init__(texts, "settings-dialog", lambda: _("Settings"))
        deck = self.choices(
            "deck",
            lambda: _("Card colours"),
            [
                ("four", lambda: _("Four colours (♠ black, ♥ red, ♦ blue, ♣ green)")),
                ("two", lambda: _("Two colours (♠♣ black, ♥♦ red)")),
            ],
        )
        self.tap_to_select, choice = self.switch(
            "tap-to-select", lambda: _("Tap a card, then tap where it goes")
        )
        self.clock, clock = self.switch("clock", lambda: _("Show the clock"), id="show-clock")
        self.motion, motion = self.switch("motion", lambda: _("Animate the cards (moves, the deal, a win)"))
        pace = self.choices(
            "pace",
            lambda: _("Card speed (moves, the deal, a win, Finish)"),
            [("fast", lambda: _("Fast")), ("normal", lambda: _("Normal")), ("slow", lambda: _("Slow"))],
        )
        size = self.choices(
            "cards",
            lambda: _("Card size"),
            [
                ("standard", lambda: _("Standard")),
                ("large", lambda: _("Large (bigger corners; bigger cards where the height allows)")),
            ],
        )
        self.hint_at_once, at_once = self.switch(
            "hint-at-once", lambda: _("Show a hint's card and where it goes at once")
        )
        self.sound, sound = self.switch(
            "sound", lambda: _("Play sounds (a card placed, a move refused, a win)")
        )
        self.haptics, haptics = self.switch(
            "haptics", lambda: _("Vibrate (a card placed, a move refused, a win), where the device can")
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
        theme = self.choices(
            "theme",
            lambda: _("Table colours"),
            [
                ("auto", lambda: _("As the device")),
                ("light", lambda: _("Light")),
                ("dark", lambda: _("Dark")),
            ],
        )
        done = buttons(self.action(lambda: _("Done"), "close", "primary"))
        self.kept = el("p", "storage-kept", id="storage-kept")
        self.aside = el("p", "storage-aside", id="storage-aside")
        self.restore = self.action(lambda: _("Bring it back"), "restore-aside", id="restore-aside")
        self.download = self.action(lambda: _("Download it"), "download-aside", id="download-aside")
        self.discard = self.action(lambda: _("Delete it"), "discard-aside", id="discard-aside")
        self.aside_row = buttons(self.restore, self.download, self.discard)
        storage = add(
            el("fieldset", "storage-choice"),
            texts.text(el("legend"), lambda: _("Storage")),
            self.kept,
            self.aside,
            self.aside_row,
        )
        add(
            self.body,
            deck,
            size,
            theme,
            choice,
            clock,
            motion,
            pace,
            at_once,
            sound,
            haptics,
            picker,
            storage,
            done,
        )

    def draw(self, window: object, state: PageState) -> None:
        """Every input as the settings and the language in use say."""
        settings = state.settings
        for name, value in (
            ("deck", settings.deck),
            ("theme", settings.theme),
            ("pace", settings.pace),
            ("cards", settings.cards),
        ):
            self.check(name, value)
        self.tap_to_select.checked = settings.tap_to_select
        self.clock.checked = settings.clock
        self.motion.checked = settings.moving(bool(reduced_motion().matches))
        self.hint_at_once.checked = settings.hint_at_once
        self.sound.checked = settings.sound
        self.haptics.checked = settings.haptics
        self.language.value = state.language
        self.kept.textContent = kept_words(state.kept)
        aside = state.aside
        self.aside.hidden = self.aside_row.hidden = aside is None
        self.aside.textContent = "" if aside is None else aside_words(aside)
        readable = aside is not None and aside.loaded is not None and aside.loaded.game is not None
        self.restore.hidden = not readable
        self.download.hidden = readable


def kept_words(kept: bool | None) -> str:
    """Whether the browser keeps the game's storage (``navigator.storage``)."""
    if kept:
        return _("This browser keeps the game's storage until you delete it.")
    return _(
        "This browser may delete the game's storage when space runs short or the site is not "
        "visited for a while: export a backup from the Statistics window to keep your games."
    )


def aside_words(aside: Aside) -> str:
    """What was set aside, when something was (a value that could not be read, or another
    version's record)."""
    loaded = aside.loaded
    if loaded is not None and loaded.game is not None:
        game = loaded.game
        return ngettext(
            "Set aside: a saved game of deal {code} after {moves} move.",
            "Set aside: a saved game of deal {code} after {moves} moves.",
            game.moves,
            code=str(game.code),
            moves=game.moves,
        )
    return ngettext(
        "Set aside: {chars} character this version cannot read (a newer version's save, or damaged data).",
        "Set aside: {chars} characters this version cannot read (a newer version's save, or damaged data).",
        aside.chars,
        chars=aside.chars,
    )


__all__ = ["SettingsDialog", "aside_words", "kept_words"]
