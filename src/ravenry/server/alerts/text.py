"""What an alert says, made from public things only: the seat's name (and its house, when the
public view names one), the game's name, the phase as the public (spectator's) view labels it,
the time left on the seat's clock, and the game's page as an absolute link. Never a seat token,
never anything of a hand: :func:`alert_for` reads only ``observe(None)``, what anyone watching
sees.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

__all__ = ["Alert", "alert_for", "phase_label", "time_left"]


@dataclass(frozen=True)
class Alert:
    """One alert's content, the same for every channel."""

    game_id: str
    seat: int
    who: str  # "Stark" or "Arya (Stark)"
    game_name: str
    phase: str | None
    left: float | None  # seconds left on the seat's clock, if it has one
    path: str  # /play/{id}
    reminder: bool = False

    def link(self, origin: str | None) -> str:
        return f"{(origin or '').rstrip('/')}{self.path}"

    def headline(self) -> str:
        return f"{'Reminder: y' if self.reminder else 'Y'}our move in {self.game_name}"

    def sentence(self) -> str:
        """``Stark, your move in <game>: Planning, 23 h left`` (no link)."""
        details = ", ".join(p for p in (self.phase, time_left(self.left)) if p)
        move = "still your move" if self.reminder else "your move"
        return f"{self.who}, {move} in {self.game_name}" + (f": {details}" if details else "")

    def text(self, origin: str | None) -> str:
        return f"{self.sentence()} {self.link(origin)}"


def time_left(seconds: float | None) -> str | None:
    if seconds is None:
        return None
    s = max(0, int(seconds))
    if s >= 2 * 3600:
        return f"{s // 3600} h left"
    if s >= 3600:
        return f"1 h {(s - 3600) // 60} min left"
    if s >= 60:
        return f"{s // 60} min left"
    return f"{s} s left"


def phase_label(public_view: dict[str, Any]) -> str | None:
    """The phase as the public view names it (``messenger_raven`` reads ``Messenger raven``)."""
    phase = public_view.get("phase")
    if not isinstance(phase, str) or not phase:
        return None
    text = phase.replace("_", " ").strip()
    return text[:1].upper() + text[1:]


def alert_for(
    game_id: str,
    seat: int,
    seat_name: str,
    game_name: str,
    public_view: dict[str, Any],
    left: float | None,
    reminder: bool = False,
) -> Alert:
    who = seat_name.strip() or f"Player {seat + 1}"
    houses = public_view.get("houses")
    if isinstance(houses, list) and 0 <= seat < len(houses) and isinstance(houses[seat], str):
        house = houses[seat]
        if house.casefold() != who.casefold():
            who = f"{who} ({house})"
    return Alert(game_id, seat, who, game_name, phase_label(public_view), left, f"/play/{game_id}", reminder)
