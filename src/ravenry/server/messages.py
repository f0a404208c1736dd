"""Schemas of everything a client may send (pydantic v2): WebSocket messages and HTTP bodies.

Input is untrusted: unknown fields are refused, strings and lists are bounded, and an action's
own fields are left to the game's codec (``apply_json``), which refuses them with a reason.
"""

from __future__ import annotations

import unicodedata
from typing import TYPE_CHECKING, Annotated, Any, Literal

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, TypeAdapter, ValidationError

if TYPE_CHECKING:
    from fastapi.exceptions import RequestValidationError

MAX_MESSAGE_BYTES = 64 * 1024
CHAT_MAX_CHARS = 500  # a chat line's cap, in characters, before and after cleaning

# Format characters a chat line may keep: the zero-width (non-)joiners shape Persian, Indic
# scripts and emoji sequences. Every other format character goes, bidi overrides and isolates
# (U+202A-202E, U+2066-2069) first among them: they make a line read as something else.
_CHAT_KEPT_FORMAT = frozenset({"\u200c", "\u200d"})


def _printable(text: str) -> str:
    """Refuse control and format characters (NUL, line breaks, bidi overrides): PostgreSQL
    cannot store a NUL, and the others make a name or a log line lie about what it says."""
    for char in text:
        if unicodedata.category(char) in ("Cc", "Cf", "Cs", "Co", "Cn"):
            raise ValueError(f"control character U+{ord(char):04X} is not allowed")
    return text


def _not_reserved(cid: str) -> str:
    if cid.startswith("~"):
        raise ValueError("a cid starting with ~ is the server's own (timeouts, away seats)")
    return cid


Printable = AfterValidator(_printable)


def clean_chat_text(text: str, cap: int = CHAT_MAX_CHARS) -> str:
    """A chat line as it is stored and shown: runs of white space (line breaks and tabs among
    them) become one space; control characters (NUL, C0, C1), surrogates, private-use,
    unassigned and format characters (bidi overrides and isolates among them) are dropped; at
    most ``cap`` characters. Never raises for any ``str``; may return ``""`` (nothing to say)."""
    kept = []
    for char in " ".join(text.split()):
        category = unicodedata.category(char)
        if category[0] == "C" and not (category == "Cf" and char in _CHAT_KEPT_FORMAT):
            continue
        kept.append(char)
    # Dropping a character may leave two spaces side by side, or one at an end.
    return " ".join("".join(kept).split())[:cap].strip()


ClientId = Annotated[str, Field(min_length=1, max_length=64), Printable, AfterValidator(_not_reserved)]


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)


class Hello(_Strict):
    t: Literal["hello"]
    token: Annotated[str, Field(max_length=200)] | None = None
    # Without a token: the seat the signed-in account keeps (its session cookie says which).
    seat: Annotated[int, Field(ge=0, le=64)] | None = None


class Act(_Strict):
    t: Literal["act"]
    cid: ClientId
    at: Annotated[int, Field(ge=0)] | None = None
    a: dict[str, Any]


class Ping(_Strict):
    t: Literal["ping"]


class Takeover(_Strict):
    """The person of an away seat (a bot plays it since its clock ran out) takes it back."""

    t: Literal["takeover"]


class Chat(_Strict):
    t: Literal["chat"]
    text: Annotated[str, Field(min_length=1, max_length=CHAT_MAX_CHARS)]


class Visibility(_Strict):
    """The play page is visible or hidden now (``document.visibilityState``): a seat looking at
    its game gets no turn alert."""

    t: Literal["visibility"]
    visible: bool


class MuteChat(_Strict):
    """The host's switch for spectators' chat (``POST /api/games/{id}/chat/mute``)."""

    spectators: bool


ClientMessage = Annotated[Hello | Act | Ping | Chat | Takeover | Visibility, Field(discriminator="t")]
client_message: TypeAdapter[Hello | Act | Ping | Chat | Takeover | Visibility] = TypeAdapter(ClientMessage)


class SeatRequest(_Strict):
    kind: Literal["human", "bot"]
    name: Annotated[str, Field(max_length=40), Printable] | None = None
    bot: Annotated[str, Field(min_length=1, max_length=120), Printable] | None = None
    # The signed-in account's own seat (POST /api/games with its session cookie and CSRF token).
    me: bool = False


class CreateGame(_Strict):
    game: Annotated[str, Field(min_length=1, max_length=64)]
    players: Annotated[int, Field(ge=1, le=16)] | None = None
    seats: Annotated[list[SeatRequest], Field(min_length=1, max_length=16)]
    options: Annotated[
        dict[
            Annotated[str, Field(max_length=64)],
            Annotated[str, Field(max_length=200), Printable] | int | bool | float | None,
        ],
        Field(max_length=32),
    ] = Field(default_factory=dict)


def validation_reason(exc: ValidationError | RequestValidationError) -> str:
    """A short reason naming the first few fields that failed, never echoing the input."""
    parts = []
    for err in exc.errors()[:5]:
        where = ".".join(str(p) for p in err.get("loc", ()) if p != "body")
        parts.append(f"{where or 'message'}: {err.get('msg', 'invalid')}")
    return "; ".join(parts) or "invalid message"
