"""Schemas of everything a client may send (pydantic v2): WebSocket messages and HTTP bodies.

Input is untrusted: unknown fields are refused, strings and lists are bounded, and an action's
own fields are left to the game's codec (``apply_json``), which refuses them with a reason.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, ValidationError

if TYPE_CHECKING:
    from fastapi.exceptions import RequestValidationError

MAX_MESSAGE_BYTES = 64 * 1024

ClientId = Annotated[str, Field(min_length=1, max_length=64)]


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)


class Hello(_Strict):
    t: Literal["hello"]
    token: Annotated[str, Field(max_length=200)] | None = None


class Act(_Strict):
    t: Literal["act"]
    cid: ClientId
    at: Annotated[int, Field(ge=0)] | None = None
    a: dict[str, Any]


class Ping(_Strict):
    t: Literal["ping"]


class Chat(_Strict):
    t: Literal["chat"]
    text: Annotated[str, Field(min_length=1, max_length=500)]


ClientMessage = Annotated[Hello | Act | Ping | Chat, Field(discriminator="t")]
client_message: TypeAdapter[Hello | Act | Ping | Chat] = TypeAdapter(ClientMessage)


class SeatRequest(_Strict):
    kind: Literal["human", "bot"]
    name: Annotated[str, Field(max_length=40)] | None = None
    bot: Annotated[str, Field(min_length=1, max_length=120)] | None = None


class CreateGame(_Strict):
    game: Annotated[str, Field(min_length=1, max_length=64)]
    players: Annotated[int, Field(ge=1, le=16)] | None = None
    seats: Annotated[list[SeatRequest], Field(min_length=1, max_length=16)]
    options: Annotated[dict[str, str | int | bool | float | None], Field(max_length=32)] = Field(
        default_factory=dict
    )


def validation_reason(exc: ValidationError | RequestValidationError) -> str:
    """A short reason naming the first few fields that failed, never echoing the input."""
    parts = []
    for err in exc.errors()[:5]:
        where = ".".join(str(p) for p in err.get("loc", ()) if p != "body")
        parts.append(f"{where or 'message'}: {err.get('msg', 'invalid')}")
    return "; ".join(parts) or "invalid message"
