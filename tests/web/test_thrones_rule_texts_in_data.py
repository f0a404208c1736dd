"""The rules in words for `thrones` (games/thrones/texts.py): every Westeros card, order kind, house
card and wildling outcome has a display name and a text that says what it does, names are in
title case done right, the view's static board carries them all (the page's only source), and
the page's JavaScript keeps no copy of them and makes no card name out of an id."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

import ravenry
from ravenry.games.thrones import data as D
from ravenry.games.thrones import texts as T
from ravenry.games.thrones.views import board_json

JS = Path(ravenry.__file__).resolve().parent / "web" / "static" / "js"
# Words a title keeps in lower case unless it starts the title.
MINOR = {"a", "an", "and", "as", "at", "but", "by", "for", "in", "nor", "of", "on", "or", "the", "to"}


def title_case_faults(name: str) -> list[str]:
    """The words of ``name`` whose capitalisation a title gets wrong (empty: right)."""
    faults = []
    words = [w for w in name.split() if w[0].isalpha()]
    for i, word in enumerate(words):
        bare = word.strip(",.")
        if i > 0 and bare.lower() in MINOR:
            if bare != bare.lower():
                faults.append(word)
        elif not bare[0].isupper():
            faults.append(word)
    return faults


def test_the_title_case_checker() -> None:
    assert title_case_faults("Rains of Autumn") == []
    assert title_case_faults("Dark Wings, Dark Words") == []
    assert title_case_faults("A Throne of Blades") == []
    assert title_case_faults("Winter Is Coming") == []
    assert title_case_faults("March +1 ★") == []
    assert title_case_faults("Rains Of Autumn") == ["Of"]
    assert title_case_faults("feast for Crows") == ["feast"]
    assert title_case_faults("Put To the Sword") == ["To"]


def named_texts() -> list[tuple[str, str, str]]:
    """(what, display name, text) of every card, order kind and outcome."""
    west = enumerate(D.WESTEROS_NAMES)
    out = [(f"westeros {w}", T.WESTEROS_TITLES[c], T.WESTEROS_TEXT[c]) for c, w in west]
    out += [(f"order {k}", T.ORDER_TITLES[i], T.ORDER_TEXT[i]) for i, k in enumerate(D.ORDER_KIND_NAMES)]
    for house in D.HOUSE_CARDS:
        for card in house:
            text = T.ABILITY_TEXT[card.ability] or T.NO_ABILITY_TEXT
            out.append((f"house card {card.name}", card.name, text))
    out += [(f"wildlings {i}", n, t) for i, n, t in T.WILDLING_OUTCOMES]
    return out


@pytest.mark.parametrize(("what", "name", "text"), named_texts(), ids=[x[0] for x in named_texts()])
def test_every_rule_has_a_name_and_a_text(what: str, name: str, text: str) -> None:
    assert name.strip(), what
    assert len(text) > 20 and text.endswith("."), f"{what}: {text!r}"
    assert title_case_faults(name) == [], f"{what}: {name!r}"
    assert "_" not in name and "*" not in name, f"{what}: {name!r} looks like an id"


def test_every_id_has_its_entry() -> None:
    assert set(T.WESTEROS_TITLES) == set(T.WESTEROS_TEXT) == set(range(len(D.WESTEROS_NAMES)))
    assert len(T.ORDER_TITLES) == len(T.ORDER_TEXT) == D.N_ORDER_KINDS
    abilities = {c.ability for house in D.HOUSE_CARDS for c in house}
    assert abilities <= set(T.ABILITY_TEXT)
    assert all(T.ABILITY_TEXT[a] for a in abilities if a != D.NO_ABILITY)
    assert {i for i, _, _ in T.WILDLING_OUTCOMES} == {"victory", "defeat"}


def test_the_first_edition_stars() -> None:
    """What each star adds, as the 2003 rulebook has it: Consolidate Power ★ gives no extra power
    (a third Consolidate Power order), Raid ★ removes two orders, Support +1 ★ one more strength,
    March +1 ★ and Defense +2 ★ their bonus."""
    rows = zip(D.ORDER_KIND_NAMES, T.ORDER_TEXT, T.ORDER_STAR_TEXT, strict=True)
    text = {k: f"{t} {a}" for k, t, a in rows}
    assert "no extra power" in text["consolidate_power*"] and "three" in text["consolidate_power*"]
    assert "two" in text["raid*"]
    assert "1 more" in text["support+1*"]
    assert "add 1" in text["march+1*"] and "subtract 1" in text["march-1"]
    assert "add 2" in text["defense+2*"] and "add 1" in text["defense+1"]
    assert all(("★" in n) == s for n, s in zip(T.ORDER_TITLES, D.ORDER_STARRED, strict=True))
    # what a star adds is said apart, for the starred orders and only them
    assert [bool(a) for a in T.ORDER_STAR_TEXT] == list(D.ORDER_STARRED)


def test_the_board_carries_every_text() -> None:
    board: dict[str, Any] = ravenry.new_game("thrones", players=5, seed=1).observe(None)["board"]
    assert board == board_json()
    assert [c["id"] for c in board["westeros_cards"]] == board["westeros"]
    assert [k["id"] for k in board["order_kinds"]] == board["orders"]
    for c in board["westeros_cards"]:
        assert c["name"] and c["text"]
    assert [c["mammoth"] for c in board["westeros_cards"]] == [m > 0 for m in D.WESTEROS_MAMMOTHS]
    assert {o["id"] for o in board["wildling_outcomes"]} == {"victory", "defeat"}
    assert all(board["rule_notes"].values())
    for house, cards in zip(D.HOUSE_CARDS, board["cards"], strict=True):
        assert [c["text"] for c in cards] == [T.ABILITY_TEXT[c.ability] for c in house]


def test_the_javascript_keeps_no_rule_text() -> None:
    # The code, not its comments (which may name a card to say what the code does).
    comment = re.compile(r"^\s*//[^\n]*|/\*.*?\*/", re.DOTALL | re.MULTILINE)
    sources = {p.name: comment.sub("", p.read_text()) for p in JS.rglob("thrones*.js")}
    assert "thrones-help.js" in sources
    phrases = [t for _, _, t in named_texts()] + [T.MAMMOTH_TEXT, T.STAR_TEXT]
    # A sentence of any text, or a card's display name made out of an id, may not be in the JS.
    fragments = {p.split(". ")[0][:40] for p in phrases}
    names = set(T.WESTEROS_TITLES.values()) - {"Supply", "Mustering"}
    for name, src in sources.items():
        for f in fragments:
            assert f not in src, f"{name} keeps a copy of {f!r}"
        for n in names:
            assert n not in src, f"{name} names the Westeros card {n!r}"
        assert not re.search(r"westeros\w*\)?\.map\(\s*\w*[Tt]itle\b", src), name
