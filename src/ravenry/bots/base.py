"""What a bot is (:class:`Bot`) and the registry of bot kinds by name (:func:`make_bot`).

A bot sees only what its seat may see: the JSON-ready view from ``state.observe(seat)``, the
legal actions of that seat, the seat's action templates if it asks for them (the parametric
actions, such as domestic trade offers, that legal lists do not enumerate), and its own seeded
:class:`~ravenry.core.rng.Rng`; a searching bot may also ask for sampled states consistent with
what its seat has seen (:class:`Sampler`, never the true state). It never receives the state
object: :func:`bot_decide` (and the :class:`BotSeat` it uses, which the simulation runner keeps
per seat) is the one way to ask it.
Which bots play a game is part of the game's one declaration
(:class:`~ravenry.core.registry.GameDeclaration`: kind → ``"module:factory"``, ``greedy`` and
``search`` playing each game its own way); :data:`GENERIC_BOTS` are the kinds that play every
game (``random``). :func:`make_bot` and :func:`bot_kinds` read both, importing a bot's module
only when it is asked for; :func:`register_bot` adds a kind at run time (tests, plug-ins).
"""

from __future__ import annotations

import functools
import inspect
from collections.abc import Callable, Sequence
from typing import Any, Final, Protocol, cast, runtime_checkable

from ravenry.core.protocol import Action, GameState
from ravenry.core.registry import declaration, declarations, load_reference
from ravenry.core.rng import Rng
from ravenry.core.templates import JSONAction, Template

View = dict[str, Any]  # the JSON-ready dict from state.observe(seat)
BotFactory = Callable[..., "Bot"]


@runtime_checkable
class Bot(Protocol):
    """Chooses one of ``legal`` for the seat the ``view`` belongs to.

    Optional attributes let a runner skip work (see :func:`excluded_actions`,
    :func:`bot_uses_view` and :func:`bot_uses_templates`): ``excluded_actions: frozenset[str]``,
    action types the bot never chooses (``legal`` then omits them unless nothing else is legal,
    and no template of them is given); ``uses_view: bool`` (``False``: the bot ignores the view,
    and may be given an empty dict); ``uses_templates: bool`` (``True``: the bot is a
    :class:`TemplateBot`, asked with the seat's action templates too). The answer is one of
    ``legal``, or (from a :class:`TemplateBot`) the JSON of a concrete action within a template.
    """

    def act(self, view: View, legal: Sequence[Action], rng: Rng) -> Action | JSONAction: ...


class TemplateBot(Protocol):
    """A bot that declares ``uses_templates = True``: it is also shown the seat's action
    templates (:mod:`ravenry.core.templates`) and may answer with the JSON of a concrete action
    within one (``{"type": "offer_trade", "give": {...}, "get": {...}}``) instead of a tuple."""

    def act(
        self, view: View, legal: Sequence[Action], rng: Rng, templates: Sequence[Template]
    ) -> Action | JSONAction: ...


class Sampler:
    """What a searching bot may ask of the game beyond its view: full states consistent with
    what its seat has seen (:meth:`~ravenry.core.protocol.GameState.sample_hidden`), each drawn
    with the generator the bot passes. A bot declares ``uses_sampler = True`` to be given one
    (as the ``sample`` argument of ``act``); the samples are determinizations to search on,
    never the true state, and the no-peeking tests check that they reveal nothing."""

    __slots__ = ("_state", "seat")

    def __init__(self, state: GameState, seat: int) -> None:
        self._state = state
        self.seat = seat

    def __call__(self, rng: Rng) -> GameState:
        return self._state.sample_hidden(self.seat, rng)


class SamplerBot(Protocol):
    """A bot that declares ``uses_sampler = True`` (and ``uses_templates = True``): asked with
    the seat's templates and a :class:`Sampler` too."""

    def act(
        self, view: View, legal: Sequence[Action], rng: Rng, templates: Sequence[Template], sample: Sampler
    ) -> Action | JSONAction: ...


def bot_uses_sampler(bot: Bot) -> bool:
    """Whether ``bot`` searches on sampled states (no, unless it declares ``uses_sampler = True``)."""
    return bool(getattr(bot, "uses_sampler", False))


def excluded_actions(bot: Bot) -> frozenset[str]:
    """The action types ``bot`` never chooses (none, unless it declares ``excluded_actions``)."""
    excluded: frozenset[str] = getattr(bot, "excluded_actions", frozenset())
    return excluded if isinstance(excluded, frozenset) else frozenset(excluded)


def bot_uses_view(bot: Bot) -> bool:
    """Whether ``bot`` reads its view (yes, unless it declares ``uses_view = False``)."""
    return bool(getattr(bot, "uses_view", True))


def bot_uses_templates(bot: Bot) -> bool:
    """Whether ``bot`` wants the action templates (no, unless it declares ``uses_templates = True``)."""
    return bool(getattr(bot, "uses_templates", False))


class BotSeat:
    """A bot and what it declares it needs, read once: asks it for a seat's choice (see
    :func:`bot_decide`). The simulation runner keeps one per seat."""

    __slots__ = ("bot", "exclude", "uses_sampler", "uses_templates", "uses_view")

    def __init__(self, bot: Bot) -> None:
        self.bot = bot
        self.exclude = excluded_actions(bot)
        self.uses_view = bot_uses_view(bot)
        self.uses_sampler = bot_uses_sampler(bot)
        self.uses_templates = bot_uses_templates(bot) or self.uses_sampler

    def decide(self, state: GameState, seat: int, rng: Rng) -> Action:
        exclude = self.exclude
        legal = state.legal_actions(seat, exclude)
        if not legal and exclude:
            legal = state.legal_actions(seat)
        if not self.uses_templates:  # nor a sampler (it comes with templates): the simulator's common case
            if len(legal) > 1:
                plain = self.bot.act(state.observe(seat) if self.uses_view else {}, legal, rng)
                return state.game.action_from_json(plain) if isinstance(plain, dict) else plain
            if legal:
                return legal[0]
            raise ValueError(f"seat {seat} has no legal action now")
        templates: list[Template] = []
        if self.uses_templates:
            templates = [t for t in state.action_templates(seat) if t["type"] not in exclude]
        if not legal and not templates:
            raise ValueError(f"seat {seat} has no legal action now")
        if len(legal) == 1 and not templates:
            return legal[0]
        view = state.observe(seat) if self.uses_view else {}
        # legal_actions() hands out a new list each call: the bot may keep or change it.
        if self.uses_sampler:
            choice = cast(SamplerBot, self.bot).act(view, legal, rng, templates, Sampler(state, seat))
        elif self.uses_templates:
            choice = cast(TemplateBot, self.bot).act(view, legal, rng, templates)
        else:
            choice = self.bot.act(view, legal, rng)
        # A concrete action within a template comes as JSON: the game's codec reads it (and
        # apply() judges it like any action).
        return state.game.action_from_json(choice) if isinstance(choice, dict) else choice


class UnknownBot(KeyError):
    """No bot of that kind exists for that game. ``str()`` gives a readable reason."""

    def __str__(self) -> str:
        return str(self.args[0])


# Kinds that play every game through the legal actions alone: kind → "module:factory".
GENERIC_BOTS: Final = {"random": "ravenry.bots.random_bot:RandomBot"}

# Kinds added at run time by register_bot: (kind, game id or None for every game) → factory.
_BOTS: dict[tuple[str, str | None], BotFactory] = {}


def register_bot(kind: str, factory: BotFactory, games: Sequence[str] | None = None) -> None:
    """Add ``factory`` as bot ``kind`` for ``games`` (``None``: for every game), beside the
    declared ones (a test's or plug-in's bot; the built-in bots are declared by their games)."""
    if games is None:
        _BOTS[(kind, None)] = factory
    for game_id in games or ():
        _BOTS[(kind, game_id)] = factory


def _declared_bots(game_id: str) -> dict[str, str]:
    try:
        return {**GENERIC_BOTS, **declaration(game_id).bots}
    except KeyError:
        return dict(GENERIC_BOTS)


def bot_kinds(game_id: str | None = None) -> list[str]:
    """Every kind (that can play ``game_id``, if given)."""
    if game_id is None:
        declared = {kind for d in declarations() for kind in d.bots} | set(GENERIC_BOTS)
    else:
        declared = set(_declared_bots(game_id))
    added = {k for k, g in _BOTS if game_id is None or g is None or g == game_id}
    return sorted(declared | added)


def make_bot(kind: str, game_id: str, **options: Any) -> Bot:
    """A new bot of ``kind`` for ``game_id``, made by ``factory(**options)``; a factory with a
    ``game`` parameter (one implementation for several games) is also told ``game=game_id``.
    Unknown options raise :class:`TypeError`."""
    factory, options = _factory_for(kind, game_id, options)
    bot: Bot = factory(**options)
    return bot


def _factory_for(kind: str, game_id: str, options: dict[str, Any]) -> tuple[BotFactory, dict[str, Any]]:
    """The factory of bot ``kind`` for ``game_id`` and the options to call it with (``game``
    added for a factory that takes it); :class:`UnknownBot` if there is no such kind."""
    factory = _BOTS.get((kind, game_id)) or _BOTS.get((kind, None))
    if factory is None:
        reference = _declared_bots(game_id).get(kind)
        if reference is None:
            known = ", ".join(bot_kinds(game_id)) or "none"
            raise UnknownBot(f"no bot {kind!r} for game {game_id!r}; known: {known}")
        factory = load_reference(reference)
        if _takes_game(factory):
            options = {**options, "game": game_id}
    return factory, options


@functools.cache
def _takes_game(factory: Callable[..., Bot]) -> bool:
    """Whether a bot factory has a ``game`` parameter (asked once a factory: an environment
    makes its bots anew for every game, and ``inspect.signature`` costs more than a game's
    set-up)."""
    return "game" in inspect.signature(factory).parameters


def bot_decide(bot: Bot, state: GameState, seat: int, rng: Rng) -> Action:
    """``bot``'s choice for ``seat`` now, shown only that seat's view, legal actions and (if it
    asks for them) action templates: the one way a server, the simulation runner or any caller
    holding the state asks a bot. A single legal action (and no template) is taken without
    asking. Always an action tuple (a bot's JSON answer is read with the game's codec, which
    raises :class:`~ravenry.core.errors.IllegalAction` on junk). Raises :class:`ValueError` if
    the seat has nothing to decide."""
    return BotSeat(bot).decide(state, seat, rng)


def argmax(actions: Sequence[Action], score: Callable[[Action], float]) -> Action:
    """The best-scoring action; the earliest on a tie, so a bot's choices are reproducible."""
    best = actions[0]
    best_score = score(best)
    for a in actions[1:]:
        s = score(a)
        if s > best_score:
            best, best_score = a, s
    return best


def bot_label(bot: Bot | str) -> str:
    """The kind name a bot reports in summaries (its ``kind`` attribute, else its class name)."""
    if isinstance(bot, str):
        return bot
    kind = getattr(bot, "kind", None)
    return kind if isinstance(kind, str) else type(bot).__name__


def parse_bot_spec(spec: str) -> tuple[str, dict[str, Any]]:
    """``"random:offers=false:offer_rate=0.1"`` → ``("random", {"offers": False, "offer_rate": 0.1})``."""
    kind, *parts = spec.strip().split(":")
    options: dict[str, Any] = {}
    for part in parts:
        key, sep, text = part.partition("=")
        if not sep or not key:
            raise ValueError(f"bot option {part!r} in {spec!r} must look like name=value")
        options[key.strip()] = _option_value(text.strip())
    if not kind:
        raise ValueError(f"bot spec {spec!r} has no kind")
    return kind, options


def bot_from_spec(spec: str, game_id: str) -> Bot:
    """A bot from a spec such as ``greedy`` or ``random:offers=false``; bad options raise
    :class:`ValueError` with a readable reason."""
    kind, options = parse_bot_spec(spec)
    factory, options = _factory_for(kind, game_id, options)
    return _made(kind, factory, options)


def bot_factory(spec: str, game_id: str) -> Callable[[], Bot]:
    """What makes a new bot of ``spec`` each call (see :func:`bot_from_spec`), the spec read
    and the factory found once: an RL environment makes its bots anew for every game. A bad
    spec raises here, as :func:`bot_from_spec` does (one bot is made to check the options)."""
    kind, options = parse_bot_spec(spec)
    factory, options = _factory_for(kind, game_id, options)
    _made(kind, factory, options)
    return functools.partial(factory, **options)


def _made(kind: str, factory: BotFactory, options: dict[str, Any]) -> Bot:
    try:
        bot: Bot = factory(**options)
    except TypeError as exc:
        raise ValueError(f"bad options for bot {kind!r}: {exc}") from None
    return bot


def _option_value(text: str) -> Any:
    lowered = text.lower()
    if lowered in ("true", "yes", "on"):
        return True
    if lowered in ("false", "no", "off"):
        return False
    for convert in (int, float):
        try:
            return convert(text)
        except ValueError:
            pass
    return text
