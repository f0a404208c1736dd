"""The games, each declared once: :class:`GameDeclaration` and the one list of game packages.

A game package declares itself in its ``__init__.py`` as ``DECLARATION``: its engine (the
:class:`~ravenry.core.protocol.Game`, which holds the rules, the options with their descriptions
and the action codec), its bots by kind, its simulation extras and its web renderer. Every other
registry is derived from these declarations: the games by id here (:func:`get_game`,
:func:`available_games`), the bots by kind (:mod:`ravenry.bots.base`), the simulation extras
(:mod:`ravenry.sim.extras`), the renderer a game page loads (the server's listing and welcome).
Bots and extras live in layers above the games, so a declaration names them as
``"module:attribute"`` strings, imported only when asked for (as entry points are).

:data:`GAME_PACKAGES` is the only list of the house's games; a game of its own package (a
plug-in) is found through the entry-point group :data:`PLUGIN_GROUP` of the distribution that
installs it (``examples/liars_dice`` is one). The core imports them on first use, never eagerly:
the house's games in order, then the plug-ins by entry-point name.
"""

from __future__ import annotations

import importlib
import secrets
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Final

from ravenry.core.errors import describe

if TYPE_CHECKING:
    from ravenry.core.protocol import Game, GameState

# The packages that declare the games (each holds a ``DECLARATION``): the one list of games.
GAME_PACKAGES: Final = (
    "ravenry.games.catan",
    "ravenry.games.got_catan",
    "ravenry.games.brotherhood",
    "ravenry.games.thrones",
)
# The entry-point group through which an installed distribution adds games: each entry point
# names a package holding a ``DECLARATION`` (``liars-dice = "liars_dice"`` in its pyproject.toml's
# ``[project.entry-points."ravenry.games"]``), or ``"module:attribute"`` for another name.
PLUGIN_GROUP: Final = "ravenry.games"


@dataclass(frozen=True)
class GameDeclaration:
    """One game, everything the platform needs to know about it.

    ``game``: the engine. ``bots``: bot kind → ``"module:factory"`` of its implementation for
    this game (bots that play every game, such as ``random``, are :mod:`ravenry.bots.base`'s
    own). ``extras``: ``"module:attribute"`` of its simulation extras
    (:class:`~ravenry.sim.extras.ExtrasSpec`), or None. ``renderer``: the URL of the JS module
    whose default export draws it (the browser loads the renderer the server names).
    ``seats``: for a table of n players, what each seat is (``name``, ``fill`` and ``ink``
    colours), where the game gives seats an identity of its own (a house); None: plain seats.
    ``chapter``: the part of the game a state is in ("Turn 12", "Round 3 · Westeros"), which a
    replay jumps between, alone or with the seat it belongs to (``("Turn 12", 2)``: whose turn
    it is); None: no chapters. ``action_facts``: what the page is told of each action kind
    beyond its fields (kind → JSON facts, such as the phases that take it), which
    :meth:`action_kinds` adds; None: nothing beyond the fields."""

    game: Game[Any, Any]
    bots: Mapping[str, str] = field(default_factory=dict)
    extras: str | None = None
    renderer: str | None = None
    seats: Callable[[int], list[dict[str, str]]] | None = None
    chapter: Callable[[Any], str | tuple[str, int | None]] | None = None
    action_facts: Callable[[], Mapping[str, Mapping[str, Any]]] | None = None

    def action_kinds(self) -> dict[str, dict[str, Any]]:
        """Every action kind of the game's codec, with what the page is told of it: its fields'
        names in order, and the game's ``action_facts``. ``/api/meta`` carries it, so a page
        names the kinds the server lists instead of a copy of its own."""
        facts = self.action_facts() if self.action_facts is not None else {}
        return {
            kind: {"fields": [name for name, _ in spec], **facts.get(kind, {})}
            for kind, spec in self.game.codec.fields.items()
        }

    @property
    def id(self) -> str:
        game_id: str = self.game.id
        return game_id


_DECLARATIONS: dict[str, GameDeclaration] = {}
_imported: set[str] = set()  # the packages of GAME_PACKAGES read so far
_registered: set[str] = set()  # the games added by register
_plugins: tuple[str, ...] | None = None  # the plug-ins' references, read once (plugin_packages)


def plugin_packages() -> tuple[str, ...]:
    """What the installed distributions' entry points of :data:`PLUGIN_GROUP` name (a package,
    or ``"module:attribute"``), by entry-point name; read from the metadata once."""
    global _plugins
    if _plugins is None:
        from importlib.metadata import entry_points

        found = sorted(entry_points(group=PLUGIN_GROUP), key=lambda ep: ep.name)
        _plugins = tuple(ep.value.strip() for ep in found)
    return _plugins


def _declared_by(reference: str) -> GameDeclaration:
    """The declaration a package (its ``DECLARATION``) or a ``"module:attribute"`` names."""
    module, _, attribute = reference.partition(":")
    declared = getattr(importlib.import_module(module), attribute or "DECLARATION", None)
    if not isinstance(declared, GameDeclaration):
        raise TypeError(
            f"{reference!r} declares no game: its {attribute or 'DECLARATION'} is not a GameDeclaration"
        )
    return declared


def _load_packages(until: object = None) -> None:
    """Read the packages' declarations in order (:data:`GAME_PACKAGES`, then the plug-ins),
    stopping once ``until`` (a game id) is declared: looking up one game imports no game listed
    after it."""
    for package in (*GAME_PACKAGES, *plugin_packages()):
        if until is not None and until in _DECLARATIONS:
            return
        if package in _imported:
            continue
        declared = _declared_by(package)
        _DECLARATIONS.setdefault(declared.id, declared)
        _imported.add(package)


def register(game: Game[Any, Any] | GameDeclaration) -> str:
    """Add a game that is not in :data:`GAME_PACKAGES` (a test's, or a plug-in's that is not
    installed with an entry point), returning its id:
    a bare engine is declared with no bots of its own, no extras and no renderer."""
    declaration = game if isinstance(game, GameDeclaration) else GameDeclaration(game)
    _DECLARATIONS[declaration.id] = declaration
    _registered.add(declaration.id)
    return declaration.id


def unregister(game_id: str) -> None:
    """Take back a game added by :func:`register` (a test's game must not outlive the test: a
    lobby in the same process would offer it); a game of :data:`GAME_PACKAGES` it replaced
    comes back."""
    if game_id in _registered:
        _registered.discard(game_id)
        del _DECLARATIONS[game_id]
        _imported.clear()  # read the packages again at the next lookup (setdefault keeps the rest)


@contextmanager
def registered(game: Game[Any, Any] | GameDeclaration) -> Iterator[str]:
    """:func:`register` ``game`` for the ``with`` block only, yielding its id; it is taken back
    (:func:`unregister`) however the block ends."""
    game_id = register(game)
    try:
        yield game_id
    finally:
        unregister(game_id)


def declaration(game_id: str) -> GameDeclaration:
    """The declaration of ``game_id``; :class:`KeyError` with the known ids if there is none."""
    if type(game_id) is not str or game_id not in _DECLARATIONS:
        _load_packages(until=game_id if type(game_id) is str else None)
    if type(game_id) is not str or game_id not in _DECLARATIONS:
        raise KeyError(f"unknown game {describe(game_id)}; known: {', '.join(sorted(_DECLARATIONS))}")
    return _DECLARATIONS[game_id]


def declarations() -> list[GameDeclaration]:
    """Every declared game, by id."""
    _load_packages()
    return [_DECLARATIONS[game_id] for game_id in sorted(_DECLARATIONS)]


def available_games() -> list[str]:
    return [d.id for d in declarations()]


def get_game(game_id: str) -> Game[Any, Any]:
    return declaration(game_id).game


def load_reference(reference: str) -> Any:
    """The object a declaration names as ``"package.module:attribute"``, its module imported now."""
    module, _, attribute = reference.partition(":")
    return getattr(importlib.import_module(module), attribute)


def fresh_seed() -> int:
    """A seed no one can guess: 64 bits from the operating system's generator. Only the API
    boundary draws one (``make_config``/``new_game`` without a seed); the config records it."""
    return secrets.randbits(64)


def new_game(game_id: str, players: object = 4, seed: object = None, **options: Any) -> GameState:
    """A new game; ``seed=None`` (the default) draws a fresh one (:func:`fresh_seed`).
    Options of the wrong type are refused with ``MalformedAction``."""
    game = get_game(game_id)
    state: GameState = game.new_state(game.make_config(players=players, seed=seed, **options))
    return state
