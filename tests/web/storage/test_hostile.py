"""Hostile input to every reader of stored and imported data, under CPython (issue 20,
../shared/reviews/reliability.md D1, D2, D11, D12, I-6): whatever ``localStorage`` or a
backup file holds — any nesting, size, encoding or type — is refused before it is parsed
when it is too big or too deep, set aside (kept, never lost: whole, or its first
``ASIDE_CHARS`` characters when it is far longer than a record can be, so it never fills
the quota), and said in words that name what is wrong; nothing raises.

Under Pyodide the C stack overflows on deep JSON before Python's ``RecursionError``, so
the tests here check the refusal comes from the count made before parsing
(``json_text.nesting``), not from a caught ``RecursionError``; tests/browser/test_hostile.py
replays the same values in the real page."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from eightoff import Game
from eightoff.web.storage import backup_file as backup
from eightoff.web.storage import record as stored_record
from eightoff.web.storage.backup_file import BackupError, export, read, reason_text
from eightoff.web.storage.json_text import LONGEST_INTEGER, MAX_CHARS, MAX_DEPTH, nesting, read_json
from eightoff.web.storage.settings import Settings
from eightoff.web.storage.stats import Stats
from eightoff.web.storage.store import ASIDE_CHARS, BACKUP_KEY, KEY, Loaded, MemoryStorage, Notice, Store
from tests.players import long_game, long_line


def deep(levels: int, open_: str = "[", close: str = "]") -> str:
    return open_ * levels + close * levels


def deep_objects(levels: int) -> str:
    return '{"a":' * levels + "1" + "}" * levels


def good_record(revision: int = 3) -> str:
    return stored_record.dump(revision, "tab-a", long_game(5), Settings(cells=8))


GOOD = json.loads(good_record())

GARBAGE: dict[str, tuple[str, str]] = {
    "the review's 10,000 nested arrays": (deep(10_000), "record-too-deep"),
    "30,000 nested arrays": (deep(30_000), "record-too-deep"),
    "10,000 nested objects": (deep_objects(10_000), "record-too-deep"),
    "100,000 opening brackets, never closed": ("[" * 100_000, "record-too-deep"),
    "a deep record inside a good record": (
        json.dumps({**GOOD, "tab": None})[:-1] + ',"x":' + deep(400_000) + "}",
        "record-too-deep",
    ),
    "one level too deep": (deep(MAX_DEPTH + 1), "record-too-deep"),
    "mixed arrays and objects": ('[{"a":' * 20 + "1" + "}]" * 20, "record-too-deep"),
    "more than a million characters": (json.dumps({"x": "y" * MAX_CHARS}), "record-too-big"),
    "a million blanks": (" " * (MAX_CHARS + 1), "record-too-big"),
    "at the depth bound, not a record": (deep(MAX_DEPTH), "record-shape"),
    "not JSON": ("{'schema': 3}", "record-not-json"),
    "an unterminated string full of brackets": ('{"a": "' + "[" * 1000, "record-not-json"),
    "a NUL": ("\x00", "record-not-json"),
    "a lone surrogate": ('"\ud800"', "record-shape"),
    "an escaped lone surrogate": ('{"schema": "\\ud800"}', "record-schema"),
    "a number too big for JavaScript": ('{"schema":3,"revision":1e400}', "record-revision"),
    "a huge integer": ('{"schema":3,"revision":' + "9" * 5000 + "}", "record-revision"),  # named
    "the record as an array": ("[" + good_record() + "]", "record-shape"),
    "another app's value": ('{"theme":"dark","user":{"id":42}}', "record-schema"),
}
"""Values another page (or a tamperer) can leave under the state key, and the reason the
load gives (``store.Notice`` ``storage-corrupt``)."""


@pytest.mark.parametrize("case", GARBAGE)
def test_garbage_at_start_is_set_aside_exactly_and_a_fresh_game_starts(case: str) -> None:
    text, reason = GARBAGE[case]
    storage = MemoryStorage()
    storage.set(KEY, text)
    loaded = Store(storage, "a").load()
    assert (loaded.game, loaded.settings) == (None, Settings())
    assert loaded.notice == Notice("storage-corrupt", {"reason": reason, "backup": True})
    assert storage.get(BACKUP_KEY) == text[:ASIDE_CHARS]  # kept, byte for byte (a record's length at most)
    assert storage.get(KEY) is None


@pytest.mark.parametrize("case", GARBAGE)
def test_garbage_from_another_tab_is_set_aside_and_this_tabs_game_saved_over_it(case: str) -> None:
    """The review's D1, written while open: the tab is told, saves its game at once (the
    page does so on ``storage-unreadable``), and a reload finds that game."""
    text = GARBAGE[case][0]
    storage = MemoryStorage()
    tab = Store(storage, "a")
    game = long_game(4)
    assert tab.save(game, Settings(cells=4)) is None
    storage.set(KEY, text)  # another tab's write
    stats = tab.stats
    assert tab.on_external_change(text) == Loaded(None, Settings(), Notice("storage-unreadable"), 1, stats)
    assert tab.save(game, Settings(cells=4)) == Notice("storage-set-aside", {"backup": True})
    assert storage.get(BACKUP_KEY) == text[:ASIDE_CHARS]
    reloaded = Store(storage, "b").load()
    assert (reloaded.game, reloaded.settings, reloaded.notice) == (game, Settings(cells=4), None)


def test_the_words_of_the_new_notices() -> None:
    from eightoff.web.storage.notices import notice_text

    assert notice_text(Notice("storage-set-aside", {"backup": True})) == (
        "Something that was not a saved game of Eight Off was found in the browser's storage: it was "
        "set aside and your game was saved in its place."
    )
    assert (
        notice_text(Notice("storage-unreadable"))
        == "The browser's storage changed: your game is saved again."
    )


def test_the_depth_is_counted_without_parsing() -> None:
    """``nesting`` counts brackets outside strings and stops past the bound; json is never
    called (a parse of 10,000 levels is what overflows Pyodide's C stack)."""
    assert nesting(deep(10_000)) == MAX_DEPTH + 1
    assert nesting('{"a": "[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[", "b": ["\\"[["]}') == 2
    assert nesting('"\\\\"' + "[" * 3) == 3  # an escaped backslash ends the string
    assert nesting("") == 0
    assert nesting(good_record()) == 4  # a record nests 4 levels
    assert nesting(export(long_game(5), Settings(), Stats(), "2026-12-01T00:00:00Z")) == 5  # a backup 5


@settings(max_examples=200, deadline=None)
@given(
    st.recursive(
        st.none()
        | st.booleans()
        | st.integers(-(10**LONGEST_INTEGER) + 1, 10**LONGEST_INTEGER - 1)  # longer: a float, by design
        | st.text(alphabet='[]{}"\\ab,:'),
        lambda inner: (
            st.lists(inner, max_size=3) | st.dictionaries(st.text(alphabet='[]{}"\\a'), inner, max_size=3)
        ),
        max_leaves=40,
    )
)
def test_the_count_is_the_true_depth_of_any_json(value: Any) -> None:
    def depth(v: Any) -> int:
        if isinstance(v, list):
            return 1 + max((depth(x) for x in v), default=0)
        if isinstance(v, dict):
            return 1 + max((depth(x) for x in v.values()), default=0)
        return 0

    text = json.dumps(value)
    assert nesting(text, limit=1000) == depth(value)
    if depth(value) <= MAX_DEPTH:
        assert read_json(text) == value


@settings(max_examples=300, deadline=None)
@given(st.integers(0, 60), st.sampled_from(["[]", "{}", "[{", "{["]), st.text(max_size=30))
def test_any_nesting_never_raises_from_any_reader(levels: int, brackets: str, tail: str) -> None:
    """Load, another tab's write, the save's check and a backup import, on any nesting."""
    if brackets == "[{":
        text = '[{"a":' * levels + "1" + "}]" * levels + tail
    elif brackets == "{[":
        text = '{"a":[' * levels + "1" + "]}" * levels + tail
    else:
        text = brackets[0] * levels + brackets[1] * levels + tail
    storage = MemoryStorage()
    storage.set(KEY, text)
    loaded = Store(storage, "a").load()
    assert loaded.game is None and storage.get(BACKUP_KEY) == text[:ASIDE_CHARS]
    tab = Store(MemoryStorage(), "b")
    assert tab.on_external_change(text) in (None, Loaded(None, Settings(), Notice("storage-unreadable"), 0))
    with pytest.raises(BackupError):
        read(text)


# -- backups --------------------------------------------------------------------------

WHEN = "2026-12-01T10:00:00Z"


def backup_text() -> str:
    """A backup of a game in progress, with a last game kept (every field of the record)."""
    last = long_game(3, seed=1)
    game = long_game(12)
    stats = Stats().begin(last.code).follow(last, "2026-12-01").leave(last, "2026-12-01")
    stats = stats.begin(game.code).follow(game, "2026-12-01")
    assert stats.previous is not None
    return export(game, Settings(cells=8), stats, WHEN)


def refusal(text: str) -> str:
    with pytest.raises(BackupError) as caught:
        read(text)
    return reason_text(caught.value)


@pytest.mark.parametrize(
    ("text", "words"),
    [
        (deep(10_000), "It nests far deeper than a backup (it is not a backup file)."),
        (deep_objects(10_000), "It nests far deeper than a backup (it is not a backup file)."),
        (deep(100_000), "It nests far deeper than a backup (it is not a backup file)."),
        (
            backup_text()[:-2] + ',"x":' + deep(400_000) + "}}",
            "It nests far deeper than a backup (it is not a backup file).",
        ),
        (" " * (MAX_CHARS + 1), "It is far bigger than a backup."),
        ("[" + backup_text() + "]", "It is not an Eight Off backup."),
        ("not json", "It is not a backup file (not JSON)."),
    ],
    ids=[
        "10k arrays",
        "10k objects",
        "100k arrays",
        "400k inside a backup",
        "too big",
        "in an array",
        "not json",
    ],
)
def test_a_nested_or_oversized_backup_is_refused_before_parsing(text: str, words: str) -> None:
    assert refusal(text) == words


def _paths(value: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    found = [path] if path else []
    if isinstance(value, dict):
        for key, inner in value.items():
            found += _paths(inner, (*path, key))
    elif isinstance(value, list) and value:
        found += _paths(value[0], (*path, 0))
    return found


WRONG_TYPES: list[Any] = [None, True, -1, 1.5, "x", [], {}, 2**60]


def _spoiled(path: tuple[Any, ...], wrong: Any) -> str | None:
    data = json.loads(backup_text())
    node = data
    for key in path[:-1]:
        node = node[key]
    old = node[path[-1]]
    if old == wrong or (type(old) is type(wrong) and not isinstance(wrong, (list, dict))):
        return None
    node[path[-1]] = wrong
    return json.dumps(data)


RAW_CODE = re.compile(r"\b(?:record|saved|settings|stats|backup)-[a-z]+\b")


def test_every_wrong_type_in_every_field_is_refused_in_words_naming_what_is_wrong() -> None:
    """The review's D11: 388 of 527 wrong-type backups were all "Its game is damaged
    (stats-number)". Every field of a backup, each replaced by each wrong type: refused
    (or read, when the field is optional), never with a raw code, and with one sentence
    per kind of problem."""
    paths = [p for p in _paths(json.loads(backup_text())) if p[:1] == ("record",)]
    seen: dict[str, int] = {}
    tried = 0
    for path in paths:
        for wrong in WRONG_TYPES:
            text = _spoiled(path, wrong)
            if text is None:
                continue
            tried += 1
            try:
                read(text)
            except BackupError as error:
                words = reason_text(error)
                assert not RAW_CODE.search(words), (path, wrong, words)
                assert words != "Its game is damaged.", (path, wrong, error)
                field = error.params.get("field")
                if field is not None:
                    assert f"“{field}”" in words
                seen[words] = seen.get(words, 0) + 1
    assert tried > 300
    assert len(seen) >= 12, seen  # many kinds, each in its own words


@pytest.mark.parametrize(
    ("change", "words"),
    [
        (
            lambda d: d["record"]["stats"]["overall"].update(won="3"),
            "Its statistics are damaged: “overall.won” is not a whole number.",
        ),
        (
            lambda d: d["record"]["stats"]["current"].update(finished=1),
            "Its statistics are damaged: “current.finished” is not true or false.",
        ),
        (
            lambda d: d["record"]["stats"].update(recent={}),
            "Its statistics are damaged: “recent” is missing or of the wrong kind.",
        ),
        (
            lambda d: d["record"]["stats"]["overall"].update(started=99),
            "Its statistics are damaged: the figures do not add up.",
        ),
        (
            lambda d: d["record"]["stats"]["current"].update(path=7),
            "Its statistics are damaged: the moves of the game in play cannot be read.",
        ),
        (
            lambda d: d["record"]["stats"]["current"].update(code="EO1-C8-ſAAAAAA"),
            "Its statistics are damaged: a game has no valid deal code.",
        ),
        (
            lambda d: d["record"]["stats"]["previous"]["game"].update(position="AS"),
            "Its statistics are damaged: the last game, kept to go back to, cannot be read.",
        ),
        (
            lambda d: d["record"]["stats"]["previous"]["entry"].update(code="EO1-C4-AAAAAFA"),
            "Its statistics are damaged: the last game, kept to go back to, cannot be read.",
        ),
        (
            lambda d: d["record"]["stats"]["previous"]["entry"].update(time=-1),
            "Its statistics are damaged: the last game, kept to go back to, cannot be read.",
        ),
        (
            lambda d: d["record"]["stats"]["daily"].update(dates_won=["yesterday"]),
            "Its statistics are damaged: “daily.dates_won” is not a date.",
        ),
        (
            lambda d: d["record"]["settings"].update(cells=3),
            "Its settings are damaged: the number of cells is not 8, 4 or 2.",
        ),
        (
            lambda d: d["record"]["settings"].update(deck="red"),
            "Its settings are damaged: the deck is neither “four” nor “two”.",
        ),
        (
            lambda d: d["record"]["settings"].update(winnable="yes"),
            "Its settings are damaged: “winnable” is not true or false.",
        ),
        (
            lambda d: d["record"]["settings"].update(tap_to_select=0),
            "Its settings are damaged: “tap_to_select” is not true or false.",
        ),
        (
            lambda d: d["record"]["settings"].update(hint_at_once="yes"),
            "Its settings are damaged: “hint_at_once” is not true or false.",
        ),
        (
            lambda d: d["record"]["settings"].update(cards="huge"),
            "Its settings are damaged: the card size is neither “standard” nor “large”.",
        ),
        (
            lambda d: d["record"]["settings"].update(pace=2),
            "Its settings are damaged: the card speed is not “fast”, “normal” or “slow”.",
        ),
        (
            lambda d: d["record"]["settings"].update(theme="blue"),
            "Its settings are damaged: the table colours are not “auto”, “light” or “dark”.",
        ),
        (
            lambda d: d["record"]["settings"].update(motion=True),
            "Its settings are damaged: the motion is not “auto”, “on” or “off”.",
        ),
        (
            lambda d: d["record"]["settings"].update(language="xx"),
            "Its settings are damaged: the language is not one of the game's.",
        ),
        (
            lambda d: d["record"].update(settings=[]),
            "Its settings are damaged: they hold no cell count or deck.",
        ),
        (
            lambda d: d["record"]["game"].update(score="0"),
            "Its game is damaged: “score” is missing or of the wrong kind.",
        ),
        (
            lambda d: d["record"]["game"].update(undo=[1]),
            "Its game is damaged: “undo” is missing or of the wrong kind.",
        ),
        (
            lambda d: d["record"]["game"].update(score=3),
            "Its game is damaged: its score does not match its moves.",
        ),
        (
            lambda d: d["record"]["game"].update(position="AS"),
            "Its game is damaged: its deal code, cards or moves cannot be read.",
        ),
        (
            lambda d: d["record"]["game"].update(undo=["a1"]),
            "Its game is damaged: its undo and redo moves are not legal play.",
        ),
        (lambda d: d["record"].update(revision="0"), "Its saved record has no valid revision number."),
        (lambda d: d["record"].update(schema=0), "Its saved record has an unknown version."),
        (lambda d: d.update(record=[]), "Its saved record is not an object."),
    ],
)
def test_each_kind_of_damage_in_its_own_words(change: Any, words: str) -> None:
    data = json.loads(backup_text())
    change(data)
    assert refusal(json.dumps(data)) == words


def test_a_finished_game_that_is_not_won_is_counted_on() -> None:
    """The review's I-6: ``current.finished`` true on a game not won would never count the
    game; it is read as not finished (as a ``current`` of another deal is dropped)."""
    data = json.loads(backup_text())
    data["record"]["stats"]["current"]["finished"] = True
    held = read(json.dumps(data))
    assert held.stats.current is not None and held.stats.current.finished is False
    assert not held.game.is_won


def test_the_backup_bound_is_the_storage_bound() -> None:
    assert backup.MAX_CHARS == MAX_CHARS == 1_000_000 and MAX_DEPTH == 16


def test_a_backup_too_deep_leaves_storage_byte_identical() -> None:
    """A refused import writes nothing: the page reads the file, then asks; here the read
    alone, on a store holding a game."""
    storage = MemoryStorage()
    Store(storage, "a").save(long_game(3), Settings())
    before = dict(storage.items)
    for text in (deep(10_000), " " * (MAX_CHARS + 1)):
        with pytest.raises(BackupError):
            read(text)
    assert storage.items == before


def test_the_game_of_a_good_record_after_garbage_is_untouched() -> None:
    storage = MemoryStorage()
    storage.set(KEY, good_record(7))
    loaded = Store(storage, "a").load()
    assert isinstance(loaded.game, Game) and loaded.revision == 7 and loaded.notice is None


def test_a_position_link_of_more_than_100_moves_keeps_its_whole_path_at_start() -> None:
    """D7 at start-up: undo reaches 100 moves, the link's moves are the whole path, so
    Share can copy the whole game."""
    from eightoff.web.links.address import Link
    from eightoff.web.links.startup import decide

    game = long_game(150)
    link = Link(game.code, tuple(long_line(150)))
    assert len(link.moves) == game.moves == 150
    start = decide(Loaded(None, Settings(), None, 0), link.query())
    assert start.game == game and start.path == link.moves
    stats = Stats().with_path(start.game, start.path)
    assert stats.whole_game(start.game) == link.moves
    assert Stats().matched(start.game).whole_game(start.game) is None  # what it was before
    wrong = Stats().with_path(start.game, link.moves[1:])  # a path that does not lead there
    assert wrong.whole_game(start.game) is None


def test_tabs_keep_following_each_other_at_the_last_revision() -> None:
    """The review's I-5: a record at revision 2^53 - 1 (only by tampering) froze live
    tab-to-tab updates, as revisions stop growing there."""
    storage = MemoryStorage()
    storage.set(KEY, good_record(stored_record.MAX_REVISION))
    tab_a, tab_b = Store(storage, "a"), Store(storage, "b")
    assert tab_a.load().revision == tab_b.load().revision == stored_record.MAX_REVISION
    game = long_game(7)
    assert tab_a.save(game, Settings()) is None
    assert json.loads(storage.get(KEY) or "")["revision"] == stored_record.MAX_REVISION
    followed = tab_b.on_external_change(storage.get(KEY))
    assert followed is not None and followed.game == game
    assert followed.notice == Notice("storage-other-tab", {"revision": stored_record.MAX_REVISION})
    assert tab_b.on_external_change(storage.get(KEY)) is None  # seen now


def test_below_the_last_revision_an_equal_revision_is_left_to_the_save() -> None:
    storage = MemoryStorage()
    tab = Store(storage, "a")
    tab.save(long_game(3), Settings())  # revision 1
    same_time = stored_record.dump(1, "b", long_game(4), Settings())  # another tab's, also 1
    assert tab.on_external_change(same_time) is None
    storage.set(KEY, same_time)
    assert tab.save(long_game(5), Settings()) == Notice("storage-other-tab", {"revision": 1})
    assert storage.get(KEY) == same_time
