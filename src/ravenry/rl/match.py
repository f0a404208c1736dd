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
from typing import Any

import numpy as np

from ravenry.core.protocol import Action, Decision, GameState
from ravenry.core.registry import get_game, new_game
from ravenry.observations.brotherhood_state import brotherhood_encoder_for
from ravenry.observations.catan_state import CatanStateEncoder, state_encoder_for
from ravenry.observations.lanes import AgentSeat, Lane, legal_now, observation_bytes
from ravenry.observations.thrones_state import ThronesStateEncoder, thrones_encoder_for
from ravenry.observations.turns import Seats
from ravenry.rl.catalogue import (
    INT8,
    NOT_FOR_AGENTS,
    Catalogue,
    CatalogueError,
    Mask,
    catan_family_catalogue,
    thrones_catalogue,
)
from ravenry.rl.encoding import CATAN_PHASES, Encoding, Obs, encoding_for

GAMES = ("catan", "got-catan", "brotherhood", "thrones")
DEFAULT_TURN_CAP = {"catan": 200, "got-catan": 200, "brotherhood": 200, "thrones": 10}
STEPS_PER_TURN = 500
REWARDS = ("win", "score")
# The observation box's upper bound: every encoded number is a count far below it.
OBS_HIGH = 1e6
# How numpy reads the fast paths' bytes of float32 numbers (Match.observation). (A dtype
# object: numpy parses a dtype given as a string at every call.)
FLOAT32 = np.dtype("<f4")


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
        # A first game fixes the sizes (board, seats) that every later game of this match shares.
        self.lane = self._lane(new_game(game_id, players=n, seed=0, **self.options))
        first_view = self.state.observe(0)
        self.board: Any = first_view.get("board")
        self._board_key = self.state.static_key()  # what self.board was made from (None: unknown)
        if game_id == "thrones":
            self.catalogue: Catalogue = thrones_catalogue(game.codec.fields, n)
        else:
            self.catalogue = catan_family_catalogue(game_id, game.codec.fields, first_view)
        self.encoding: Encoding = encoding_for(first_view)
        # The compiled fast path of the same encoding (None: the view encoder does the work).
        self.fast = self.new_fast_encoder()
        # Thrones' fast path: every number from the state (its encoding has no static fields).
        self.thrones = self.new_thrones_encoder()

    def new_fast_encoder(self) -> CatanStateEncoder | None:
        """A compiled fast path of a Catan-family game's encoding (None for Thrones, or when the
        view encoder must do the work); each keeps the last pieces it saw (one a game)."""
        if self.game_id == "thrones" or self.board is None:
            return None
        n_hex = len(self.board["hexes"])
        starts = self.encoding.starts()
        n, size = self.players, self.encoding.size
        encoder = brotherhood_encoder_for(
            self.state, starts, n, n_hex, CATAN_PHASES, size
        ) or state_encoder_for(self.state, starts, n, n_hex, CATAN_PHASES, size)
        if encoder is not None:
            encoder.set_static(self.static_bytes(self.board))
        return encoder

    def static_bytes(self, board: object) -> bytes:
        """The encoding's base for ``board`` (a view's board: every field 0 but the static
        ones) as float32 bytes, what a fast Catan-family encoder takes its static numbers from
        (:meth:`ravenry.observations.catan_state.CatanStateEncoder.set_static`)."""
        return self.encoding.base(board).tobytes()

    def new_thrones_encoder(self) -> ThronesStateEncoder | None:
        """Thrones' compiled fast path: every number from the state (None for another game)."""
        if self.game_id != "thrones":
            return None
        return thrones_encoder_for(self.state, self.encoding.starts(), self.players, self.encoding.size)

    # -- the game ---------------------------------------------------------------------------------
    def _lane(self, state: GameState, seats: Seats | None = None) -> Lane:
        return Lane(state, self.turn_cap, self.turn_cap * STEPS_PER_TURN, seats)

    @property
    def state(self) -> GameState:
        return self.lane.state

    @state.setter
    def state(self, state: GameState) -> None:
        """Play on from ``state`` (a test's twin of the game; the counts stay)."""
        self.lane.state = state
        self.lane.now = None

    @property
    def steps(self) -> int:
        """The actions applied in this game so far."""
        return self.lane.steps

    @property
    def truncated(self) -> bool:
        return self.lane.truncated

    def decision(self) -> Decision:
        """The state's decision now, worked out once per change of the state."""
        return self.lane.decision()

    def reset(self, seed: int, seats: Seats | None = None) -> None:
        """A new game from ``seed`` (with ``seats``: the bots of a single-agent env)."""
        self.lane = self.new_lane(seed, seats)
        if self.board is not None:
            # A variable board differs game by game: its sizes stay, its static fields follow it.
            board = self.board_of(self.state)
            if self.fast is not None:
                self.fast.set_static(self.static_bytes(board))

    def board_of(self, state: GameState) -> Any:
        """``state``'s static board (its views' ``board``), held as :attr:`board` from then on:
        the one held already when the state's static part is made from the same things
        (:meth:`GameState.static_key`: a new game on a fixed board), else one built from
        ``observe(0)``. Shared game after game: read it, don't change it."""
        key = state.static_key()
        if key is None or key != self._board_key:
            self.board = state.observe(0)["board"]
            self._board_key = key
        return self.board

    def new_lane(self, seed: int, seats: Seats | None = None) -> Lane:
        """A new game of this match's options from ``seed``, with its bookkeeping."""
        return self._lane(new_game(self.game_id, players=self.players, seed=seed, **self.options), seats)

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
        return self.lane.over()

    @property
    def done(self) -> bool:
        return self.over or self.truncated

    def apply(self, seat: int, action: Action) -> None:
        self.lane.apply(seat, action)

    def play_bots(self, agent: int) -> None:
        """Let the lane's bots act until ``agent`` must decide, the game ends or is truncated;
        the other deciders' answers to a simultaneous decision that includes the agent are
        chosen now and applied after the agent's (:meth:`Lane.play_bots`, compiled)."""
        self.lane.play_bots(agent)

    def step(self, agent: int, action: Action) -> None:
        """Apply the agent's ``action`` (legal: the caller checked), the bots' pending answers,
        then the bots' turns (:meth:`Lane.step`, compiled)."""
        self.lane.step(agent, action)

    # -- rewards ---------------------------------------------------------------------------------------
    def rewards(self) -> list[float]:
        """What each seat earns for what happened since the last call."""
        return self.lane.rewards(self.reward_kind == "score", self.shaping, self.loss_reward)

    # -- what a seat sees ---------------------------------------------------------------------------
    def view(self, seat: int) -> dict[str, Any]:
        """``observe(seat)`` without the static board (the env holds the board from ``observe``)."""
        return self.state.observe(seat, static=False)

    def observation(self, seat: int, view: Mapping[str, Any] | None = None) -> Obs:
        """``seat``'s observation (the view's encoding; from the state itself where a compiled
        fast path gives the same numbers, unless ``view`` is given)."""
        encoder = self.fast or self.thrones
        if view is not None or encoder is None:
            return self.view_observation(seat, view)
        # (each encoder writes a new bytearray: the array is writable and shares nothing)
        return np.frombuffer(observation_bytes(self.lane, seat, encoder), FLOAT32)

    def view_observation(self, seat: int, view: Mapping[str, Any] | None = None) -> Obs:
        """``seat``'s observation encoded from its view (the specification of every field)."""
        v = dict(view if view is not None else self.view(seat))
        if self.board is not None:
            v["board"] = self.board
        return self.encoding.encode(v)

    def legal(self, seat: int) -> tuple[int, ...]:
        """The catalogue indices legal for ``seat`` now, ascending (none if it need not act)."""
        catalogue = self.catalogue
        try:
            return legal_now(self.lane, seat, catalogue.action_index, NOT_FOR_AGENTS, catalogue.offers)
        except KeyError as exc:
            raise self._not_listed(exc) from None

    def _not_listed(self, error: KeyError) -> CatalogueError:
        """The error for an engine's legal action (``error``'s) that the catalogue lacks."""
        return CatalogueError(f"{self.game_id}: legal action {error.args[0]!r} is not in the catalogue")

    def agent_seat(self, seat: int) -> AgentSeat | None:
        """``seat`` as a single-agent environment's agent, compiled (what it is shown, each of
        its steps; see :meth:`agent_view`), or None where the view encoder does the work."""
        encoder = self.fast or self.thrones
        if encoder is None:
            return None
        cat = self.catalogue
        rewards = (self.reward_kind == "score", self.shaping, self.loss_reward)
        return AgentSeat(
            seat, cat.action_index, cat.actions, NOT_FOR_AGENTS, cat.offers, encoder, cat.size, rewards
        )

    def agent_view(self, seat: int, agent: AgentSeat | None = None) -> tuple[Obs, tuple[int, ...], Mask]:
        """``seat``'s observation, legal catalogue indices and mask now: what a single-agent
        environment shows after a step (one compiled call with ``agent``, the seat's
        :meth:`agent_seat`, or where the game has a fast path)."""
        if agent is None:
            agent = self.agent_seat(seat)
            if agent is None:
                legal = self.legal(seat)
                return self.observation(seat), legal, self.catalogue.mask_of(legal)
        try:
            data, legal, mask = agent.view(self.lane)
        except KeyError as exc:
            raise self._not_listed(exc) from None
        return np.frombuffer(data, FLOAT32), legal, np.frombuffer(mask, INT8)

    def agent_turn(
        self, agent: AgentSeat, chosen: int
    ) -> tuple[Obs, float, bool, bool, tuple[int, ...], Mask]:
        """Play ``agent``'s legal catalogue action ``chosen`` and the bots after it, in one
        compiled call (:meth:`ravenry.observations.lanes.AgentSeat.turn`): the observation, the
        reward, whether the game ended, whether it was truncated, the legal indices and mask."""
        try:
            reward, over, truncated, data, legal, mask = agent.turn(self.lane, chosen)
        except KeyError as exc:
            raise self._not_listed(exc) from None
        return np.frombuffer(data, FLOAT32), reward, over, truncated, legal, np.frombuffer(mask, INT8)

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
