"""Reading an HTTP request the same way in every route: its JSON body as a model (a 422 naming the
fields that failed, never echoing the input) and its ``Authorization: Bearer`` token (a 401)."""

from __future__ import annotations

from typing import TypeVar

from fastapi import Request
from pydantic import BaseModel, ValidationError

from ravenry.server.lobby import ApiError
from ravenry.server.messages import validation_reason

__all__ = ["bearer_token", "parse_body"]

M = TypeVar("M", bound=BaseModel)


def parse_body(model: type[M], body: bytes) -> M:
    """``body`` as ``model`` (an empty body is ``{}``), or a 422 with the reason."""
    try:
        return model.model_validate_json(body or b"{}")
    except ValidationError as exc:
        raise ApiError(422, "bad_request", validation_reason(exc)) from None


def bearer_token(request: Request) -> str:
    """The token of ``Authorization: Bearer TOKEN`` (a host's or a seat's), or a 401."""
    scheme, _, token = request.headers.get("authorization", "").partition(" ")
    if scheme.lower() != "bearer" or not token.strip():
        raise ApiError(401, "unauthorized", "send the host token as 'Authorization: Bearer TOKEN'")
    return token.strip()
