"""A griffe extension for the documentation site (mkdocs.yml): the docstrings' Sphinx roles
(:class:`~ravenry.core.rng.Rng`, :meth:`GameState.apply`) shown as code (`Rng`,
`GameState.apply`), as Sphinx would print them, instead of as raw role markup."""

from __future__ import annotations

import re
from typing import Any

import griffe

_ROLE = re.compile(r":(?:py:)?(?:class|meth|func|data|attr|mod|exc|obj|const):`(~?)([^`]+)`")


def _shown(match: re.Match[str]) -> str:
    tilde, target = match.groups()
    return f"`{target.rsplit('.', 1)[-1] if tilde else target}`"


class SphinxRoles(griffe.Extension):
    def on_instance(self, *, obj: griffe.Object, **kwargs: Any) -> None:
        if obj.docstring is not None:
            obj.docstring.value = _ROLE.sub(_shown, obj.docstring.value)
