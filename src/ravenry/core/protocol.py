"""The protocol shared by every game: who decides now, legal actions, apply, views, JSON.

A :class:`Game` holds the fixed facts of one game (its id, config type and action codec); a
:class:`GameState` holds everything that changes, including the seeded RNG. Actions are plain
tuples whose first element is the action type (``("build_road", 41)``); each game's codec turns
them into stable JSON (``{"type": "build_road", "edge": 41}``) and parses untrusted JSON back.
"""

from __future__ import annotations

import json
from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any, ClassVar, Final, Generic, TypeVar

from mypy_extensions import mypyc_attr

from ravenry.core.errors import (
    IllegalAction,
    InvalidSeat,
    MalformedAction,
    describe,
    game_over,
    not_your_turn,
)
from ravenry.core.rng import Rng

Action = tuple[Any, ...]
JSON = Any

# Integer fields of an action lie in [0, MAX_ACTION_INT) (or are -1 for "none" in ``int?``
# fields): every board index, seat and count fits, and JSON carries them exactly anywhere.
MAX_ACTION_INT: Final = 1 << 16
MAX_COUNT: Final = 99  # the most of one resource a ``counts`` field may name


def copy_json(value: JSON) -> JSON:
    """A deep copy of JSON-ready data (dicts and lists copied, everything else is immutable)."""
    kind = type(value)
    if kind is dict:
        return {k: copy_json(v) for k, v in value.items()}
    if kind is list:
        return [copy_json(v) for v in value]
    return value


# Result, Decision and Event are plain classes, not dataclasses: mypyc compiles their __init__
# (a dataclass's generated __init__ would run interpreted), and one is made on every apply().
class Result:
    """How a game ended: the winners (seat numbers), why, and each seat's final score."""

    __slots__ = ("reason", "scores", "winners")

    def __init__(self, winners: tuple[int, ...], reason: str, scores: tuple[int, ...]) -> None:
        self.winners: Final = winners
        self.reason: Final = reason
        self.scores: Final = scores

    def to_json(self) -> dict[str, JSON]:
        return {"winners": list(self.winners), "reason": self.reason, "scores": list(self.scores)}

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Result):
            return NotImplemented
        return (self.winners, self.reason, self.scores) == (other.winners, other.reason, other.scores)

    def __hash__(self) -> int:
        return hash((self.winners, self.reason, self.scores))

    def __repr__(self) -> str:
        return f"Result(winners={self.winners!r}, reason={self.reason!r}, scores={self.scores!r})"


class Decision:
    """Who must decide now: one player, several at once (simultaneous), or nobody (over)."""

    __slots__ = ("players", "result", "simultaneous")

    def __init__(
        self, players: tuple[int, ...], simultaneous: bool = False, result: Result | None = None
    ) -> None:
        self.players: Final = players
        self.simultaneous: Final = simultaneous
        self.result: Final = result

    @property
    def over(self) -> bool:
        return self.result is not None

    def to_json(self) -> dict[str, JSON]:
        return {
            "players": list(self.players),
            "simultaneous": self.simultaneous,
            "result": None if self.result is None else self.result.to_json(),
        }

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Decision):
            return NotImplemented
        return (self.players, self.simultaneous, self.result) == (
            other.players,
            other.simultaneous,
            other.result,
        )

    def __hash__(self) -> int:
        return hash((self.players, self.simultaneous, self.result))

    def __repr__(self) -> str:
        return (
            f"Decision(players={self.players!r}, simultaneous={self.simultaneous!r}, result={self.result!r})"
        )


_NO_FIELDS: Final[Mapping[str, JSON]] = MappingProxyType({})


class Event:
    """Something that happened. ``secret`` fields are shown only to the ``audience`` seats."""

    __slots__ = ("audience", "data", "secret", "type")

    def __init__(
        self,
        type: str,
        data: Mapping[str, JSON] = _NO_FIELDS,
        secret: Mapping[str, JSON] = _NO_FIELDS,
        audience: tuple[int, ...] = (),
    ) -> None:
        self.type = type
        self.data = data
        self.secret = secret
        self.audience = audience

    def view(self, viewer: object) -> dict[str, JSON]:
        """What ``viewer`` (a seat, or None for a spectator) may see, as new JSON that shares
        nothing with the event or the state. Anything but an audience seat sees no secret."""
        out: dict[str, JSON] = {"type": self.type}
        for key, value in self.data.items():
            out[key] = copy_json(value)
        if self.secret:
            if type(viewer) is int and viewer in self.audience:
                for key, value in self.secret.items():
                    out[key] = copy_json(value)
            else:
                out.update(dict.fromkeys(self.secret))
        return out

    def full(self) -> dict[str, JSON]:
        """The omniscient form, for server-side logs that no player reads."""
        out: dict[str, JSON] = {"type": self.type}
        for key, value in self.data.items():
            out[key] = copy_json(value)
        for key, value in self.secret.items():
            out[key] = copy_json(value)
        return out

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Event):
            return NotImplemented
        return (self.type, dict(self.data), dict(self.secret), self.audience) == (
            other.type,
            dict(other.data),
            dict(other.secret),
            other.audience,
        )

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return (
            f"Event(type={self.type!r}, data={dict(self.data)!r}, secret={dict(self.secret)!r}, "
            f"audience={self.audience!r})"
        )


@mypyc_attr(allow_interpreted_subclasses=True)
@dataclass(frozen=True)
class GameConfig:
    """Options every game has. Games subclass this with their own typed options.

    ``seed``: what the game's generator starts from (``make_config``/``new_game`` draw a fresh
    64-bit one from the OS when none is given). ``rng``: which generator, ``pcg32`` (fast, for
    simulations) or ``keyed`` (unpredictable from its outputs, for games people play online)."""

    players: int = 4
    seed: int = 0
    rng: str = "pcg32"

    def to_json(self) -> dict[str, JSON]:
        from dataclasses import asdict

        out = asdict(self)
        # The default generator is left out, so that records made before the option existed
        # and records made now read the same.
        if out.get("rng") == "pcg32":
            del out["rng"]
        return out


def check_option_values(config_type: type[GameConfig], values: Mapping[str, object]) -> None:
    """Refuse (:class:`MalformedAction`) option values of the wrong type before a config is made:
    exact ``int``, ``str`` or ``bool`` as the field is declared (``X | None`` also takes None),
    never coerced (``players="4"``, ``seed=1.5``, ``True`` for a number). ``seed`` must lie in
    [0, 2**64); ``rng`` must name a generator."""
    from dataclasses import fields

    from ravenry.core.rng import RNG_KINDS

    declared = {f.name: _annotation(f.type) for f in fields(config_type)}
    for name, value in values.items():
        annotation = declared.get(name)
        if annotation is None:
            raise MalformedAction(f"unknown option {describe(name)}")
        kinds = [part.strip() for part in annotation.split("|")]
        if value is None and "None" in kinds:
            continue
        if not any(_is_exact(kind, value) for kind in kinds if kind != "None"):
            wanted = " or ".join("null" if k == "None" else k for k in kinds)
            raise MalformedAction(f"option {name!r} must be {wanted}, not {describe(value)}")
    seed = values.get("seed")
    if isinstance(seed, int) and not 0 <= seed < 1 << 64:
        raise MalformedAction("option 'seed' must be an integer from 0 to 2**64 - 1")
    if "rng" in values and values["rng"] not in RNG_KINDS:
        raise MalformedAction(
            f"option 'rng' must be one of {', '.join(RNG_KINDS)}, not {describe(values['rng'])}"
        )


def _annotation(declared: object) -> str:
    """A dataclass field's type as written (``"bool | None"``), whether kept as text or as a type."""
    if isinstance(declared, type):
        return declared.__name__
    return str(declared).replace("typing.", "")


def _is_exact(kind: str, value: object) -> bool:
    if kind == "int":
        return type(value) is int
    if kind == "str":
        return type(value) is str
    if kind == "bool":
        return type(value) is bool
    raise AssertionError(f"option type {kind!r} has no check")


ConfigT = TypeVar("ConfigT", bound=GameConfig)
StateT = TypeVar("StateT", bound="GameState")


class ActionCodec:
    """Stable JSON for a game's tuple actions: type name → (field name, field kind) list.

    Field kinds: ``int``, ``int?`` (int or null, null stored as -1), ``res`` (resource name ↔
    index), ``res?``, ``counts`` (a resource → count mapping ↔ tuple of counts).
    """

    def __init__(self, fields: Mapping[str, Sequence[tuple[str, str]]], resources: Sequence[str]) -> None:
        self.fields = {k: tuple(v) for k, v in fields.items()}
        self.resources = tuple(resources)
        self._res_index = {r: i for i, r in enumerate(self.resources)}
        for spec in self.fields.values():
            for _, ftype in spec:
                if ftype not in _FIELD_KINDS:
                    raise AssertionError(f"unknown action field kind {ftype!r}")

    def check(self, action: object) -> Action:
        """``action`` itself if it is an action tuple of this game in its exact stored form, else
        :class:`MalformedAction`: a tuple (not a subclass) of a known type name (an exact
        ``str``) and one value per field, each exactly of its kind — ``int`` fields exact ints
        (not bool, float or an int subclass) in [0, :data:`MAX_ACTION_INT`), ``int?`` also -1,
        ``res`` a resource index, ``res?`` also -1, ``counts`` a tuple of one exact int
        0..:data:`MAX_COUNT` per resource. What passes is what :meth:`to_json` and
        :meth:`from_json` carry unchanged, so a stored action always replays."""
        if type(action) is not tuple or not action:
            raise MalformedAction(f"an action is a tuple that starts with its type, not {describe(action)}")
        kind = action[0]
        spec = self.fields.get(kind) if type(kind) is str else None
        if spec is None:
            raise MalformedAction(f"unknown action type {describe(kind)}")
        n = len(spec)
        if len(action) != n + 1:
            names = ", ".join(name for name, _ in spec) or "none"
            raise MalformedAction(f"{kind!r} takes {n} value(s) ({names}), not {len(action) - 1}")
        for i in range(n):
            name, ftype = spec[i]
            value = action[i + 1]
            # The common case inline: this runs on every apply().
            if ftype == "int" and type(value) is int and 0 <= value < MAX_ACTION_INT:
                continue
            if not self._fits(ftype, value):
                raise MalformedAction(
                    f"value {name!r} of {kind!r} must be {_FIELD_KINDS[ftype]}, not {describe(value)}"
                )
        return action

    def _fits(self, ftype: str, value: object) -> bool:
        if ftype == "int":
            return type(value) is int and 0 <= value < MAX_ACTION_INT
        if ftype == "int?":
            return type(value) is int and -1 <= value < MAX_ACTION_INT
        if ftype == "res":
            return type(value) is int and 0 <= value < len(self.resources)
        if ftype == "res?":
            return type(value) is int and -1 <= value < len(self.resources)
        if ftype == "counts":
            if type(value) is not tuple or len(value) != len(self.resources):
                return False
            for n in value:  # noqa: SIM110 (a loop mypyc compiles; all() would stay generic)
                if type(n) is not int or not 0 <= n <= MAX_COUNT:
                    return False
            return True
        raise AssertionError(ftype)

    def to_json(self, action: Action) -> dict[str, JSON]:
        checked = self.check(action)
        kind = checked[0]
        spec = self.fields[kind]
        out: dict[str, JSON] = {"type": kind}
        for (name, ftype), value in zip(spec, checked[1:], strict=True):
            out[name] = self._encode(ftype, value)
        return out

    def from_json(self, obj: JSON) -> Action:
        """Parse untrusted JSON (any value) into an action tuple, or raise :class:`MalformedAction`."""
        if type(obj) is not dict:
            raise MalformedAction(f"an action is a JSON object with a 'type', not {describe(obj)}")
        kind = obj.get("type")
        if type(kind) is not str or kind not in self.fields:
            raise MalformedAction(f"unknown action type {describe(kind)}")
        spec = self.fields[kind]
        names = {name for name, _ in spec}
        for key in obj:
            if type(key) is not str or (key != "type" and key not in names):
                raise MalformedAction(f"action {kind!r} has an unexpected field {describe(key)}")
        values: list[JSON] = [kind]
        for name, ftype in spec:
            if name not in obj and not ftype.endswith("?"):
                raise MalformedAction(f"action {kind!r} needs field {name!r}")
            values.append(self._decode(kind, name, ftype, obj.get(name)))
        return tuple(values)

    def known_types(self) -> list[str]:
        """Every action type of the game, sorted (for a client's help text)."""
        return sorted(self.fields)

    def _encode(self, ftype: str, value: JSON) -> JSON:
        if ftype == "int":
            return value
        if ftype == "int?":
            return None if value < 0 else value
        if ftype == "res":
            return self.resources[value]
        if ftype == "res?":
            return None if value < 0 else self.resources[value]
        if ftype == "counts":
            return {self.resources[i]: n for i, n in enumerate(value) if n}
        raise AssertionError(ftype)

    def _decode(self, kind: str, name: str, ftype: str, value: JSON) -> JSON:
        where = f"field {name!r} of {kind!r}"
        if ftype in ("int", "int?"):
            if value is None and ftype == "int?":
                return -1
            if type(value) is not int:
                raise MalformedAction(f"{where} must be an integer, not {describe(value)}")
            if not 0 <= value < MAX_ACTION_INT:
                raise MalformedAction(f"{where} must be an integer from 0 to {MAX_ACTION_INT - 1}")
            return value
        if ftype in ("res", "res?"):
            if value is None and ftype == "res?":
                return -1
            if type(value) is not str or value not in self._res_index:
                raise MalformedAction(f"{where} must be one of {', '.join(self.resources)}")
            return self._res_index[value]
        if ftype == "counts":
            if type(value) is not dict:
                raise MalformedAction(f"{where} must map resources to counts")
            counts = [0] * len(self.resources)
            for res, n in value.items():
                if type(res) is not str or res not in self._res_index:
                    raise MalformedAction(f"{where}: unknown resource {describe(res)}")
                if type(n) is not int or not 0 <= n <= MAX_COUNT:
                    raise MalformedAction(f"{where}: count for {res!r} must be an integer 0..{MAX_COUNT}")
                counts[self._res_index[res]] = n
            return tuple(counts)
        raise AssertionError(ftype)


# Field kinds of actions and how an error message names them.
_FIELD_KINDS: Final = {
    "int": f"an integer from 0 to {MAX_ACTION_INT - 1}",
    "int?": f"an integer from 0 to {MAX_ACTION_INT - 1}, or -1 for none",
    "res": "a resource index",
    "res?": "a resource index, or -1 for none",
    "counts": f"a tuple of one count (0-{MAX_COUNT}) per resource",
}


@mypyc_attr(allow_interpreted_subclasses=True)
class Game(ABC, Generic[ConfigT, StateT]):
    """The fixed facts of one game: id, config type, codec, and how to start a state."""

    id: ClassVar[str]
    name: ClassVar[str]
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    codec: ActionCodec

    @abstractmethod
    def make_config(self, players: object = 4, seed: object = None, **options: JSON) -> ConfigT:
        """A checked config. Untrusted values are refused with :class:`MalformedAction` (see
        :func:`check_option_values`); ``seed=None`` draws a fresh 64-bit seed from the OS, which
        the config then records (so a replay is exact)."""

    @abstractmethod
    def config_from_json(self, obj: Mapping[str, JSON]) -> ConfigT: ...

    @abstractmethod
    def new_state(self, config: ConfigT) -> StateT: ...

    @abstractmethod
    def state_from_json(self, obj: Mapping[str, JSON]) -> StateT: ...

    def option_specs(self) -> list[dict[str, JSON]]:
        """The game's options beyond ``players`` and ``seed``, for a lobby form:
        ``[{"name", "default", "choices"}]`` (``choices`` null where any value of the default's
        type may be given). Games with a fixed set of values override :meth:`option_choices`."""
        from dataclasses import MISSING, fields

        config_type = type(self.make_config(players=self.min_players))
        specs: list[dict[str, JSON]] = []
        for f in fields(config_type):
            if f.name in ("players", "seed"):
                continue
            default = None if f.default is MISSING else f.default
            choices = self.option_choices(f.name)
            spec: dict[str, JSON] = {"name": f.name, "default": default, "choices": choices}
            description = self.option_description(f.name)
            if description is not None:
                spec["description"] = description
            labels = self.option_labels(f.name)
            if labels is not None:
                spec["labels"] = labels
            specs.append(spec)
        return specs

    def option_description(self, name: str) -> str | None:
        """One or two sentences on what option ``name`` changes, for the lobby form."""
        if name == "rng":
            return "The dice and shuffles' random generator (for tests and research; any is fair)."
        return None

    def option_labels(self, name: str) -> list[JSON] | None:
        """Readable names of option ``name``'s choices (same order), or None to show the values."""
        return None

    def option_choices(self, name: str) -> list[JSON] | None:
        """The values option ``name`` may take, or None for any value of its type."""
        if name == "rng":
            from ravenry.core.rng import RNG_KINDS

            return list(RNG_KINDS)
        return None

    def action_to_json(self, action: Action) -> dict[str, JSON]:
        return self.codec.to_json(action)

    def action_from_json(self, obj: JSON) -> Action:
        return self.codec.from_json(obj)


@mypyc_attr(allow_interpreted_subclasses=True)
class GameState(ABC):
    """Everything that changes during one game. Subclasses implement the ``_`` hooks.

    The public methods check before they change: :meth:`apply` raises :class:`IllegalAction`
    (with a reason) and leaves the state exactly as it was.
    """

    game: Game[Any, Any]
    config: GameConfig
    history: list[tuple[int, Action]]

    # -- what a game implements -------------------------------------------------------------
    @abstractmethod
    def decision(self) -> Decision: ...

    @abstractmethod
    def _legal_actions(self, player: int) -> list[Action]:
        """Every legal action of ``player`` now (empty if the player need not decide)."""

    @abstractmethod
    def _apply(self, player: int, action: Action) -> list[Event]:
        """Apply an action already known to be legal."""

    @abstractmethod
    def _observe(self, viewer: int | None, static: bool = True) -> dict[str, JSON]:
        """The view of a seat already checked (or of a spectator: ``None``), as new JSON;
        without the parts that never change during the game when ``static`` is false."""

    @abstractmethod
    def clone(self) -> GameState: ...

    @abstractmethod
    def to_json(self, history: bool = True) -> dict[str, JSON]:
        """The full state, RNG included. Never send this to a player. ``history=False`` leaves
        the actions so far out (a server stores the actions apart); ``state_from_json`` reads
        both forms, the short one with an empty history."""

    @abstractmethod
    def turn_number(self) -> int:
        """Regular turns started so far (0 during set-up): what turn caps count."""

    @abstractmethod
    def scores(self) -> tuple[int, ...]:
        """Every seat's points now, hidden ones included (omniscient: for referees, not players)."""

    # -- the shared protocol ------------------------------------------------------------------
    # The last list of legal actions worked out (for _legal_player, without the _legal_exclude'd
    # types), kept until the state changes. It never leaves the state: callers get copies, so
    # apply() may check against it.
    _legal_player: int = -1  # -1: nothing kept
    _legal_exclude: frozenset[str]
    _legal_list: list[Action]

    def seat(self, player: object) -> int:
        """``player`` if it is a seat of this game (an exact ``int`` from 0 to players - 1; not a
        bool, and never a negative index), else :class:`InvalidSeat`."""
        n = self.config.players
        if type(player) is not int or not isinstance(player, int) or not 0 <= player < n:
            raise InvalidSeat(f"a seat is an integer from 0 to {n - 1}, not {describe(player)}")
        return player

    def legal_actions(self, player: object, exclude: object = frozenset()) -> list[Action]:
        """Every legal action of ``player`` now, or every one but the ``exclude``d types (a bot
        that never makes domestic offers asks without them, and the game need not list them).

        A new list each call (change it freely: the state keeps its own). Raises
        :class:`InvalidSeat` for anything but a seat, before looking at the state."""
        seat = player if type(player) is int and 0 <= player < self.config.players else self.seat(player)
        # ``exclude`` is typed ``object`` so that the compiled build refuses a wrong one with
        # the same MalformedAction as pure Python.
        excluded = exclude if type(exclude) is frozenset else _exclude_set(exclude)
        if seat == self._legal_player and excluded == self._legal_exclude:
            return list(self._legal_list)
        actions = self._legal_actions_except(seat, excluded) if excluded else self._legal_actions(seat)
        self._legal_player = seat
        self._legal_exclude = excluded
        self._legal_list = actions
        return list(actions)

    def forget_legal_actions(self) -> None:
        """Drop the kept list of legal actions: for code that changes a state other than by
        apply() (position builders, tests, search that edits states in place)."""
        self._legal_player = -1

    # Action types that legal_actions() does not enumerate; action_templates() describes them
    # and _check_parametric() judges a concrete one.
    parametric_types: ClassVar[frozenset[str]] = frozenset()

    def _check_parametric(self, player: int, action: Action) -> None:
        """Raise :class:`IllegalAction` (with the rule's reason) unless ``action``, one of the
        :attr:`parametric_types`, is legal for ``player`` now. Must not change the state."""
        raise IllegalAction(f"{action[0]!r} is not legal now")

    def action_templates(self, player: object) -> list[dict[str, JSON]]:
        """JSON-ready descriptions of the parametric actions ``player`` may take now, which
        :meth:`legal_actions` does not enumerate (a domestic trade offer: the most of each
        resource a side may carry; the shapes are in :mod:`ravenry.core.templates`). Any
        concrete action within a template goes to :meth:`apply`, which validates it. New JSON
        each call. Raises :class:`InvalidSeat` for anything but a seat. Games without
        parametric actions return an empty list."""
        self.seat(player)
        return []

    def _legal_actions_except(self, player: int, exclude: frozenset[str]) -> list[Action]:
        return [a for a in self._legal_actions(player) if a[0] not in exclude]

    def observe(self, viewer: object, static: bool = True) -> dict[str, JSON]:
        """JSON-ready view for a seat (or a spectator: ``None``) with every hidden thing removed.
        New JSON each call, sharing nothing with the state or other views. ``static=False``
        leaves out what never changes during a game (a Catan board's hexes, harbors and
        geometry), for a client that holds it from an earlier view: a server's updates."""
        return self._observe(None if viewer is None else self.seat(viewer), static is not False)

    def static_key(self) -> object:
        """What the static part of this state's views (what ``observe(viewer)`` holds beyond
        ``observe(viewer, static=False)``) is made from: two states whose keys are equal show
        the same static part, so a caller that kept it from one (a board) need not build it
        again for the other (an RL environment's next game). None, the default: not known."""
        return None

    def sample_hidden(self, seat: object, rng: Rng) -> GameState:
        """A full state consistent with everything ``seat`` has seen, the rest drawn with
        ``rng``: what a fair search bot plays on (a determinization). Public facts and the
        seat's own secrets are kept; what the seat cannot know (others' hidden cards within
        their known counts, deck orders, face-down tokens, the generator) is redrawn from what
        it has not seen. The same public position, seat and ``rng`` give the same sample
        whatever the hidden truth is (the no-peeking tests check that). A new state; this one
        is untouched. Raises :class:`InvalidSeat` for anything but a seat and
        :class:`NotImplementedError` for a game without a sampler."""
        return self._sample_hidden(self.seat(seat), rng)

    def _sample_hidden(self, seat: int, rng: Rng) -> GameState:
        """Hook: :meth:`sample_hidden` for a checked seat (the game's rules module owns it)."""
        raise NotImplementedError(f"{self.game.id} has no sampler of hidden information")

    def _deciding_seat(self, player: object) -> int:
        """``player`` if the game is on and it is a seat that must decide now."""
        decision = self.decision()
        if decision.result is not None:
            raise game_over()
        seat = self.seat(player)
        if seat not in decision.players:
            raise not_your_turn(seat, decision.players)
        return seat

    def _canonical(self, action: Action) -> Action:
        """Hook: the one stored form of an action that may be written several ways (Year of
        Plenty's two resources in either order). Gets a checked action; must not change state."""
        return action

    def apply(self, player: object, action: object) -> list[Event]:
        """Apply ``action`` for ``player`` if it is legal now; otherwise raise an
        :class:`IllegalAction` subclass naming the rule and leave the state exactly as it was.

        Any Python object is accepted as either argument: the seat is checked, then the action's
        shape against the game's codec (:meth:`ActionCodec.check`), then its legality — judged
        afresh by the rules, never by a list a caller holds — and only then is anything changed."""
        # Untrusted arguments are typed ``object`` so that a compiled build refuses them with
        # the same IllegalAction as pure Python instead of a TypeError at the call.
        decision = self.decision()
        if type(player) is not int or decision.result is not None or player not in decision.players:
            self._deciding_seat(player)  # raises the reason: game over, not a seat, or not now
        seat: int = player  # type: ignore[assignment]  # a deciding seat, checked just above
        checked = self.game.codec.check(action)
        kind = checked[0]
        if kind in self.parametric_types:
            # Open-ended actions (domestic trade offers) are not enumerated: the game judges them.
            self._check_parametric(seat, checked)
        else:
            if seat == self._legal_player and kind not in self._legal_exclude:
                legal = self._legal_list
            else:
                legal = self._legal_actions(seat)
            if checked not in legal:
                # Only a form the game rewrites (Year of Plenty's resources in the other
                # order) gets a second look; the stored action is the canonical one.
                canonical = self._canonical(checked)
                if canonical is checked or canonical not in legal:
                    raise IllegalAction(self.explain_illegal(seat, canonical))
                checked = canonical
        self._legal_player = -1
        events = self._apply(seat, checked)
        self.history.append((seat, checked))
        return events

    def apply_json(self, player: object, obj: JSON) -> list[Event]:
        """Parse untrusted JSON (any value) and apply it; errors are :class:`IllegalAction`."""
        self._deciding_seat(player)
        return self.apply(player, self.game.action_from_json(obj))

    def explain_illegal(self, player: int, action: Action) -> str:
        """Why ``action`` is not legal now. Games override this with specific reasons."""
        return f"{action[0]!r} is not legal now"

    def to_json_text(self) -> str:
        return json.dumps(self.to_json(), sort_keys=True, separators=(",", ":"))

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, GameState):
            return NotImplemented
        return self.to_json() == other.to_json()

    __hash__ = None  # type: ignore[assignment]


def _exclude_set(exclude: object) -> frozenset[str]:
    if not isinstance(exclude, (set, frozenset, list, tuple)):
        raise MalformedAction(f"exclude is a set of action types, not {describe(exclude)}")
    for kind in exclude:
        if type(kind) is not str:
            raise MalformedAction(f"exclude is a set of action types, not of {describe(kind)}")
    return frozenset(exclude)


__all__ = [
    "JSON",
    "Action",
    "ActionCodec",
    "Decision",
    "Event",
    "Game",
    "GameConfig",
    "GameState",
    "IllegalAction",
    "Result",
]
