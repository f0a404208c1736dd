"""The conformance kit: seeded random playouts of any ravenry game that check the protocol's promises.

A playout picks a deciding player and a legal action with a seeded :class:`~ravenry.core.rng.Rng`
(never the ``random`` module), applies it, and checks as it goes:

* after every step: the game's own ``invariants``; every deciding player has a legal action;
  the events are :class:`Event` objects.
* every ``sample_every``-th step (the expensive checks):
  - action templates of every seat (the parametric actions legal lists do not enumerate, such as
    domestic trade offers): pure JSON, none for seats that do not decide; concrete actions drawn
    within each apply to a clone, and actions just outside each (a side over its bound, a
    resource on both sides, an empty side) are refused with the state unchanged;
  - legal actions of every seat: deciders have some, others none, no duplicates, every action
    round-trips through the game's JSON codec to an equal tuple, and (up to a cap per action
    type) each one applies to a clone without raising and leaves the clone's invariants intact;
  - refusals: actions seen earlier but not legal now, out-of-range and wrong-arity variants of
    legal actions, another seat's move (:class:`NotYourTurn`), non-tuples, and malformed JSON
    through ``apply_json`` all raise :class:`IllegalAction` and leave ``to_json()`` unchanged;
  - twins: a ``clone()`` and a state rebuilt from ``json.dumps``/``loads`` of ``to_json()`` equal
    the state, have the same legal actions, and still equal it after the same action (applied to
    the state through ``apply_json``), with the same events;
  - views (also of the first and the last state): for every seat and the spectator, ``observe``
    and every event's ``view`` are pure JSON without the RNG state, and secret event fields are
    ``None`` outside the audience;
  - hidden information, with a game's ``scramble_hidden`` hook: for each viewer, a copy in which
    everything hidden from that viewer was changed gives the viewer the same observation and
    the same legal actions and templates; after the sampled action is applied to that copy too, the viewer's
    redacted events must be the same whenever the viewer's new observation is (an action may
    legitimately reveal something, such as a die or a stolen card, and then both differ).
* at the end (or the step cap): ``replay(record())`` gives a byte-identical ``to_json_text()``,
  the :class:`GameRecord` survives a JSON round trip, and a finished game refuses every action
  with :class:`GameOver` and offers none (on every ``replay_every_game``-th seed and every
  capped game).

The random policy chooses among the legal actions and the templates' types alike; a template's
type yields a concrete action drawn within it (:func:`ravenry.core.templates.sample`).

A failure raises :class:`ConformanceFailure` naming the game, options, seed and step, so it can be
replayed with :func:`play_checked`.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from ravenry.core.errors import GameOver, IllegalAction, MalformedAction, NotYourTurn
from ravenry.core.protocol import JSON, Action, Event, Game, GameState
from ravenry.core.record import GameRecord, replay
from ravenry.core.registry import get_game
from ravenry.core.rng import Rng
from ravenry.core.templates import Template, is_exchange, sample, within

Invariants = Callable[[GameState], None]
"""Raises AssertionError (with a message) when a state breaks one of the game's own rules."""

ScrambleHidden = Callable[[GameState, int | None, Rng], GameState]
"""Returns a copy of the state in which everything the viewer (``None``: spectator) may not know
is changed at random - other hands redealt keeping their sizes, decks reordered, the RNG
replaced - and everything the viewer may know is kept."""

# Offsets the policy's generator from the game's seed so the two streams never coincide.
_POLICY_SALT = 0x9E3779B97F4A7C15
_OUT_OF_RANGE = 1_000_003


class ConformanceFailure(AssertionError):
    """A broken promise, with where it happened."""


@dataclass(frozen=True)
class GameChecks:
    """What a game adds to the generic checks. Every field is optional."""

    invariants: Invariants | None = None
    scramble_hidden: ScrambleHidden | None = None
    # JSON that is not an action of this game at all; apply_json must raise MalformedAction.
    malformed_json: tuple[JSON, ...] = ()
    # The random policy picks an action type by weight (default 1.0), then an action of that
    # type, so a type with hundreds of variants (trade offers) is not chosen hundreds of times
    # as often. Rare types are considered only on ``rare_percent`` of its choices (and asked for
    # with ``legal_actions(exclude=...)`` otherwise), so that games with them still finish.
    action_weights: Mapping[str, float] = field(default_factory=dict)
    rare_actions: frozenset[str] = frozenset()
    rare_percent: int = 3


@dataclass(frozen=True)
class PlayoutSettings:
    """How long games run and how often the expensive checks do."""

    max_steps: int = 4000
    sample_every: int = 40  # expensive checks on every k-th step (at a random phase per game)
    clone_actions_per_type: int = 6  # legal actions of one type tried on clones per sampled step
    codec_actions_per_type: int = 64  # legal actions of one type round-tripped through JSON
    illegal_tries: int = 6  # actions seen earlier but not legal now, tried per sampled step
    replay_every_game: int = 1  # replay and record checks on every k-th seed (and every capped game)
    template_samples: int = 4  # concrete actions drawn within each template and tried on clones


@dataclass
class ConformanceResult:
    """Counts, so a test can assert that the checks actually ran and that games finish."""

    games: int = 0
    steps: int = 0
    finished: int = 0
    capped: int = 0
    sampled_steps: int = 0
    clone_applications: int = 0
    refusals: int = 0
    views_checked: int = 0
    scrambled_views: int = 0
    scrambled_event_views: int = 0
    replays: int = 0
    template_applications: int = 0  # concrete actions from templates applied to clones
    template_refusals: int = 0  # actions just outside a template, refused
    action_types: Counter[str] = field(default_factory=Counter)
    winners: Counter[int] = field(default_factory=Counter)


def choose_action(state: GameState, rng: Rng, checks: GameChecks) -> tuple[int, Action]:
    """A deciding player at random, then an action type by weight (listed types and the types of
    the player's action templates alike), then an action of that type: one of the listed, or a
    concrete one drawn within the template."""
    player = rng.choice(state.decision().players)
    legal: list[Action] = []
    skip_rare = bool(checks.rare_actions) and rng.below(100) >= checks.rare_percent
    if skip_rare:
        legal = state.legal_actions(player, exclude=checks.rare_actions)
    if not legal:
        legal = state.legal_actions(player)
    by_type: dict[str, list[Action]] = {}
    for action in legal:
        by_type.setdefault(action[0], []).append(action)
    templates: dict[str, Template] = {}
    for template in state.action_templates(player):
        kind = template["type"]
        if kind not in by_type and is_exchange(template) and not (skip_rare and kind in checks.rare_actions):
            templates.setdefault(kind, template)
    if not legal and not templates:
        raise AssertionError(f"player {player} must decide but has neither legal actions nor templates")
    weights = checks.action_weights
    kinds = [*by_type, *templates]
    scaled = [max(0, round(weights.get(k, 1.0) * 1000)) for k in kinds]
    total = sum(scaled)
    if total <= 0:
        kind = rng.choice(kinds)
    else:
        pick = rng.below(total)
        index = 0
        while pick >= scaled[index]:
            pick -= scaled[index]
            index += 1
        kind = kinds[index]
    if kind in templates:
        return player, state.game.action_from_json(sample(templates[kind], rng))
    return player, rng.choice(by_type[kind])


def _json_text(value: JSON) -> str | None:
    """``value`` as JSON text if it survives json.dumps/loads unchanged (no tuples, int keys,
    NaN or other objects), else None."""
    try:
        text = json.dumps(value, allow_nan=False)
    except (TypeError, ValueError):
        return None
    return text if json.loads(text) == value else None


def _is_pure_json(value: JSON) -> bool:
    return _json_text(value) is not None


def _sorted_texts(values: Sequence[JSON]) -> list[str]:
    return sorted(json.dumps(v, sort_keys=True) for v in values)


def _legal_in(state: GameState, player: int, action: Action) -> bool:
    """Whether ``action`` is legal for ``player`` in ``state`` (listed, or a parametric action
    its rules accept), without changing ``state``."""
    if action[0] not in state.parametric_types:
        return action in state.legal_actions(player)
    try:
        state._check_parametric(player, action)
    except IllegalAction:
        return False
    return True


def _outside(template: Template, inside: Mapping[str, Any]) -> list[dict[str, JSON]]:
    """Concrete actions just outside an exchange template, made from one ``inside`` it: one more
    of a resource than a side may carry, a resource on both sides (if the template is
    disjoint), an empty side."""
    kind = template["type"]
    give, get = dict(inside["give"]), dict(inside["get"])
    out: list[dict[str, JSON]] = []
    for side, caps, counts in (("give", template["give"], give), ("get", template["get"], get)):
        res = sorted(counts)[0]
        over = {**counts, res: caps.get(res, 0) + 1}
        out.append(
            {"type": kind, "give": over if side == "give" else give, "get": over if side == "get" else get}
        )
        empty: dict[str, int] = {}
        out.append(
            {"type": kind, "give": empty if side == "give" else give, "get": empty if side == "get" else get}
        )
    if template.get("disjoint"):
        res = sorted(give)[0]
        out.append({"type": kind, "give": give, "get": {**get, res: 1}})
    return [a for a in out if all(n <= 99 for side in ("give", "get") for n in a[side].values())]


class _Playout:
    """One checked game. Kept as an object so every check can name the seed and step."""

    def __init__(
        self,
        game_id: str,
        seed: int,
        players: int,
        options: Mapping[str, JSON],
        checks: GameChecks,
        settings: PlayoutSettings,
        result: ConformanceResult,
    ) -> None:
        self.game: Game[Any, Any] = get_game(game_id)
        self.game_id, self.seed, self.players, self.options = game_id, seed, players, dict(options)
        self.checks, self.settings, self.result = checks, settings, result
        self.policy = Rng.from_seed(seed ^ _POLICY_SALT)
        self.aux = Rng.from_seed(seed ^ (_POLICY_SALT >> 1))  # for check sampling, apart from the policy
        self.step = 0
        self.seen: dict[str, list[Action]] = {}
        self.state: GameState = self.game.new_state(
            self.game.make_config(players=players, seed=seed, **options)
        )
        self.static: tuple[object, JSON] | None = None  # the first static_key seen, its static part

    # -- reporting ------------------------------------------------------------------------------
    def fail(self, message: str) -> ConformanceFailure:
        where = (
            f"{self.game_id} players={self.players} options={self.options} seed={self.seed} step={self.step}"
        )
        return ConformanceFailure(f"{message}\n  at {where}")

    def expect(self, ok: bool, message: str) -> None:
        if not ok:
            raise self.fail(message)

    def run_invariants(self, state: GameState, context: str) -> None:
        if self.checks.invariants is None:
            return
        try:
            self.checks.invariants(state)
        except AssertionError as exc:
            raise self.fail(f"invariant broken {context}: {exc}") from exc

    # -- the game loop --------------------------------------------------------------------------
    def play(self) -> GameState:
        try:
            return self._play()
        except ConformanceFailure:
            raise
        except Exception as exc:  # a crash is a broken promise too; say where it happened
            raise self.fail(f"unexpected {type(exc).__name__}: {exc}") from exc

    def _play(self) -> GameState:
        settings = self.settings
        offset = self.aux.below(settings.sample_every)
        self.run_invariants(self.state, "in the initial state")
        self.check_views(self.state, [])
        while self.step < settings.max_steps:
            decision = self.state.decision()
            if decision.over:
                break
            self.expect(bool(decision.players), "nobody decides but the game is not over")
            self.expect(len(set(decision.players)) == len(decision.players), "a player decides twice")
            player, action = choose_action(self.state, self.policy, self.checks)
            self.result.action_types[action[0]] += 1
            if (self.step + offset) % settings.sample_every == 0:
                self.sampled_step(player, action)
            else:
                events = self.state.apply(player, action)
                self.expect(
                    all(isinstance(e, Event) for e in events), f"apply returned non-events for {action!r}"
                )
                self.run_invariants(self.state, f"after {action!r} by {player}")
            seen = self.seen.setdefault(action[0], [])
            if len(seen) < 16 and action not in seen:
                seen.append(action)
            self.step += 1
        self.result.games += 1
        self.result.steps += self.step
        decision = self.state.decision()
        if decision.result is not None:
            self.result.finished += 1
            self.result.winners.update(decision.result.winners)
            self.check_game_over()
        else:
            self.result.capped += 1
        if decision.result is None or self.seed % settings.replay_every_game == 0:
            self.check_record()
        return self.state

    # -- the sampled checks ---------------------------------------------------------------------
    def sampled_step(self, player: int, action: Action) -> None:
        self.result.sampled_steps += 1
        state = self.state
        # to_json() holds the whole history, so each state is serialised once per comparison.
        before = state.to_json()
        self.check_legal_lists()
        self.check_templates()
        self.check_clone_applications(player)
        self.check_refusals(player, action)
        self.expect(state.to_json() == before, "a refused action or a clone changed the state")
        scrambled = self.scrambled_twins(state)

        clone = state.clone()
        self.expect(clone.to_json() == before, "clone() differs from the original")
        twin = self.game.state_from_json(json.loads(json.dumps(before)))
        self.expect(twin.to_json() == before, "the state rebuilt from its JSON differs from the original")
        self.expect(
            twin.legal_actions(player) == state.legal_actions(player),
            "the state rebuilt from JSON offers other legal actions",
        )
        self.expect(
            twin.action_templates(player) == state.action_templates(player),
            "the state rebuilt from JSON offers other action templates",
        )

        wire = json.loads(json.dumps(self.game.action_to_json(action)))
        events = state.apply_json(player, wire)
        self.run_invariants(state, f"after {action!r} by {player}")
        after = state.to_json()
        full = [e.full() for e in events]
        for name, other in (("clone", clone), ("JSON twin", twin)):
            other_events = other.apply(player, action)
            self.expect(
                other.to_json() == after, f"the {name} differs from the state after both applied {action!r}"
            )
            self.expect(
                [e.full() for e in other_events] == full, f"the {name} produced other events for {action!r}"
            )
        self.expect(_is_pure_json(full), f"events of {action!r} are not pure JSON: {full!r}")
        views = self.check_views(state, events)
        self.check_scrambled_events(scrambled, player, action, events, views)

    def viewers(self) -> list[int | None]:
        return [None, *range(self.players)]

    def check_legal_lists(self) -> None:
        state = self.state
        deciders = set(state.decision().players)
        for p in range(self.players):
            legal = state.legal_actions(p)
            if p in deciders:
                self.expect(bool(legal), f"player {p} must decide but has no legal action")
            else:
                self.expect(not legal, f"player {p} does not decide but has legal actions {legal[:3]!r}")
            self.expect(len(set(legal)) == len(legal), f"duplicate legal actions for player {p}")
            rare = self.checks.rare_actions
            if rare:
                without = state.legal_actions(p, exclude=rare)
                want = [a for a in legal if a[0] not in rare]
                self.expect(
                    len(without) == len(want) and set(without) == set(want),
                    f"legal_actions({p}, exclude={sorted(rare)}) is not the full list without those types",
                )
            for a in self.sample_by_type(legal, self.settings.codec_actions_per_type):
                self.expect(
                    isinstance(a, tuple) and bool(a) and isinstance(a[0], str), f"not an action: {a!r}"
                )
                encoded = self.game.action_to_json(a)
                self.expect(
                    isinstance(encoded, dict) and encoded.get("type") == a[0] and _is_pure_json(encoded),
                    f"{a!r} encodes to {encoded!r}",
                )
                back = self.game.action_from_json(json.loads(json.dumps(encoded)))
                self.expect(back == a and type(back) is tuple, f"{a!r} round-trips to {back!r}")

    def check_templates(self) -> None:
        """Each seat's templates: pure JSON, only for deciders, of parametric types; concrete
        actions drawn within them apply to clones; actions just outside them are refused."""
        state = self.state
        deciders = set(state.decision().players)
        for p in range(self.players):
            templates = state.action_templates(p)
            self.expect(_is_pure_json(templates), f"action_templates({p}) is not pure JSON")
            if p not in deciders:
                self.expect(not templates, f"player {p} does not decide but has templates {templates!r}")
            for template in templates:
                kind = template.get("type")
                self.expect(
                    kind in state.parametric_types,
                    f"template of {kind!r}, which is not one of the parametric types",
                )
                self.expect(is_exchange(template), f"a template of unknown shape: {template!r}")
                self.check_template(p, template)

    def check_template(self, player: int, template: Template) -> None:
        state = self.state
        for _ in range(self.settings.template_samples):
            wire = sample(template, self.aux)
            self.expect(within(template, wire), f"{wire!r} drawn from {template!r} is not within it")
            action = self.game.action_from_json(json.loads(json.dumps(wire)))
            copy = state.clone()
            try:
                copy.apply(player, action)
            except Exception as exc:
                raise self.fail(
                    f"{action!r} of player {player}, within their template {template!r}, failed: {exc!r}"
                ) from exc
            self.run_invariants(copy, f"after {action!r} by {player} from a template, on a clone")
            self.result.template_applications += 1
        for wire in _outside(template, sample(template, self.aux)):
            self.expect(not within(template, wire), f"{wire!r} should lie outside {template!r}")
            self.expect_refused(player, wire, IllegalAction, via_json=True)
            self.result.template_refusals += 1

    def sample_by_type(self, actions: Sequence[Action], cap: int) -> list[Action]:
        """Every action of a type with at most ``cap`` actions, else ``cap`` of them at random."""
        by_type: dict[str, list[Action]] = {}
        for a in actions:
            by_type.setdefault(a[0], []).append(a)
        chosen: list[Action] = []
        for group in by_type.values():
            chosen += group if len(group) <= cap else [self.aux.choice(group) for _ in range(cap)]
        return chosen

    def check_clone_applications(self, player: int) -> None:
        state = self.state
        for a in self.sample_by_type(state.legal_actions(player), self.settings.clone_actions_per_type):
            copy = state.clone()
            try:
                copy.apply(player, a)
            except Exception as exc:
                raise self.fail(f"listed legal action {a!r} of player {player} failed: {exc!r}") from exc
            self.run_invariants(copy, f"after legal action {a!r} by {player} on a clone")
            self.result.clone_applications += 1

    def expect_refused(
        self, player: int, attempt: Any, kind: type[IllegalAction], via_json: bool = False
    ) -> None:
        state = self.state
        try:
            if via_json:
                state.apply_json(player, attempt)
            else:
                state.apply(player, attempt)
        except IllegalAction as exc:
            self.expect(
                isinstance(exc, kind),
                f"{attempt!r} by {player} raised {type(exc).__name__}, not {kind.__name__}",
            )
            self.expect(
                isinstance(exc.reason, str) and bool(exc.reason), f"refusal of {attempt!r} has no reason"
            )
            self.result.refusals += 1
            return
        except Exception as exc:
            raise self.fail(
                f"{attempt!r} by {player} raised {type(exc).__name__}: {exc}, not IllegalAction"
            ) from exc
        raise self.fail(f"{'JSON ' if via_json else ''}{attempt!r} by player {player} was accepted")

    def refusal_candidates(self, action: Action, legal: set[Action]) -> list[Action]:
        """Earlier actions not legal now, plus out-of-range and wrong-arity forms of this one.
        (Parametric actions are never listed; their refusals are checked against templates.)"""
        parametric = self.state.parametric_types
        pool = [
            a
            for kind in sorted(self.seen)
            if kind not in parametric
            for a in self.seen[kind]
            if a not in legal
        ]
        tries = [self.aux.choice(pool) for _ in range(min(self.settings.illegal_tries, len(pool)))]
        for i in range(1, len(action)):
            value = action[i]
            if isinstance(value, int) and not isinstance(value, bool):
                for bad in (_OUT_OF_RANGE, -7):
                    tries.append((*action[:i], bad, *action[i + 1 :]))
            elif isinstance(value, tuple):
                tries.append((*action[:i], tuple(_OUT_OF_RANGE for _ in value), *action[i + 1 :]))
        tries += [(*action, 0), ("no_such_action",)]
        if len(action) > 1:
            tries.append(action[:-1])
        return [t for t in tries if t not in legal]

    def check_refusals(self, player: int, action: Action) -> None:
        state = self.state
        legal = set(state.legal_actions(player))
        for attempt in self.refusal_candidates(action, legal):
            self.expect_refused(player, attempt, IllegalAction)
        deciders = set(state.decision().players)
        for other in range(self.players):
            if other not in deciders:
                self.expect_refused(other, action, NotYourTurn)
                break
        for not_a_tuple in (list(action), ()):
            self.expect_refused(player, not_a_tuple, MalformedAction)
        garbage: list[JSON] = [
            {"type": "nope"},
            {},
            42,
            None,
            action[0],
            [action[0]],
            {"type": action[0], "unexpected_field": 1},
            *self.checks.malformed_json,
        ]
        for obj in garbage:
            self.expect_refused(player, obj, MalformedAction, via_json=True)

    def check_views(self, state: GameState, events: Sequence[Event]) -> dict[int | None, JSON]:
        """Pure JSON, no RNG state, secret event fields only for their audience. Returns the
        observations by viewer."""
        rng = getattr(state, "rng", None)
        rng_text = str(rng.state) if isinstance(rng, Rng) else None
        views: dict[int | None, JSON] = {}
        for viewer in self.viewers():
            obs = views[viewer] = state.observe(viewer)
            text = _json_text(obs)
            self.expect(text is not None, f"observe({viewer}) is not pure JSON")
            self.expect(
                rng_text is None or rng_text not in str(text), f"observe({viewer}) contains the RNG state"
            )
            for e in events:
                view = e.view(viewer)
                text = _json_text(view)
                self.expect(text is not None, f"{e.type} event viewed by {viewer} is not pure JSON")
                self.expect(
                    rng_text is None or rng_text not in str(text), f"{e.type} event contains the RNG state"
                )
                if viewer in e.audience:
                    self.expect(
                        view == e.full(), f"{e.type} event hides secrets from its audience member {viewer}"
                    )
                else:
                    leaked = [k for k in e.secret if view.get(k) is not None]
                    self.expect(not leaked, f"{e.type} event shows secret {leaked} to {viewer}")
            self.result.views_checked += 1
        self.check_static_key(state, views)
        return views

    def check_static_key(self, state: GameState, views: Mapping[int | None, JSON]) -> None:
        """A state's ``static_key``, when it has one, stands for the static part of its views
        (what ``observe(viewer)`` holds beyond ``observe(viewer, static=False)``): the same
        key, the same static part as the first state of the game that had it."""
        key = state.static_key()
        if key is None:
            return
        viewer = self.viewers()[0]
        full = views[viewer]
        assert isinstance(full, dict)
        partial = state.observe(viewer, static=False)
        static: JSON = {k: v for k, v in full.items() if k not in partial}
        if self.static is None:
            self.static = (key, static)
        elif self.static[0] == key:
            same = static == self.static[1]
            self.expect(same, "states with the same static_key show different static parts")

    def scrambled_twins(self, state: GameState) -> dict[int | None, GameState]:
        """Per viewer, a state changed in everything hidden from them; their view must not change."""
        scramble = self.checks.scramble_hidden
        if scramble is None:
            return {}
        deciders = set(state.decision().players)
        twins: dict[int | None, GameState] = {}
        for viewer in self.viewers():
            twin = scramble(state, viewer, self.aux)
            self.expect(twin is not state, "scramble_hidden must return a copy")
            self.expect(
                twin.observe(viewer) == state.observe(viewer),
                f"observe({viewer}) changes when only things hidden from {viewer} change",
            )
            if viewer is not None and viewer in deciders:
                self.expect(
                    twin.legal_actions(viewer) == state.legal_actions(viewer),
                    f"player {viewer}'s legal actions depend on things hidden from them",
                )
                self.expect(
                    twin.action_templates(viewer) == state.action_templates(viewer),
                    f"player {viewer}'s action templates depend on things hidden from them",
                )
            twins[viewer] = twin
            self.result.scrambled_views += 1
        return twins

    def check_scrambled_events(
        self,
        twins: Mapping[int | None, GameState],
        player: int,
        action: Action,
        events: Sequence[Event],
        views: Mapping[int | None, JSON],
    ) -> None:
        """Apply the same action in each viewer's scrambled world; if the viewer's observation
        afterwards is the same, what they saw of the events must be the same too — up to their
        order: random draws may reveal the same things in another order (two wildling tokens
        drawn from a reshuffled bag) and end in the same observation."""
        for viewer, twin in twins.items():
            if not _legal_in(twin, player, action):
                continue
            twin_events = twin.apply(player, action)
            if twin.observe(viewer) != views[viewer]:
                continue  # the action legitimately revealed something (a die, a stolen card)
            mine = [e.view(viewer) for e in events]
            theirs = [e.view(viewer) for e in twin_events]
            self.expect(
                mine == theirs or _sorted_texts(mine) == _sorted_texts(theirs),
                f"events of {action!r} seen by {viewer} depend on things hidden from them:"
                f" {mine!r} vs {theirs!r}",
            )
            self.result.scrambled_event_views += 1

    # -- the end ----------------------------------------------------------------------------------
    def check_game_over(self) -> None:
        state = self.state
        result = state.decision().result
        assert result is not None
        self.expect(not state.decision().players, "a finished game still waits for players")
        self.expect(all(0 <= w < self.players for w in result.winners), f"bad winners {result.winners}")
        self.expect(len(result.scores) == self.players, f"scores {result.scores} for {self.players} players")
        self.expect(_is_pure_json(result.to_json()), "the result is not pure JSON")
        for p in range(self.players):
            self.expect(not state.legal_actions(p), f"player {p} has legal actions after the game ended")
        last = self.state.history[-1][1] if self.state.history else ("roll",)
        self.expect_refused(0, last, GameOver)
        self.check_views(state, [])

    def check_record(self) -> None:
        state = self.state
        record = GameRecord.of(state)
        text = state.to_json_text()
        replayed = replay(record)
        self.expect(replayed.to_json_text() == text, "replay(record()) is not byte-identical to the state")
        wire = json.loads(json.dumps(record.to_json()))
        again = GameRecord.from_json(wire)
        self.expect(again.to_json() == record.to_json(), "the GameRecord does not survive a JSON round trip")
        self.expect(replay(again).to_json_text() == text, "replaying the JSON record gives another state")
        self.result.replays += 1


def play_checked(
    game_id: str,
    seed: int,
    *,
    players: int,
    options: Mapping[str, JSON] | None = None,
    checks: GameChecks | None = None,
    settings: PlayoutSettings | None = None,
    result: ConformanceResult | None = None,
) -> GameState:
    """Play one seeded random game with every check; return the final state."""
    playout = _Playout(
        game_id,
        seed,
        players,
        options or {},
        checks or GameChecks(),
        settings or PlayoutSettings(),
        result if result is not None else ConformanceResult(),
    )
    return playout.play()


def run_conformance(
    game_id: str,
    seeds: Iterable[int],
    *,
    players: int,
    options: Mapping[str, JSON] | None = None,
    checks: GameChecks | None = None,
    settings: PlayoutSettings | None = None,
) -> ConformanceResult:
    """Play one checked game per seed and return the counts."""
    result = ConformanceResult()
    for seed in seeds:
        play_checked(
            game_id, seed, players=players, options=options, checks=checks, settings=settings, result=result
        )
    return result


def same_game_twice(
    game_id: str,
    seed: int,
    *,
    players: int,
    options: Mapping[str, JSON] | None = None,
    checks: GameChecks | None = None,
    max_steps: int = 4000,
) -> tuple[str, str]:
    """Play the same seeded game twice with the random policy; return both final ``to_json_text()``."""
    texts = []
    checks = checks or GameChecks()
    for _ in range(2):
        game = get_game(game_id)
        state: GameState = game.new_state(game.make_config(players=players, seed=seed, **dict(options or {})))
        policy = Rng.from_seed(seed ^ _POLICY_SALT)
        for _step in range(max_steps):
            if state.decision().over:
                break
            player, action = choose_action(state, policy, checks)
            state.apply(player, action)
        texts.append(state.to_json_text())
    return texts[0], texts[1]
