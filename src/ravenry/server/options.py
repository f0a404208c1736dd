"""Game options and bot specs from a request, checked against their specifications before
anything is made: a game's ``option_specs()`` (names and choices; the rules check types and
ranges in ``make_config``) and a bot's constructor (names and declared types). A refusal names the
option and never echoes Python's own wording.

A bot seat may name a level (``easy``, ``medium``, ``hard``: ``bots/levels.py``) instead of a
spec: :func:`resolve_bot` turns it into that level's spec for the game, which is what is stored
(a game keeps the bot it was created with whatever the levels become); :func:`bot_levels` and
:func:`level_of` are how the lobby and the seats name a bot for people.
"""

from __future__ import annotations

import inspect
import typing
from collections.abc import Collection, Mapping
from typing import Any

from ravenry.core.protocol import Game

# The request's own fields, which an option may not override.
REQUEST_FIELDS = {"players": "the request's 'players' field", "seed": "the server (drawn at random)"}


def check_game_options(
    game: Game[Any, Any], options: Mapping[str, object], server_set: Collection[str]
) -> None:
    """Raise ValueError naming the first option that is not in the game's specification or not
    among its choices."""
    specs = {spec["name"]: spec for spec in game.option_specs()}
    for name, value in options.items():
        if name in REQUEST_FIELDS:
            raise ValueError(f"option {name!r} cannot be given: it is set by {REQUEST_FIELDS[name]}")
        if name in server_set:
            raise ValueError(f"option {name!r} is set by the server")
        spec = specs.get(name)
        if spec is None:
            known = ", ".join(n for n in specs if n not in server_set) or "none"
            raise ValueError(f"unknown option {name!r} for {game.id}; its options: {known}")
        choices = spec["choices"]
        if isinstance(choices, list) and not any(_same(value, c) for c in choices):
            shown = ", ".join(
                "null" if c is None else str(c).lower() if isinstance(c, bool) else str(c) for c in choices
            )
            raise ValueError(f"option {name!r} must be one of {shown}")


def _same(value: object, choice: object) -> bool:
    return type(value) is type(choice) and value == choice


def resolve_bot(requested: str, game_id: str) -> tuple[str, str | None]:
    """``(spec, level)`` for a seat's ``bot`` field: a level's spec and the level, or the spec
    as given (``level`` None)."""
    from ravenry.bots.levels import LEVELS, level_spec

    name = requested.strip()
    if name in LEVELS:
        return level_spec(name, game_id), name
    return requested, None


def bot_levels(game_id: str) -> list[dict[str, str]]:
    """The levels a lobby offers for ``game_id``: name, the spec each seats, and its kind."""
    from ravenry.bots.levels import LEVELS, level_spec

    out = []
    for level in LEVELS:
        spec = level_spec(level, game_id)
        out.append({"level": level, "bot": spec, "kind": spec.split(":", 1)[0]})
    return out


def level_of(spec: str | None, game_id: str) -> str | None:
    """The first level that seats ``spec`` in ``game_id`` (a stored seat named for people), or None."""
    if spec is None:
        return None
    return next((x["level"] for x in bot_levels(game_id) if x["bot"] == spec), None)


def check_bot_spec(spec: str, game_id: str) -> None:
    """Raise ValueError (or UnknownBot) unless ``spec`` makes a bot for ``game_id`` whose every
    option is one its constructor declares, with a value of the declared type."""
    from ravenry.bots.base import bot_from_spec, parse_bot_spec

    kind, options = parse_bot_spec(spec)
    plain = bot_from_spec(kind, game_id)  # the kind exists for this game (UnknownBot if not)
    declared = _parameters(type(plain))
    for name, value in options.items():
        if name not in declared:
            known = ", ".join(declared) or "none"
            raise ValueError(f"unknown option {name!r} for bot {kind!r}; its options: {known}")
        wanted = declared[name]
        if not _fits(value, wanted):
            raise ValueError(f"bot option {name!r} must be {_type_name(wanted)}, not {value!r}")
    try:
        bot_from_spec(spec, game_id)
    except ValueError as exc:  # the bot's own range checks ("offer_rate must be between 0 and 1")
        reason = str(exc).split(": ", 1)[-1]
        if any(marker in reason for marker in ("()", "keyword argument", "not supported between")):
            reason = "its options are out of range"
        raise ValueError(f"bot {kind!r}: {reason}") from None


def _parameters(bot_type: type) -> dict[str, Any]:
    init = bot_type.__init__  # type: ignore[misc]
    try:
        hints = typing.get_type_hints(init)
    except Exception:
        hints = {}
    out: dict[str, Any] = {}
    for name, param in inspect.signature(init).parameters.items():
        if name == "self" or param.kind in (param.VAR_POSITIONAL, param.VAR_KEYWORD):
            continue
        out[name] = hints.get(name, Any)
    return out


def _fits(value: object, wanted: Any) -> bool:
    if wanted is Any:
        return True
    if wanted is bool:
        return type(value) is bool
    if wanted is int:
        return type(value) is int
    if wanted is float:
        return type(value) in (int, float)
    if wanted is str:
        return type(value) is str
    args = typing.get_args(wanted)
    if args:  # X | None and the like
        return any(_fits(value, a) if a is not type(None) else value is None for a in args)
    return isinstance(wanted, type) and isinstance(value, wanted)


def _type_name(wanted: Any) -> str:
    names = {bool: "true or false", int: "a whole number", float: "a number", str: "text"}
    if wanted in names:
        return names[wanted]
    args = typing.get_args(wanted)
    if args:
        return " or ".join("null" if a is type(None) else _type_name(a) for a in args)
    return getattr(wanted, "__name__", str(wanted))
