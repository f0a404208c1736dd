"""What one client may cost the server: the limits (:class:`Limits`, every one a setting of
``ravenry serve`` and of ``create_app``) and the token buckets that enforce them, per connection
and per client address.

A client that reconnects whenever it is closed starts a new connection, not a new address, so
every rate that matters is also counted per address (the ASGI ``client`` host; behind a reverse
proxy uvicorn takes it from ``X-Forwarded-For`` when ``--forwarded-allow-ips`` names the proxy).
A limit of 0 means "no limit" (the load benchmark and some tests use that).
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field, fields
from urllib.parse import urlsplit


@dataclass(frozen=True)
class Limits:
    rate: float = field(default=20.0, metadata={"help": "messages a second per connection"})
    address_rate: float = field(
        default=40.0, metadata={"help": "messages a second per client address, all its sockets together"}
    )
    connections_per_address: int = field(
        default=16, metadata={"help": "sockets open at once from one address"}
    )
    connects_per_minute: float = field(
        default=60.0, metadata={"help": "new sockets a minute per address (bursts of that many)"}
    )
    flood_cooldown: float = field(
        default=10.0,
        metadata={"help": "seconds an address closed for flooding may not open a socket (refused unopened)"},
    )
    chat_per_minute: float = field(default=20.0, metadata={"help": "chat lines a minute per address"})
    sign_ins_per_minute: float = field(
        default=10.0,
        metadata={"help": "sign-in and sign-up attempts a minute per address (bursts of that many)"},
    )
    sign_ins_per_account: float = field(
        default=20.0, metadata={"help": "sign-in attempts an hour for one account name (bursts of a quarter)"}
    )
    spectator_chat_per_minute: float = field(
        default=30.0, metadata={"help": "chat lines a minute from all spectators of one game"}
    )
    creates_per_hour: float = field(
        default=60.0, metadata={"help": "games (rematches included) an address may create an hour"}
    )
    open_game_ttl: float = field(
        default=24 * 3600.0, metadata={"help": "seconds a game may stay open (not every person came)"}
    )
    presence_delay: float = field(
        default=1.0, metadata={"help": "seconds presence changes are gathered before one broadcast"}
    )
    header_timeout: float = field(
        default=10.0, metadata={"help": "seconds a client has to send a whole request head"}
    )
    keep_alive: float = field(
        default=5.0, metadata={"help": "seconds an idle keep-alive HTTP connection stays open"}
    )
    public_origin: str | None = field(
        default=None, metadata={"help": "e.g. https://ravenry.example.org: the pages' own address"}
    )
    check_origin: bool | None = field(
        default=None, metadata={"help": "WebSocket/POST Origin must be public_origin (None: iff set)"}
    )

    def __post_init__(self) -> None:
        for limit in fields(self):
            value = getattr(self, limit.name)
            if isinstance(value, int | float) and not isinstance(value, bool) and value < 0:
                raise ValueError(f"the limit {limit.name} must not be negative")
        if self.public_origin is not None:
            parts = urlsplit(self.public_origin)
            if parts.scheme not in ("http", "https") or not parts.netloc or parts.path not in ("", "/"):
                raise ValueError(
                    f"the public address {self.public_origin!r} must look like https://host[:port]"
                )

    @property
    def origin(self) -> str | None:
        """``public_origin`` as browsers send it in ``Origin`` (scheme://host[:port], lower case)."""
        if self.public_origin is None:
            return None
        parts = urlsplit(self.public_origin)
        return f"{parts.scheme}://{parts.netloc}".lower()

    @property
    def origin_checked(self) -> bool:
        return self.origin is not None if self.check_origin is None else self.check_origin


def limit_settings() -> list[tuple[str, object, str]]:
    """(name, default, help) of every limit: what ``ravenry serve`` offers as flags."""
    return [(f.name, f.default, str(f.metadata.get("help", ""))) for f in fields(Limits)]


class TokenBucket:
    """``rate`` tokens a second, holding at most ``burst``; a rate of 0 never refuses."""

    def __init__(self, rate: float, burst: float) -> None:
        self.rate = rate
        self.burst = max(burst, 1.0)
        self.tokens = self.burst
        self.last = time.monotonic()
        self.strikes = 0  # refusals in a row

    def allow(self, cost: float = 1.0) -> bool:
        if self.rate <= 0:
            return True
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.last) * self.rate)
        self.last = now
        if self.tokens >= cost:
            self.tokens -= cost
            self.strikes = 0
            return True
        self.strikes += 1
        return False

    def idle(self) -> bool:
        """Full again (nothing to remember about this client)."""
        now = time.monotonic()
        return self.rate <= 0 or self.tokens + (now - self.last) * self.rate >= self.burst


@dataclass
class AddressState:
    messages: TokenBucket
    connects: TokenBucket
    chat: TokenBucket
    creates: TokenBucket
    sign_ins: TokenBucket
    open_sockets: int = 0
    flooding_until: float = 0.0  # time.monotonic() until which its sockets are refused unopened

    def flooding(self) -> bool:
        return self.flooding_until > time.monotonic()


@dataclass
class AddressBook:
    """The per-address buckets, forgotten again once an address is quiet (bounded memory)."""

    limits: Limits
    addresses: dict[str, AddressState] = field(default_factory=dict)

    def get(self, address: str) -> AddressState:
        state = self.addresses.get(address)
        if state is None:
            if len(self.addresses) > 10_000:
                self._forget_quiet()
            limits = self.limits
            state = AddressState(
                messages=TokenBucket(limits.address_rate, limits.address_rate),
                connects=TokenBucket(limits.connects_per_minute / 60, limits.connects_per_minute),
                chat=TokenBucket(limits.chat_per_minute / 60, max(limits.chat_per_minute / 4, 1)),
                creates=TokenBucket(limits.creates_per_hour / 3600, max(limits.creates_per_hour / 6, 1)),
                sign_ins=TokenBucket(limits.sign_ins_per_minute / 60, limits.sign_ins_per_minute),
            )
            self.addresses[address] = state
        return state

    def flooding(self, address: str) -> bool:
        """Whether ``address`` was closed for flooding a moment ago (its sockets are refused)."""
        state = self.addresses.get(address)
        return state is not None and state.flooding()

    def _forget_quiet(self) -> None:
        for address, state in list(self.addresses.items()):
            buckets = (state.messages, state.connects, state.chat, state.creates, state.sign_ins)
            if state.open_sockets == 0 and not state.flooding() and all(b.idle() for b in buckets):
                del self.addresses[address]


def client_address(scope_client: tuple[str, int] | None) -> str:
    return scope_client[0] if scope_client else "unknown"
