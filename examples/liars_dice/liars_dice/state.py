"""The rules of liar's dice: who decides, the legal actions and their refusals, what each seat
sees, and the sampler of what a seat cannot see.

Everything that changes is here, the seeded generator included: no ``random`` module, no clock,
no I/O, so the same seed and actions give the same game.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ravenry.core.protocol import JSON, Action, Decision, Event, GameState, Result
from ravenry.core.rng import Rng, make_rng, rng_from_json

if TYPE_CHECKING:
    from liars_dice.game import LiarsDiceConfig, LiarsDiceGame

FACES = 6
Bid = tuple[int, int, int]  # (bidder, count, face): "at least `count` dice show `face`"


class LiarsDiceState(GameState):
    """Each seat's cup (``dice``: its faces, sorted; empty once out), the round's bids so far
    (the last is the one to beat), whose turn it is, and the last challenge's lifted cups."""

    game: LiarsDiceGame
    config: LiarsDiceConfig

    def __init__(self, game: LiarsDiceGame, config: LiarsDiceConfig, rng: Rng) -> None:
        self.game = game
        self.config = config
        self.rng = rng
        self.history: list[tuple[int, Action]] = []
        self.dice: list[list[int]] = [[0] * config.dice for _ in range(config.players)]
        self.round = 0
        self.turn = 0
        self.bids: list[Bid] = []
        self.reveal: dict[str, JSON] | None = None  # the last challenge: every cup lifted

    # -- the round ------------------------------------------------------------------------------
    def start_round(self, starter: int) -> list[Event]:
        """Everyone still in rolls again, in secret; ``starter`` opens the bidding."""
        self.round += 1
        self.turn = starter
        self.bids = []
        events = [Event("round", {"round": self.round, "starter": starter})]
        for seat, cup in enumerate(self.dice):
            if cup:
                self.dice[seat] = sorted(self.rng.die(FACES) for _ in cup)
                events.append(
                    Event("rolled", {"seat": seat}, secret={"dice": list(self.dice[seat])}, audience=(seat,))
                )
        return events

    def total_dice(self) -> int:
        return sum(len(cup) for cup in self.dice)

    def next_seat(self, seat: int) -> int:
        """The next seat after ``seat`` that still has dice."""
        n = self.config.players
        nxt = (seat + 1) % n
        while not self.dice[nxt]:
            nxt = (nxt + 1) % n
        return nxt

    def decision(self) -> Decision:
        alive = [seat for seat, cup in enumerate(self.dice) if cup]
        if len(alive) == 1:
            return Decision((), result=Result((alive[0],), "the last player with dice", self.scores()))
        return Decision((self.turn,))

    # -- actions and refusals ---------------------------------------------------------------------
    def _legal_actions(self, player: int) -> list[Action]:
        if player != self.turn or self.decision().over:
            return []
        actions: list[Action] = [("challenge",)] if self.bids else []
        for count in range(1, self.total_dice() + 1):
            for face in range(1, FACES + 1):
                if beats(count, face, self.bids):
                    actions.append(("bid", count, face))
        return actions

    def explain_illegal(self, player: int, action: Action) -> str:
        if action[0] == "challenge":
            return "there is no bid to challenge yet: open the round with a bid"
        count, face = action[1], action[2]
        if not 1 <= face <= FACES:
            return f"a die's face is 1 to {FACES}, not {face}"
        if not 1 <= count <= self.total_dice():
            return f"a bid counts 1 to {self.total_dice()} dice (all on the table), not {count}"
        _, last_count, last_face = self.bids[-1]
        return f"a bid must beat {last_count} × {last_face}: more dice, or as many of a higher face"

    def _apply(self, player: int, action: Action) -> list[Event]:
        if action[0] == "bid":
            _, count, face = action
            self.bids.append((player, count, face))
            self.turn = self.next_seat(player)
            return [Event("bid", {"seat": player, "count": count, "face": face})]
        bidder, count, face = self.bids[-1]
        actual = sum(cup.count(face) for cup in self.dice)
        loser = player if actual >= count else bidder
        cups = [list(cup) for cup in self.dice]
        self.reveal = {"challenger": player, "bidder": bidder, "count": count, "face": face}
        self.reveal.update({"actual": actual, "loser": loser, "dice": cups})
        self.dice[loser].pop()
        events = [Event("challenge", _copy(self.reveal))]
        result = self.decision().result
        if result is not None:
            return [*events, Event("won", {"seat": result.winners[0]})]
        return events + self.start_round(loser if self.dice[loser] else self.next_seat(loser))

    # -- what each seat sees ----------------------------------------------------------------------
    def _observe(self, viewer: int | None, static: bool = True) -> dict[str, JSON]:
        result = self.decision().result
        view: dict[str, JSON] = {
            "game": self.game.id,
            "round": self.round,
            "turn": None if result else self.turn,
            "players": [{"seat": seat, "dice": len(cup)} for seat, cup in enumerate(self.dice)],
            "you": None if viewer is None else {"seat": viewer, "dice": list(self.dice[viewer])},
            "total_dice": self.total_dice(),
            "bids": [{"seat": s, "count": c, "face": f} for s, c, f in self.bids],
            "reveal": _copy(self.reveal),
            "result": result.to_json() if result else None,
        }
        if static:  # what never changes: a server sends it in the welcome only
            view["board"] = {"seats": self.config.players, "dice_each": self.config.dice, "faces": FACES}
        return view

    # -- what a seat cannot see, drawn again ----------------------------------------------------
    def _sample_hidden(self, seat: int, rng: Rng) -> LiarsDiceState:
        return self.redrawn(seat, rng)

    def redrawn(self, keep: int | None, rng: Rng) -> LiarsDiceState:
        """A copy in which every cup but ``keep``'s (None: every cup) is rolled again with
        ``rng``, and the generator of the rolls to come replaced: what that seat cannot know."""
        copy = self.clone()
        for seat, cup in enumerate(copy.dice):
            if seat != keep:
                copy.dice[seat] = sorted(rng.die(FACES) for _ in cup)
        copy.rng = make_rng(self.config.rng, rng.next_u32() << 32 | rng.next_u32())
        return copy

    # -- copies and JSON ------------------------------------------------------------------------
    def clone(self) -> LiarsDiceState:
        copy = LiarsDiceState(self.game, self.config, self.rng.copy())
        copy.history = list(self.history)
        copy.dice = [list(cup) for cup in self.dice]
        copy.round, copy.turn, copy.bids = self.round, self.turn, list(self.bids)
        copy.reveal = _copy(self.reveal)
        return copy

    def to_json(self, history: bool = True) -> dict[str, JSON]:
        out: dict[str, JSON] = {
            "game": self.game.id,
            "config": self.config.to_json(),
            "rng": self.rng.to_json(),
            "dice": [list(cup) for cup in self.dice],
            "round": self.round,
            "turn": self.turn,
            "bids": [list(bid) for bid in self.bids],
            "reveal": _copy(self.reveal),
        }
        if history:
            out["history"] = [[p, self.game.action_to_json(a)] for p, a in self.history]
        return out

    @classmethod
    def from_json(cls, game: LiarsDiceGame, config: LiarsDiceConfig, obj: Any) -> LiarsDiceState:
        state = cls(game, config, rng_from_json(obj["rng"]))
        state.dice = [[int(d) for d in cup] for cup in obj["dice"]]
        state.round, state.turn = int(obj["round"]), int(obj["turn"])
        state.bids = [(int(s), int(c), int(f)) for s, c, f in obj["bids"]]
        state.reveal = _copy(obj["reveal"])
        state.history = [(int(p), game.action_from_json(a)) for p, a in obj.get("history", [])]
        return state

    def turn_number(self) -> int:
        return self.round

    def scores(self) -> tuple[int, ...]:
        return tuple(len(cup) for cup in self.dice)


def beats(count: int, face: int, bids: list[Bid]) -> bool:
    """Whether "``count`` × ``face``" may follow ``bids``: more dice, or as many of a higher face."""
    if not bids:
        return True
    _, last_count, last_face = bids[-1]
    return count > last_count or (count == last_count and face > last_face)


def _copy(reveal: JSON) -> Any:
    """A deep copy of the JSON of a reveal (None stays None)."""
    if reveal is None:
        return None
    return {k: [list(cup) for cup in v] if k == "dice" else v for k, v in reveal.items()}
