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

from ravenry.core.errors import GameOver, IllegalAction, MalformedAction, NotYourTurn

Action = tuple[Any, ...]
JSON = Any


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

    def view(self, viewer: int | None) -> dict[str, JSON]:
        out: dict[str, JSON] = {"type": self.type, **self.data}
        if self.secret:
            if viewer is not None and viewer in self.audience:
                out.update(self.secret)
            else:
                out.update(dict.fromkeys(self.secret))
        return out

    def full(self) -> dict[str, JSON]:
        """The omniscient form, for server-side logs that no player reads."""
        return {"type": self.type, **self.data, **self.secret}

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
    """Options every game has. Games subclass this with their own typed options."""

    players: int = 4
    seed: int = 0

    def to_json(self) -> dict[str, JSON]:
        from dataclasses import asdict

        return asdict(self)


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

    def to_json(self, action: Action) -> dict[str, JSON]:
        kind = action[0]
        spec = self.fields.get(kind)
        if spec is None or len(spec) != len(action) - 1:
            raise MalformedAction(f"not an action of this game: {action!r}")
        out: dict[str, JSON] = {"type": kind}
        for (name, ftype), value in zip(spec, action[1:], strict=True):
            out[name] = self._encode(ftype, value)
        return out

    def from_json(self, obj: JSON) -> Action:
        if not isinstance(obj, dict):
            raise MalformedAction("an action must be a JSON object with a 'type'")
        kind = obj.get("type")
        if not isinstance(kind, str) or kind not in self.fields:
            known = ", ".join(sorted(self.fields))
            raise MalformedAction(f"unknown action type {kind!r}; known types: {known}")
        spec = self.fields[kind]
        extra = set(obj) - {"type"} - {name for name, _ in spec}
        if extra:
            raise MalformedAction(f"action {kind!r} has unexpected fields: {', '.join(sorted(extra))}")
        values: list[JSON] = [kind]
        for name, ftype in spec:
            if name not in obj and not ftype.endswith("?"):
                raise MalformedAction(f"action {kind!r} needs field {name!r}")
            values.append(self._decode(kind, name, ftype, obj.get(name)))
        return tuple(values)

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
            if not isinstance(value, int) or isinstance(value, bool):
                raise MalformedAction(f"{where} must be an integer")
            if value < 0:
                raise MalformedAction(f"{where} must not be negative")
            return value
        if ftype in ("res", "res?"):
            if value is None and ftype == "res?":
                return -1
            if value not in self._res_index:
                raise MalformedAction(f"{where} must be one of {', '.join(self.resources)}")
            return self._res_index[value]
        if ftype == "counts":
            if not isinstance(value, dict):
                raise MalformedAction(f"{where} must map resources to counts")
            counts = [0] * len(self.resources)
            for res, n in value.items():
                if res not in self._res_index:
                    raise MalformedAction(f"{where}: unknown resource {res!r}")
                if not isinstance(n, int) or isinstance(n, bool) or n < 0 or n > 99:
                    raise MalformedAction(f"{where}: count for {res!r} must be an integer 0..99")
                counts[self._res_index[res]] = n
            return tuple(counts)
        raise AssertionError(ftype)


@mypyc_attr(allow_interpreted_subclasses=True)
class Game(ABC, Generic[ConfigT, StateT]):
    """The fixed facts of one game: id, config type, codec, and how to start a state."""

    id: ClassVar[str]
    name: ClassVar[str]
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    codec: ActionCodec

    @abstractmethod
    def make_config(self, players: int = 4, seed: int = 0, **options: JSON) -> ConfigT: ...

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
            specs.append({"name": f.name, "default": default, "choices": choices})
        return specs

    def option_choices(self, name: str) -> list[JSON] | None:
        """The values option ``name`` may take, or None for any value of its type."""
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
    def observe(self, viewer: int | None) -> dict[str, JSON]:
        """JSON-ready view for a seat (or a spectator: ``None``) with every hidden thing removed."""

    @abstractmethod
    def clone(self) -> GameState: ...

    @abstractmethod
    def to_json(self) -> dict[str, JSON]:
        """The full state, RNG included. Never send this to a player."""

    @abstractmethod
    def turn_number(self) -> int:
        """Regular turns started so far (0 during set-up): what turn caps count."""

    @abstractmethod
    def scores(self) -> tuple[int, ...]:
        """Every seat's points now, hidden ones included (omniscient: for referees, not players)."""

    # -- the shared protocol ------------------------------------------------------------------
    # The last list legal_actions() handed out (for _legal_player, without the _legal_exclude'd
    # types, _legal_length long), kept until the state changes: apply() checks against it.
    _legal_player: int = -1  # -1: nothing kept
    _legal_exclude: frozenset[str]
    _legal_list: list[Action]
    _legal_length: int

    def legal_actions(self, player: int, exclude: frozenset[str] = frozenset()) -> list[Action]:
        """Every legal action of ``player`` now, or every one but the ``exclude``d types (a bot
        that never makes domestic offers asks without them, and the game need not list them).

        Asked twice without a change in between, it returns the same list: copy it before
        changing it (apply() then lists the actions afresh instead of trusting it)."""
        if player == self._legal_player and exclude == self._legal_exclude:
            return self._legal_list
        actions = self._legal_actions_except(player, exclude) if exclude else self._legal_actions(player)
        self._legal_player = player
        self._legal_exclude = exclude
        self._legal_list = actions
        self._legal_length = len(actions)
        return actions

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

    def action_templates(self, player: int) -> list[dict[str, JSON]]:
        """JSON-ready descriptions of the parametric actions ``player`` may take now, which
        :meth:`legal_actions` does not enumerate (a domestic trade offer: the most of each
        resource a side may carry). Any concrete action within a template goes to :meth:`apply`,
        which validates it. Games without parametric actions return an empty list."""
        return []

    def _legal_actions_except(self, player: int, exclude: frozenset[str]) -> list[Action]:
        return [a for a in self._legal_actions(player) if a[0] not in exclude]

    def apply(self, player: object, action: object) -> list[Event]:
        # Untrusted arguments are typed ``object`` so that a compiled build refuses them with
        # the same IllegalAction as pure Python instead of a TypeError at the call.
        decision = self.decision()
        if decision.result is not None:
            raise GameOver("the game is over")
        if type(player) is not int or player not in decision.players:
            who = ", ".join(str(p) for p in decision.players)
            raise NotYourTurn(f"player {player!r} may not act now; waiting for player(s) {who}")
        if type(action) is not tuple or not action:
            raise MalformedAction(f"not an action: {action!r}")
        if action[0] in self.parametric_types:
            # Open-ended actions (domestic trade offers) are not enumerated: the game judges them.
            self._check_parametric(player, action)
        else:
            legal = self._legal_list if player == self._legal_player else None
            if legal is None or action[0] in self._legal_exclude or len(legal) != self._legal_length:
                legal = self._legal_actions(player)
            if action not in legal:
                raise IllegalAction(self.explain_illegal(player, action))
        self._legal_player = -1
        events = self._apply(player, action)
        self.history.append((player, action))
        return events

    def apply_json(self, player: int, obj: JSON) -> list[Event]:
        """Parse untrusted JSON and apply it; errors are :class:`IllegalAction`."""
        return self.apply(player, self.game.action_from_json(obj))

    def explain_illegal(self, player: int, action: Action) -> str:
        """Why ``action`` is not legal now. Games override this with specific reasons."""
        return f"{action[0]!r} is not legal now"

    def record(self) -> GameRecord:
        from ravenry.core.record import GameRecord

        return GameRecord(self.game.id, self.config.to_json(), list(self.history))

    def to_json_text(self) -> str:
        return json.dumps(self.to_json(), sort_keys=True, separators=(",", ":"))

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, GameState):
            return NotImplemented
        return self.to_json() == other.to_json()

    __hash__ = None  # type: ignore[assignment]


from ravenry.core.record import GameRecord  # noqa: E402

__all__ = [
    "JSON",
    "Action",
    "ActionCodec",
    "Decision",
    "Event",
    "Game",
    "GameConfig",
    "GameRecord",
    "GameState",
    "IllegalAction",
    "Result",
]
