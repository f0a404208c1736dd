"""One game as the environments see it: the state, its catalogue and encoding, and rewards.

:class:`Match` is shared by the AEC, Parallel and Gymnasium environments. It talks to the game
only through the protocol (``decision``, ``legal_actions``, ``action_templates``, ``apply``,
``observe``), and builds each seat's observation from that seat's view alone.

Rewards (``reward=`` option):

- ``"win"`` (default): at the end of a finished game, +1 to each winner and ``loss_reward``
  (default -1; pass 0 for 0/1) to every other seat; 0 on every other step, and 0 to everyone
  when the game is truncated at the turn cap.
- ``"score"``: the same, plus ``shaping`` (default 0.1) times the change of the seat's own score
  since its last reward (Catan family: its victory points, hidden ones included — the seat's own;
  Thrones: its castles and strongholds).

An action the mask forbids (``illegal="penalize"``, the default) changes nothing and earns its
agent ``illegal_reward`` (default -0.1); ``illegal="raise"`` raises :class:`ValueError`.

Truncation: when a new turn would start past ``turn_cap`` (Catan family default 200 turns,
Thrones 10 rounds: the game's own end), or after ``turn_cap * 500`` actions.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, cast

import numpy as np

from ravenry.core.protocol import Action, Decision, GameState
from ravenry.core.registry import get_game, new_game
from ravenry.observations import turns
from ravenry.observations.brotherhood_state import brotherhood_encoder_for
from ravenry.observations.catan_state import state_encoder_for
from ravenry.observations.thrones_state import ThronesStateEncoder, thrones_encoder_for
from ravenry.observations.turns import Seats, bots_until_agent
from ravenry.rl.catalogue import Catalogue, Mask, catan_family_catalogue, thrones_catalogue
from ravenry.rl.encoding import CATAN_PHASES, Encoding, Obs, encoding_for

if TYPE_CHECKING:
    from ravenry.games.thrones.state import ThronesData

GAMES = ("catan", "got-catan", "brotherhood", "thrones")
DEFAULT_TURN_CAP = {"catan": 200, "got-catan": 200, "brotherhood": 200, "thrones": 10}
STEPS_PER_TURN = 500
REWARDS = ("win", "score")
# The observation box's upper bound: every encoded number is a count far below it.
OBS_HIGH = 1e6


class Match:
    """A game of ``game_id`` for ``players`` seats, restartable with a seed."""

    def __init__(
        self,
        game_id: str,
        players: int | None = None,
        turn_cap: int | None = None,
        reward: str = "win",
        loss_reward: float = -1.0,
        shaping: float = 0.1,
        illegal: str = "penalize",
        illegal_reward: float = -0.1,
        **options: Any,
    ) -> None:
        if game_id not in GAMES:
            raise ValueError(f"unknown game {game_id!r}; RL environments exist for {', '.join(GAMES)}")
        if reward not in REWARDS:
            raise ValueError(f"reward must be one of {', '.join(REWARDS)}, not {reward!r}")
        if illegal not in ("penalize", "raise"):
            raise ValueError(f"illegal must be 'penalize' or 'raise', not {illegal!r}")
        self.illegal = illegal
        self.illegal_reward = float(illegal_reward)
        game = get_game(game_id)
        n = players if players is not None else (5 if game_id == "thrones" else 4)
        if not game.min_players <= n <= game.max_players:
            raise ValueError(f"{game_id} takes {game.min_players}-{game.max_players} players, not {n}")
        self.game_id = game_id
        self.players = n
        self.turn_cap = turn_cap if turn_cap is not None else DEFAULT_TURN_CAP[game_id]
        if self.turn_cap < 1:
            raise ValueError("turn_cap must be at least 1")
        self.reward_kind = reward
        self.loss_reward = float(loss_reward)
        self.shaping = float(shaping)
        self.options = dict(options)
        self._decision: Decision | None = None
        # A first game fixes the sizes (board, seats) that every later game of this match shares.
        self.state = new_game(game_id, players=n, seed=0, **self.options)
        first_view = self.state.observe(0)
        self.board: Any = first_view.get("board")
        if game_id == "thrones":
            self.catalogue: Catalogue = thrones_catalogue(game.codec.fields, n)
        else:
            self.catalogue = catan_family_catalogue(game_id, game.codec.fields, first_view)
        self.encoding: Encoding = encoding_for(first_view)
        # The compiled fast path of the same encoding (None: the view encoder does the work).
        self._fast: Any = None
        if game_id != "thrones" and self.board is not None:
            n_hex = len(self.board["hexes"])
            starts = self.encoding.starts()
            size = self.encoding.size
            self._fast = brotherhood_encoder_for(
                self.state, starts, n, n_hex, CATAN_PHASES, size
            ) or state_encoder_for(self.state, starts, n, n_hex, CATAN_PHASES, size)
        # Thrones' fast path: every number from the state (its encoding has no static fields).
        self._thrones: ThronesStateEncoder | None = None
        if game_id == "thrones":
            self._thrones = thrones_encoder_for(self.state, self.encoding.starts(), n, self.encoding.size)
        # The fast path's run of the board's static fields and the pieces' 1s, as bytes, for
        # the pieces list the fast encoder gave (it gives the same list while they stay).
        self._pieces: list[int] | None = None
        self._middle = b""
        self.steps = 0
        self.truncated = False
        self._paid = False
        self._last_score = [0] * n

    # -- the game ---------------------------------------------------------------------------------
    @property
    def state(self) -> GameState:
        return self._state

    @state.setter
    def state(self, state: GameState) -> None:
        self._state = state
        self._decision = None

    def decision(self) -> Decision:
        """The state's decision now, worked out once per change of the state."""
        decision = self._decision
        if decision is None:
            decision = self._decision = self._state.decision()
        return decision

    def reset(self, seed: int) -> None:
        self.state = new_game(self.game_id, players=self.players, seed=seed, **self.options)
        if self.board is not None:
            # A variable board differs game by game: its sizes stay, its static fields follow it.
            self.board = self.state.observe(0)["board"]
            self._pieces = None
        self.steps = 0
        self.truncated = False
        self._paid = False
        self._last_score = list(self.state.scores())

    def deciders(self) -> tuple[int, ...]:
        """The seats that must decide now (empty when the game is over or truncated)."""
        if self.truncated:
            return ()
        return self.decision().players

    @property
    def simultaneous(self) -> bool:
        return self.decision().simultaneous

    @property
    def over(self) -> bool:
        return self.decision().result is not None

    @property
    def done(self) -> bool:
        return self.over or self.truncated

    def apply(self, seat: int, action: Action) -> None:
        self._decision = None  # (before: an illegal action raises with the state unchanged)
        state = self._state
        state.apply(seat, action)
        self.steps += 1
        if (
            state.turn_number() > self.turn_cap or self.steps >= self.turn_cap * STEPS_PER_TURN
        ) and not self.over:
            self.truncated = True

    def play_bots(self, agent: int, seats: Seats) -> list[tuple[int, Action]]:
        """Let the seats other than ``agent`` act (asked through ``seats``) until the agent
        must decide, the game ends or is truncated; returns the other deciders' answers to a
        simultaneous decision that includes the agent, chosen now, to be applied after the
        agent's (the loop is :func:`ravenry.observations.turns.bots_until_agent`, compiled)."""
        if self.truncated:
            return []
        self._decision, self.steps, self.truncated, pending = bots_until_agent(
            self._state, agent, seats, self.steps, self.turn_cap * STEPS_PER_TURN, self.turn_cap
        )
        return pending

    def step(
        self, agent: int, action: Action, pending: list[tuple[int, Action]], seats: Seats
    ) -> list[tuple[int, Action]]:
        """Apply the agent's ``action`` (legal: the caller checked), the ``pending`` answers of
        the seats still deciding, then :meth:`play_bots` (all in
        :func:`ravenry.observations.turns.step`, compiled); returns the new pending answers."""
        self._decision = None  # (before: an illegal action raises with the state unchanged)
        self._decision, self.steps, self.truncated, pending = turns.step(
            self._state,
            agent,
            action,
            pending,
            seats,
            self.steps,
            self.turn_cap * STEPS_PER_TURN,
            self.turn_cap,
        )
        return pending

    # -- what a seat sees ---------------------------------------------------------------------------
    def view(self, seat: int) -> dict[str, Any]:
        """``observe(seat)`` without the static board (the env holds the board from ``observe``)."""
        return self.state.observe(seat, static=False)

    def observation(self, seat: int, view: Mapping[str, Any] | None = None) -> Obs:
        """``seat``'s observation (the view's encoding; from the state itself where a compiled
        fast path gives the same numbers, unless ``view`` is given)."""
        fast = self._fast
        if view is None and fast is not None:
            pieces = fast.pieces(self._state)
            if pieces is not self._pieces:
                base = self.encoding.base(self.board).copy()
                base[np.array(pieces, dtype=np.intp)] = 1.0
                start, end = fast.middle
                self._pieces, self._middle = pieces, base[start:end].tobytes()
            return _vector(fast.encode(self._state, seat, self.decision(), self._middle))
        if view is None and self._thrones is not None:
            state = cast("ThronesData", self._state)  # (the encoder exists for a Thrones state only)
            return _vector(self._thrones.encode(state, seat))
        return self.view_observation(seat, view)

    def view_observation(self, seat: int, view: Mapping[str, Any] | None = None) -> Obs:
        """``seat``'s observation encoded from its view (the specification of every field)."""
        v = dict(view if view is not None else self.view(seat))
        if self.board is not None:
            v["board"] = self.board
        return self.encoding.encode(v)

    def legal(self, seat: int) -> list[int]:
        """The catalogue indices legal for ``seat`` now, ascending (none if it need not act)."""
        if self.truncated or seat not in self.decision().players:
            return []
        return self.catalogue.legal(self.state, seat)

    def mask(self, seat: int) -> Mask:
        return self.catalogue.mask_of(self.legal(seat))

    def allowed(self, seat: int, index: object) -> bool:
        """Whether catalogue ``index`` is legal for ``seat`` now; with ``illegal="raise"`` an
        illegal one raises :class:`ValueError` instead of returning False."""
        ok = isinstance(index, (int, np.integer)) and int(index) in self.legal(seat)
        if not ok and self.illegal == "raise":
            raise ValueError(f"seat {seat}: action {index!r} is not legal now (see the action_mask)")
        return ok

    def action(self, index: int) -> Action:
        return self.catalogue.action(index)

    # -- rewards ---------------------------------------------------------------------------------------
    def rewards(self) -> list[float]:
        """What each seat earns for what happened since the last call."""
        n = self.players
        out = [0.0] * n
        if self.reward_kind == "score":
            scores = self.state.scores()
            for p in range(n):
                out[p] += self.shaping * (scores[p] - self._last_score[p])
            self._last_score = list(scores)
        result = self.decision().result
        if result is not None and not self._paid:
            self._paid = True
            for p in range(n):
                out[p] += 1.0 if p in result.winners else self.loss_reward
        return out


def _vector(data: bytes) -> Obs:
    """The float32 observation whose bytes a fast path wrote (a bytearray copy: the array is
    writable and owns its numbers, shared with nothing)."""
    out: Obs = np.frombuffer(bytearray(data), dtype="<f4")
    return out
