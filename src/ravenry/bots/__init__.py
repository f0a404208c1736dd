"""Bots that play through the same protocol as people: they see a seat's view and its legal
actions, and answer with one action. :func:`make_bot` builds one by kind name."""

from ravenry.bots.base import (
    Bot,
    UnknownBot,
    bot_from_spec,
    bot_kinds,
    bot_label,
    make_bot,
    parse_bot_spec,
    register_bot,
)

__all__ = [
    "Bot",
    "UnknownBot",
    "bot_from_spec",
    "bot_kinds",
    "bot_label",
    "make_bot",
    "parse_bot_spec",
    "register_bot",
]
