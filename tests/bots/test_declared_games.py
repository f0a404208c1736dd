"""Each game is declared once (``ravenry.games.<game>.DECLARATION``) and every registry reads it:
the games by id, the bots by kind, the simulation extras, the renderer the browser loads."""

from __future__ import annotations

import importlib

from ravenry.bots.base import GENERIC_BOTS, bot_kinds, make_bot
from ravenry.core.registry import (
    GAME_PACKAGES,
    available_games,
    declaration,
    declarations,
    get_game,
    plugin_packages,
)
from ravenry.games.catan.rules import CATAN_ACTIONS
from ravenry.sim.extras import extras_categories, extras_function
from ravenry.web import STATIC_DIR


def test_every_listed_package_declares_one_game_under_its_engines_id() -> None:
    # The house's packages, then the installed plug-ins' (the dev install's examples/liars_dice).
    packages = [*GAME_PACKAGES, *plugin_packages()]
    declared = [importlib.import_module(p).DECLARATION for p in packages]
    assert set(available_games()) >= {d.id for d in declared}
    assert len({d.id for d in declared}) == len(packages)
    for d in declared:
        assert declaration(d.id) is d and get_game(d.id) is d.game


def test_the_bot_registry_is_the_declarations_and_the_generic_kinds() -> None:
    for d in declarations():
        assert bot_kinds(d.id) == sorted({*d.bots, *GENERIC_BOTS})
        for kind in bot_kinds(d.id):
            bot = make_bot(kind, d.id)
            if kind == "search":  # one implementation for several games, told which one
                assert getattr(bot, "game", d.id) == d.id


def test_the_extras_registry_is_the_declarations() -> None:
    for d in declarations():
        function = extras_function(d.id)
        assert (function is None) == (d.extras is None)
        if d.extras is not None:
            assert extras_categories(d.id)  # both games with extras list their usual endings


def test_every_declared_renderer_is_a_module_the_server_serves() -> None:
    for d in declarations():
        assert d.renderer is not None and d.renderer.startswith("/static/")
        module = STATIC_DIR / d.renderer.removeprefix("/static/")
        assert "export default {" in module.read_text(encoding="utf-8"), d.renderer


def test_the_codec_fields_come_from_the_table_the_dispatch_uses() -> None:
    for game_id in ("catan", "got-catan", "brotherhood"):
        game = get_game(game_id)
        actions = game.state_type.ACTIONS
        assert game.action_fields() == {kind: fields for kind, (_, fields) in actions.items()}
        assert {kind: handler for kind, (handler, _) in actions.items()} == game.state_type._HANDLERS
        assert set(CATAN_ACTIONS) <= set(actions)
    assert set(get_game("brotherhood").state_type.ACTIONS) > set(CATAN_ACTIONS)
