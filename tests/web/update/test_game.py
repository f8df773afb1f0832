"""The game on the table (eightoff/web/update/game.py) through the page's one update: a move,
undo and redo, a new deal and a link's position, what a save came to, another tab's game,
the first state (:func:`eightoff.web.update.start`) and the clock; each checked on the exact
state, words and effects, the engine deciding every rule."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace

from eightoff import DealCode, Game, Move
from eightoff.game import UNDO_LIMIT
from eightoff.solver import solve
from eightoff.web.actions import (
    Choose,
    Close,
    OtherTab,
    Saved,
    Select,
    Shortcut,
    Tick,
    Visibility,
)
from eightoff.web.board.clock import Clock
from eightoff.web.board.focus import Spot
from eightoff.web.board.input_state import Held, InputState, Tap
from eightoff.web.board.model import game_model
from eightoff.web.effects import Cue, Later, Persist, Save
from eightoff.web.links.address import Link
from eightoff.web.solver.messages import Line, marks
from eightoff.web.state import HowTo, Said
from eightoff.web.storage.daily import daily_code, iso
from eightoff.web.storage.settings import Settings
from eightoff.web.storage.stats import MAX_TIME, Current, Previous, Result, Stats
from eightoff.web.storage.store import Loaded, Notice
from eightoff.winnable import level_of
from tests.web.update.helpers import CODE, DAY, WORLD, Page, finishable, new_game, state_of

FOUR = DealCode.parse("EO1-C4-AAAAAFA")
OTHER_TAB = "The game was played on in another tab: this tab now shows that game."


def one_move_from_a_win() -> tuple[Game, Move]:
    game = Game.new(CODE)
    line = solve(CODE.deal()).moves
    for move in line[:-1]:
        game.play(move)
    return game, line[-1]


def counted(game: Game, time: int) -> Stats:
    """The record of ``game`` begun at its deal and played to here, ``time`` on its clock."""
    return Stats().begin(CODE).follow(game, iso(DAY)).timed(time)


# -- a move, undo, redo ---------------------------------------------------------------------


def test_a_move_is_one_glide_one_save_and_its_words() -> None:
    page = Page()
    effects = page.do(Shortcut("double-tap", "column-1"))
    # the first move played asks the browser to keep the storage (once a visit, never at boot)
    assert effects == (Save(), Persist(), Later("clock", 1000, Tick()))
    assert page.game.undo_stack == [Move.parse("1e")] and page.state.change.motion == "glide"
    assert page.state.change.refused is None and page.state.status.text == ""
    assert page.announced == ["5 of spades to cell 5, uncovers 6 of spades."]
    assert page.state.persist_asked and Persist() not in page.do("undo", "redo")
    current = page.state.stats.current
    assert current is not None and current.counted and current.path == (Move.parse("1e"),)
    assert page.state.stats.overall.started == 1 and page.state.clock.started


def test_the_game_in_the_state_is_never_played_on_in_place() -> None:
    state = state_of()
    game = state.game
    page = Page(state)
    page.do(Shortcut("double-tap", "column-1"), "undo", "redo")
    assert game.moves == 0 and game.undo_stack == [] and page.game is not game


def test_a_refused_move_asks_nothing_of_the_world() -> None:
    page = Page()
    assert page.do(Select("column-1"), Select("column-2")) == ()
    assert page.game.moves == 0 and page.state.input.held is None and page.saves == []


def test_undo_and_redo_glide_back_and_forth_and_say_so() -> None:
    page = Page()
    page.do("undo")
    assert page.said == ["There is nothing to undo."] and page.saves == []
    page.do("redo")
    assert page.said[-1] == "There is nothing to redo."
    page.do(Shortcut("double-tap", "column-1"), "undo")
    assert page.game.moves == 0 and page.game.redo_stack == [Move.parse("1e")]
    assert (
        page.state.change.motion == "glide" and page.announced[-1] == "Undone: 5 of spades back to column 1."
    )
    assert page.state.input.last_tap is None and len(page.saves) == 2
    page.do("redo")
    assert page.game.undo_stack == [Move.parse("1e")]
    assert page.announced[-1] == "Redone: 5 of spades to cell 5." and len(page.saves) == 3


def test_undo_forgets_the_last_tap() -> None:
    game = new_game(CODE, "1e")
    page = Page(state_of(game))
    page.do(Shortcut("double-tap", "column-1"))  # the 6 of spades onto cell 6
    tap = Tap("column-1", 3, "KH", 0, moved=False)
    page.state = replace(page.state, input=InputState(last_tap=tap))
    page.do("undo")
    assert page.state.input.last_tap is None


def test_the_last_undo_it_can_reach_is_said() -> None:
    page = Page()
    for n in range(UNDO_LIMIT + 1):  # 5S to a cell and back, 101 moves: one falls off the stack
        page.do(Shortcut("double-tap", "cell-5" if n % 2 else "column-1"))
    assert page.game.moves == UNDO_LIMIT + 1 and len(page.game.undo_stack) == UNDO_LIMIT
    for _ in range(UNDO_LIMIT):
        page.do("undo")
    assert page.said[-1] == f"That was the last action undo can reach ({UNDO_LIMIT} back)."
    assert page.game.moves == 1 and not page.game.can_undo


# -- another game shown -------------------------------------------------------------------------


def test_a_new_deal_is_dealt_saved_and_said_and_the_game_left_is_kept_as_the_last_game() -> None:
    page = Page(world=replace(WORLD, chance=12345))
    page.do(Shortcut("double-tap", "column-1"))
    line = Line.of(page.game.position, (Move.parse("1f"),))
    page.state = replace(page.state, hints=replace(page.state.hints, line=line))
    page.do("hint")
    assert page.state.hints.shown == marks(page.game.position, Move.parse("1f"))
    page.state = replace(page.state, settings=Settings(winnable=False))
    left = page.game
    effects = page.do("random-deal")
    new = DealCode(12345, 8)
    assert page.game == Game.new(new) and page.state.change.motion == "deal"
    assert page.said[-1] == f"New deal {new}. Undo brings back the last game (1 move)." and page.windows == []
    assert page.state.hints.shown is None and page.state.input == InputState()
    assert effects == (Save(),)
    stats = page.state.stats
    assert stats.current == Current(str(new), untimed=False)
    assert stats.by_cells[8].started == 1 and stats.recent == ()  # not lost: one Undo away
    assert stats.previous == Previous(
        left, Current(str(CODE), counted=True, hinted=True, path=tuple(left.undo_stack))
    )


def test_undo_right_after_a_new_deal_and_back_to_the_last_game_swap_the_two() -> None:
    page = Page.started(world=replace(WORLD, chance=5))
    page.do("back-to-last")
    assert page.said[-1] == "There is no last game to go back to: a new deal keeps the game it replaces."
    page.state = replace(page.state, settings=Settings(winnable=False))
    page.do(Shortcut("double-tap", "column-1"))
    left = page.game
    page.at(20_000).do("random-deal")
    fresh = page.game
    assert page.state.undo_brings_back and not fresh.can_undo  # the board's Undo is enabled for it
    assert game_model(fresh, InputState(), None, Spot("column-1"), undo_back=True).can_undo
    effects = page.at(25_000).do("undo")
    assert page.game == left and Save() in effects and page.windows == []
    assert page.said[-1] == "Back to the last game: deal EO1-C8-AAAAAFA, 1 move."
    assert page.state.clock.shown == 20_000  # its clock goes on from its time
    last = page.state.stats.previous
    assert last is not None and last.game == fresh and not last.entry.counted
    page.do("undo", "undo")  # its own move, then nothing (a move to redo): the game stays
    assert page.game.code == CODE and page.game.moves == 0 and page.said[-1] == "There is nothing to undo."
    page.do("new-game", "back-to-last")
    assert page.game == fresh and page.windows == []
    stats = page.state.stats
    assert stats.overall.started == 1 and stats.recent == () and stats.previous is not None


def test_a_game_in_progress_is_restarted_without_a_question_and_kept() -> None:
    page = Page(state_of(new_game(CODE, "1e")))
    page.do("restart")
    assert page.game == Game.new(CODE) and page.windows == []
    assert page.said == ["Deal EO1-C8-AAAAAFA started again. Undo brings back the last game (1 move)."]
    page.do("undo")
    assert page.game == new_game(CODE, "1e")


def test_a_game_without_moves_or_won_is_replaced_without_asking() -> None:
    for game in (new_game(), finishable()):
        page = Page(state_of(game))
        if game.moves == 0:
            page.do("restart")
        else:
            page.do("finish")
            page.run_out("finish")
            page.do(Close("win"), "restart")
        assert page.windows == [] and page.game.moves == 0


def test_todays_deal_is_the_daily_deal() -> None:
    page = Page()
    page.do("daily")
    code = daily_code(DAY)
    assert level_of(code) == "easy"  # today's deal is of the 4-cell catalogue: its level is said
    assert page.game == Game.new(code) and page.said == [f"New deal {code}. Level: Easy."]
    current = page.state.stats.current
    assert current is not None and current.daily == iso(DAY)


def test_a_link_opens_its_position_with_its_path() -> None:
    moves = (Move.parse("1e"), Move.parse("ef"))
    page = Page.started(new_game(CODE, "1e"), ask=Link(CODE, moves))  # over a game in progress
    assert page.game.undo_stack == list(moves) and page.windows == []
    assert page.said[-1] == (
        "Deal EO1-C8-AAAAAFA, after the 2 moves of the link. Undo brings back the last game (1 move)."
    )
    current, last = page.state.stats.current, page.state.stats.previous
    assert current is not None and current.path == moves and current.untimed
    assert last is not None and last.game == new_game(CODE, "1e")
    page = Page.started(new_game(CODE, "1e"), ask=Link(CODE))
    assert page.game == Game.new(CODE) and page.said[-1].startswith("New deal EO1-C8-AAAAAFA. Undo brings")


# -- saves and another tab --------------------------------------------------------------------


def test_a_save_refused_is_said_and_shown_and_the_starts_words_come_first() -> None:
    page = Page.started(said=("Welcome back.",))
    assert page.said == ["Welcome back."] and page.saves == [Save(first=True)]
    page.do(Saved(Notice("storage-full"), "storage-full", None, True))
    full = "The browser's storage is full: your moves are no longer saved. Play goes on."
    assert page.said[-1] == f"Welcome back. {full}" and not page.state.saving
    page.do(Saved(None, ""))
    assert page.state.saving and page.said[-1] == f"Welcome back. {full}"  # nothing more said
    page.do(Saved(Notice("storage-full"), "storage-full"))
    assert page.said[-1] == full  # not the start's: alone


def test_another_tabs_save_first_shows_its_game_instead() -> None:
    page = Page()
    theirs = new_game(CODE, "1e")
    page.do(Select("column-2"))
    assert page.state.input.held == Held("column-2", 5, "5H", 1)
    loaded = Loaded(theirs, Settings(cells=4), Notice("storage-other-tab"), 3, Stats().begin(CODE))
    page.do(Saved(Notice("storage-other-tab"), "", loaded))
    assert page.game == theirs and page.state.settings == Settings(cells=4)
    assert page.state.input == InputState() and page.state.change.motion == "still"
    assert page.said[-1] == OTHER_TAB
    page.do(Saved(Notice("storage-other-tab"), "", replace(loaded, game=None)))  # nothing to show
    assert page.game == theirs and page.said[-1] == OTHER_TAB


def test_another_tabs_game_is_shown_and_said_and_the_windows_close() -> None:
    page = Page()
    page.do("stats")
    game, stats = new_game(FOUR), Stats()
    effects = page.do(OtherTab(Loaded(game, Settings(cells=4), Notice("storage-other-tab"), 3, stats)))
    assert effects == () and page.game == game and page.state.settings == Settings(cells=4)
    assert page.state.stats == stats and page.windows == [] and page.said == [OTHER_TAB]


def test_another_tabs_save_of_the_same_game_is_taken_quietly() -> None:
    game = new_game(CODE, "1e")
    page = Page(state_of(game))
    stats = counted(game, 42_000)
    copy = Game(game.code, game.position, game.score, game.moves, list(game.undo_stack), [])
    page.do(OtherTab(Loaded(copy, Settings(), Notice("storage-other-tab"), 2, stats)))
    assert page.said == [] and page.state.stats == stats and page.state.clock.elapsed(0) == 42_000
    copy.play(Move.parse("ef"))  # another move: shown, and said
    page.do(OtherTab(Loaded(copy, Settings(), Notice("storage-other-tab"), 3, stats)))
    assert page.game == copy and page.said == [OTHER_TAB]


def test_behind_a_replay_the_game_follows_unseen() -> None:
    link = Link(CODE, (Move.parse("1e"), Move.parse("ef")))
    page = Page.started(replay_of=(link, 1))
    replay = page.state.replay
    game, stats = new_game(FOUR), Stats()
    page.do(OtherTab(Loaded(game, Settings(cells=4), None, 3, stats)))
    assert page.game == game and page.state.settings == Settings(cells=4) and page.state.stats == stats
    assert page.state.replay == replay  # the replay stays on the board
    assert page.state.status == Said("", page.state.status.serial)


def test_a_value_that_is_no_game_is_saved_over() -> None:
    page = Page()
    before = page.state
    assert page.do(OtherTab(Loaded(None, Settings(), Notice("storage-unreadable"), 0))) == (Save(),)
    assert page.game == before.game and page.said == []


# -- the start ----------------------------------------------------------------------------------


def test_the_start_draws_the_game_still_says_its_words_and_saves() -> None:
    page = Page.started(said=("One.", "", "Two."), language="nl", address_lang="nl")
    state = page.state
    assert state.change.motion == "still" and state.status.text == "One. Two."
    assert (state.language, state.address_lang, state.page) == ("nl", "nl", "https://example.org/eightoff/")
    assert page.effects == [Save(first=True)] and state.how_to == HowTo(seen=True)
    assert state.clock == Clock()


def test_todays_deal_opened_by_its_address_counts_as_the_daily_deal() -> None:
    page = Page.started(new_game(daily_code(DAY)), stats=Stats().begin(daily_code(DAY)))
    current = page.state.stats.current
    assert current is not None and current.daily == iso(DAY)
    page = Page.started(new_game())
    current = page.state.stats.current
    assert current is not None and current.daily is None


def test_a_position_link_keeps_its_path_from_the_deal() -> None:
    moves = tuple(Move.parse(m) for m in ("1e", "ef"))
    game = Game.after(CODE, moves)
    page = Page.started(game, path=moves, stats=Stats().begin(CODE, path=moves))
    current = page.state.stats.current
    assert current is not None and current.path == moves
    assert page.state.stats.whole_game(page.game) == moves


def test_a_first_game_shows_the_how_to_and_a_game_with_moves_does_not() -> None:
    assert Page.started(how_to_seen=False).state.how_to == HowTo(shown=True)
    assert Page.started(new_game(CODE, "1e"), how_to_seen=False).state.how_to == HowTo()


# -- the clock ---------------------------------------------------------------------------------


def test_the_clock_stands_still_until_the_first_move_then_ticks_each_second() -> None:
    page = Page.started()
    page.at(5_000).do(Tick())
    assert page.state.clock == Clock() and page.timers == {}
    page.do(Shortcut("double-tap", "column-1"))
    assert page.state.clock == Clock(0, 5_000, True) and page.timers["clock"] == Later("clock", 1000, Tick())
    shown = []
    for _ in range(61):
        page.fire("clock")
        shown.append(page.state.clock.shown)
    assert shown == list(range(1_000, 62_000, 1_000))  # once a second, on the second
    assert page.at(5_000 + 61_250).do(Select("column-2")) == ()  # an action between two seconds
    assert page.state.clock.shown == 61_250  # its time as of now; the timer asked stays


def test_hidden_the_clock_pauses_and_the_game_is_saved_with_its_time() -> None:
    page = Page.started()
    page.do(Shortcut("double-tap", "column-1"))
    effects = page.at(10_400).do(Visibility(hidden=True))
    assert effects == (Save(),) and not page.state.clock.running
    current = page.state.stats.current
    assert current is not None and current.time == 10_400
    assert page.at(3_610_400).do(Tick()) == ()  # an hour in another tab: the timer comes, nothing more
    assert page.state.clock.shown == 10_400
    effects = page.do(Visibility(hidden=False))
    assert effects == (Later("clock", 600, Tick()),) and page.state.clock.running
    page.at(3_611_000).do(Tick())
    assert page.state.clock.shown == 11_000


def test_a_tab_hidden_with_its_clock_standing_still_saves_nothing() -> None:
    page = Page.started()
    assert page.at(1_000).do(Visibility(hidden=True)) == ()
    assert page.state.clock.hidden and page.saves == [Save(first=True)]


def test_undo_never_takes_time_back_and_the_win_freezes_it() -> None:
    game, last = one_move_from_a_win()
    page = Page.started(game, stats=counted(game, 90_000))
    assert page.state.clock.running  # a game with time on its clock goes on at once
    page.at(2_000).do("undo")
    page.at(3_000).do(Tick())
    assert page.state.clock.shown == 93_000
    current = page.state.stats.current
    assert current is not None and current.time == 92_000  # saved with the undo
    page.do("redo")
    page.state = replace(page.state, input=InputState())
    source = last.source.key
    page.do(Select(source), Select(last.target.key))
    assert page.game.is_won and not page.state.clock.running
    page.at(50_000).do(Tick())
    assert page.state.clock.elapsed(50_000) == 93_000
    stats = page.state.stats
    assert stats.recent[-1] == Result(
        str(CODE), True, page.game.score, page.game.moves, iso(DAY), time=93_000
    )
    assert stats.by_cells[8].fastest == stats.overall.fastest == 93_000


def test_undone_to_the_deal_the_clock_runs_on() -> None:
    page = Page.started()
    page.do(Shortcut("double-tap", "column-1"), "undo")
    page.at(3_000).do(Tick())
    assert page.game.moves == 0 and page.state.clock.shown == 3_000


def test_a_new_deal_starts_the_clock_again_and_the_game_left_keeps_its_time() -> None:
    page = Page.started(world=replace(WORLD, chance=5))
    page.state = replace(page.state, settings=Settings(winnable=False))
    page.do(Shortcut("double-tap", "column-1"))
    page.at(30_000).do("random-deal")
    last = page.state.stats.previous
    assert last is not None and last.entry.time == 30_000  # the game left is kept, with its time
    page.at(35_000).do(Tick())
    assert page.state.clock == Clock() and page.timers.get("clock") is not None  # an old one, harmless
    page.fire("clock")
    assert "clock" not in page.timers and page.state.clock == Clock()


def test_a_reload_goes_on_from_the_time_saved() -> None:
    game = new_game(CODE, "1e", "ef")
    page = Page.started(game, world=replace(WORLD, now=123_456.0), stats=counted(game, 9_300))
    assert page.state.clock.running and page.state.clock.shown == 9_300
    assert page.timers["clock"] == Later("clock", 700, Tick())
    page.fire("clock")
    assert page.state.clock.shown == 10_000


def test_a_win_records_its_time_and_the_fastest() -> None:
    game, last = one_move_from_a_win()
    page = Page.started(game, stats=counted(game, 200_000))
    page.at(4_321).do(Select(last.source.key), Select(last.target.key))
    assert page.game.is_won
    stats = page.state.stats
    assert stats.overall.fastest == stats.by_cells[8].fastest == 204_321
    assert stats.by_cells[4].fastest is None and stats.recent[-1].time == 204_321


def test_a_position_link_or_an_older_game_never_makes_a_fastest_win() -> None:
    game, last = one_move_from_a_win()
    page = Page.started(
        Game.after(CODE, tuple(game.undo_stack)),
        path=tuple(game.undo_stack),
        stats=Stats().begin(CODE, path=tuple(game.undo_stack)),
    )
    page.do(Select(last.source.key), Select(last.target.key))
    stats = page.state.stats
    assert stats.overall.won == 1 and stats.overall.fastest is None and stats.recent[-1].time is None


def test_the_clock_stops_at_its_longest() -> None:
    stats = Stats(current=Current(str(CODE), counted=True, time=MAX_TIME - 500))
    page = Page.started(stats=stats)
    page.fire("clock")
    assert page.state.clock.shown == MAX_TIME and "clock" not in page.timers


# -- cues heard and felt (issue 37 item 5) ----------------------------------------------------


HOME_6S = "The 6 of spades cannot go on its foundation yet: the ace of spades goes there next."


def cues(effects: Iterable[object]) -> list[Cue]:
    return [effect for effect in effects if isinstance(effect, Cue)]


def test_no_cue_is_asked_while_sound_and_haptics_are_off() -> None:
    """Both off by default: a move, a refusal, a win and Finish ask for no cue."""
    page = Page()
    page.do(Shortcut("double-tap", "column-1"), Shortcut("tap", "column-1"), Select("column-3"))
    game, last = one_move_from_a_win()
    won = Page(state_of(game))
    won.do(Select(last.source.key), Select(last.target.key))
    finished = Page(state_of(finishable()))
    finished.do("finish")
    finished.run_out("finish")
    assert won.game.is_won and finished.game.is_won and page.said == [HOME_6S]
    assert cues(page.effects) == cues(won.effects) == cues(finished.effects) == []


def test_a_card_placed_a_refusal_and_a_win_each_ask_for_their_cue_as_the_settings_say() -> None:
    page = Page(state_of(settings=Settings(sound=True)))
    assert cues(page.do(Shortcut("double-tap", "column-1"))) == [Cue("place", sound=True, haptics=False)]
    assert cues(page.do(Shortcut("tap", "column-1"))) == [Cue("refuse", sound=True, haptics=False)]
    assert page.said == [HOME_6S] and page.game.moves == 1
    page.do(Choose("haptics", "true"))
    assert cues(page.do("undo")) == []  # undo and redo place no card by a move
    assert cues(page.do(Select("column-1"), Select("column-2"))) == [Cue("refuse", True, True)]
    page.do(Choose("sound", "false"))
    assert cues(page.do(Select("column-1"), Select("cell-5"))) == [Cue("place", False, True)]
    game, last = one_move_from_a_win()
    won = Page(state_of(game, Settings(haptics=True)))
    effects = won.do(Select(last.source.key), Select(last.target.key))
    assert won.game.is_won and cues(effects) == [Cue("win", sound=False, haptics=True)]  # not "place" too


def test_each_of_finishs_moves_is_a_card_placed_and_its_last_the_win() -> None:
    page = Page(state_of(finishable(), Settings(sound=True, haptics=True)))
    page.do("finish")
    page.run_out("finish")
    assert page.game.is_won
    assert cues(page.effects) == [Cue("place", True, True)] * 15 + [Cue("win", True, True)]
