"""Property tests: any concrete offer, within the templates or outside them, in seeded positions
of all three Catan-family games in every phase, is accepted exactly when it lies within the
deciding seat's template; every refusal is an ``IllegalAction`` with a short reason and leaves
``to_json_text()`` byte-identical; junk in place of the counts is refused the same way."""

from __future__ import annotations

from typing import Any

from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from ravenry.core.errors import IllegalAction
from ravenry.core.protocol import GameState
from ravenry.core.registry import new_game
from ravenry.core.rng import Rng
from ravenry.core.templates import sample, within

GAMES = ("catan", "got-catan", "brotherhood")
OFFER_TYPES = ("offer_trade", "counter_offer")
RESOURCES = ("brick", "lumber", "ore", "grain", "wool")
SETTINGS = settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def seeded_position(game: str, players: int, seed: int, steps: int, until_offer: bool) -> GameState:
    """A position ``steps`` actions into a seeded random game whose players also make offers
    (drawn within their templates) now and then, so answers and confirmations come up too; with
    ``until_offer``, played on to the next moment when a decider may make an offer."""
    state = new_game(game, players=players, seed=seed)
    rng = Rng.from_seed(seed + 1)
    for step in range(steps + 1000):
        decision = state.decision()
        if decision.over:
            break
        if step >= steps and (not until_offer or any(state.action_templates(q) for q in decision.players)):
            break
        p = rng.choice(decision.players)
        templates = state.action_templates(p)
        if templates and rng.below(4) == 0:
            state.apply_json(p, sample(rng.choice(templates), rng))
        else:
            state.apply(p, rng.choice(state.legal_actions(p)))
    return state


# The positions' parameters; each test builds its state itself. (A strategy returning the state
# object, st.builds(seeded_position, ...), crashes the mypyc-compiled build in Hypothesis's
# garbage collection: a segmentation fault, seen with Hypothesis 6.170 and the tree of 2026-12-01.)
positions = st.tuples(
    st.sampled_from(GAMES),
    st.sampled_from((3, 4)),
    st.integers(0, 10_000),
    st.integers(0, 400),
    st.booleans(),
)
Params = tuple[str, int, int, int, bool]


def expect_refused(state: GameState, player: object, action: object, via_json: bool = False) -> str:
    before = state.to_json_text()
    try:
        if via_json:
            state.apply_json(player, action)
        else:
            state.apply(player, action)
    except IllegalAction as exc:
        reason = exc.reason
    else:
        raise AssertionError(f"{action!r} was accepted")
    assert state.to_json_text() == before, f"refusing {action!r} changed the state"
    assert isinstance(reason, str) and 0 < len(reason) < 200
    return reason


def template_of(state: GameState, player: int, kind: str) -> dict[str, Any] | None:
    return next((t for t in state.action_templates(player) if t["type"] == kind), None)


@st.composite
def offer_counts(draw: st.DrawFn, state: GameState, player: int, kind: str) -> tuple[tuple[int, ...], ...]:
    """(give, get) for ``kind``: drawn within the seat's template, nudged by a card or two, or
    anything at all."""
    template = template_of(state, player, kind)
    how = draw(st.sampled_from(("inside", "nudged", "any")) if template else st.just("any"))
    if how == "any":
        vector = st.tuples(*[st.integers(0, 7)] * 5)
        return draw(vector), draw(vector)
    assert template is not None
    wire = sample(template, Rng.from_seed(draw(st.integers(0, 2**32))), draw(st.sampled_from((None, 3))))
    give = [wire["give"].get(r, 0) for r in RESOURCES]
    get = [wire["get"].get(r, 0) for r in RESOURCES]
    if how == "nudged":
        side = draw(st.sampled_from((give, get)))
        side[draw(st.integers(0, 4))] += draw(st.sampled_from((-1, 1, 2)))
        side[:] = [max(0, n) for n in side]
    return tuple(give), tuple(get)


@SETTINGS
@given(positions, st.data())
def test_concrete_offers_are_accepted_exactly_within_the_templates(
    params: Params, data: st.DataObject
) -> None:
    state = seeded_position(*params)
    decision = state.decision()
    seats = range(state.config.players)
    offering = [q for q in decision.players if state.action_templates(q)]
    player = data.draw(st.sampled_from(offering or decision.players or seats))
    mine = [t["type"] for t in state.action_templates(player)] if not decision.over else []
    kind = data.draw(st.sampled_from([*mine, *mine, *mine, *OFFER_TYPES]))
    give, get = data.draw(offer_counts(state, player, kind))
    action = (kind, give, get)
    template = template_of(state, player, kind) if not decision.over else None
    wire = state.game.action_to_json(action)
    if template is not None and within(template, wire):
        event("accepted")
        state.apply(player, action)
        assert state.history[-1] == (player, action)
    else:
        event("refused")
        expect_refused(state, player, action, via_json=data.draw(st.booleans()))


junk = st.one_of(
    st.none(),
    st.booleans(),
    st.floats(allow_nan=True),
    st.integers(min_value=-(10**30), max_value=10**30),
    st.text(max_size=30),
    st.lists(st.integers(0, 3), max_size=6),
    st.tuples(*[st.integers(-3, 3)] * 5),
    st.tuples(*[st.one_of(st.integers(0, 3), st.booleans(), st.floats(0, 3))] * 5),
    st.tuples(st.integers(0, 3)),
    st.dictionaries(st.sampled_from(RESOURCES), st.integers(0, 3)),
)


@SETTINGS
@given(positions, st.data())
def test_junk_offers_are_refused_and_change_nothing(params: Params, data: st.DataObject) -> None:
    state = seeded_position(*params)
    decision = state.decision()
    if decision.over:
        return
    player = data.draw(st.sampled_from(decision.players))
    kind = data.draw(st.sampled_from(OFFER_TYPES))
    give, get = data.draw(junk), data.draw(st.one_of(junk, st.just((0, 0, 0, 0, 1))))
    shape = data.draw(st.sampled_from(("both", "short", "long")))
    action: tuple[Any, ...] = {
        "both": (kind, give, get),
        "short": (kind, give),
        "long": (kind, give, get, 0),
    }[shape]
    if shape == "both" and type(give) is tuple and type(get) is tuple:
        template = template_of(state, player, kind)
        valid = all(type(n) is int and 0 <= n <= 99 for n in (*give, *get)) and len(give) == len(get) == 5
        if valid and template is not None and within(template, state.game.action_to_json(action)):
            return  # a legal offer by chance: the other property covers it
    expect_refused(state, player, action)


json_counts = st.dictionaries(
    st.one_of(st.sampled_from(RESOURCES), st.text(max_size=8)),
    st.one_of(st.integers(-2, 25), st.floats(0, 3), st.booleans(), st.none(), st.text(max_size=3)),
    max_size=6,
)


@SETTINGS
@given(positions, st.data())
def test_offers_as_untrusted_json(params: Params, data: st.DataObject) -> None:
    """JSON as a browser might send it: accepted exactly when it parses and lies within the
    template; the stored action is then the codec's canonical form."""
    state = seeded_position(*params)
    decision = state.decision()
    if decision.over:
        return
    player = data.draw(st.sampled_from(decision.players))
    kind = data.draw(st.sampled_from(OFFER_TYPES))
    obj = {"type": kind, "give": data.draw(json_counts), "get": data.draw(json_counts)}
    template = template_of(state, player, kind)
    try:
        action = state.game.action_from_json(obj)
    except IllegalAction:
        expect_refused(state, player, obj, via_json=True)
        return
    canonical = state.game.action_to_json(action)
    if template is not None and within(template, canonical):
        event("accepted")
        state.apply_json(player, obj)
        assert state.history[-1] == (player, action)
        assert state.game.action_from_json(state.game.action_to_json(action)) == action
    else:
        expect_refused(state, player, obj, via_json=True)
