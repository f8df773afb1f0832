"""The saved form of a game: plain JSON data (docs/storage.md).

It carries no version of its own: the stored record that holds it has the one schema
version, and any change to these fields or their meaning is a new version of that record.
Loading checks everything and either returns the exact game or raises
:class:`SavedGameError`: never a half-loaded game.

>>> from .deal import DealCode
>>> game = Game.new(DealCode.parse("EO1-C4-AAAAAFA"))
>>> loads(dumps(game)) == game
True
"""

from __future__ import annotations

import json
from typing import Any

from .deal import DealCode
from .errors import EightOffError, SavedGameError
from .game import UNDO_LIMIT, Game
from .moves import Move
from .position import Position
from .rules import accepts, apply, transfer


def to_dict(game: Game) -> dict[str, Any]:
    """The game as plain JSON-ready data."""
    return {
        "code": str(game.code),
        "position": game.position.fcs(),
        "score": game.score,
        "moves": game.moves,
        "undo": [str(m) for m in game.undo_stack],
        "redo": [str(m) for m in game.redo_stack],
    }


def dumps(game: Game) -> str:
    """The game as compact JSON text."""
    return json.dumps(to_dict(game), separators=(",", ":"))


def loads(text: str) -> Game:
    """Read a game saved by :func:`dumps`."""
    try:
        data = json.loads(text)
    except (TypeError, ValueError, RecursionError) as error:
        raise SavedGameError("the saved game is not JSON", code="saved-not-json") from error
    return from_dict(data)


def from_dict(data: Any) -> Game:
    """Check and build a game from :func:`to_dict`'s data."""
    if not isinstance(data, dict):
        raise SavedGameError("the saved game is not a JSON object", code="saved-shape", field="game")
    try:
        code = DealCode.parse(_field(data, "code", str))
        position = Position.from_fcs(_field(data, "position", str), cells=code.cells)
        undo = [Move.parse(m) for m in _list(data, "undo")]
        redo = [Move.parse(m) for m in _list(data, "redo")]
    except SavedGameError:
        raise
    except EightOffError as error:
        raise SavedGameError(f"the saved game is damaged: {error}", code="saved-invalid") from error
    score, moves = _field(data, "score", int), _field(data, "moves", int)
    game = Game(code, position, score, moves, undo, redo)
    _check_history(game)
    return game


def _field(data: dict[str, Any], name: str, kind: type) -> Any:
    value = data.get(name)
    if not isinstance(value, kind) or isinstance(value, bool):
        raise SavedGameError(
            f"the saved game's {name!r} is missing or not a {kind.__name__}", code="saved-shape", field=name
        )
    if isinstance(value, int) and not 0 <= value < 1 << 31:
        raise SavedGameError(f"the saved game's {name!r} is out of range", code="saved-shape", field=name)
    return value


def _list(data: dict[str, Any], name: str) -> list[str]:
    value = data.get(name)
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise SavedGameError(
            f"the saved game's {name!r} is not a list of moves", code="saved-shape", field=name
        )
    if len(value) > UNDO_LIMIT:
        raise SavedGameError(
            f"the saved game's {name!r} holds more than {UNDO_LIMIT} moves", code="saved-shape", field=name
        )
    return value


def _check_history(game: Game) -> None:
    """Walk the undo history back and the redo history forward: every step must be a
    legal move, the points must add up, and a complete history must start at the deal."""
    if game.moves < len(game.undo_stack):
        raise SavedGameError("the saved game has more undo steps than moves", code="saved-history")
    try:
        earlier = game.position
        for move in reversed(game.undo_stack):
            before = _unmove(earlier, move)
            if apply(before, move) != earlier:  # pragma: no cover - transfer is exact
                raise SavedGameError("the saved history does not lead to the position", code="saved-history")
            earlier = before
        later = game.position
        for move in reversed(game.redo_stack):
            later = apply(later, move)
    except SavedGameError:
        raise
    except EightOffError as error:
        raise SavedGameError(f"the saved history is not legal play: {error}", code="saved-history") from error
    points = sum(m.points for m in game.undo_stack)
    complete = game.moves == len(game.undo_stack)
    earlier_points, earlier_moves = game.score - points, game.moves - len(game.undo_stack)
    if game.score % 5 or not 0 <= earlier_points <= 10 * earlier_moves:
        raise SavedGameError("the saved score does not match the moves", code="saved-score")
    if complete and earlier != game.code.deal():
        raise SavedGameError("the saved history does not start at the deal", code="saved-history")


def _unmove(position: Position, move: Move) -> Position:
    """The position before ``move``, after checking the cards can be put back: the pile
    they came from must take them again by the placement rule (:func:`rules.accepts`)
    when it is a cell or a foundation; a column takes them back as they were."""
    back = move.reverse()
    position.check_pile(back.source)
    position.check_pile(back.target)
    if position.size(back.source) < back.count:
        raise SavedGameError(f"undo step {move} finds too few cards", code="saved-history")
    card = position.cards(back.source)[-back.count]
    if back.target.is_column or (back.count == 1 and accepts(position, back.target, card)):
        return transfer(position, back)
    if back.target.is_cell and position.size(back.target):
        raise SavedGameError(f"undo step {move} finds its cell taken", code="saved-history")
    raise SavedGameError(f"undo step {move} cannot return to its {back.target.kind}", code="saved-history")
