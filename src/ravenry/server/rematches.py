"""Rematch invites kept in the database, so that any server process can answer them.

A rematch's seat tokens are secrets kept nowhere else in clear (a seat's token is stored hashed),
so they are stored *sealed*: XOR-ed with a key stream drawn (SHAKE-256) from the deployment's
secret (``RAVENRY_SECRET``, the same for every process) and the rematch's id, which differs every
time, so no stream is used twice. Whoever reads the table without the secret learns nothing.
Without a secret (one process) rematches stay in memory, as before.
"""

from __future__ import annotations

import hashlib
import json

__all__ = ["open_sealed", "seal"]


def _xor(data: bytes, secret: str, rematch_id: str) -> bytes:
    stream = hashlib.shake_256(f"ravenry-rematch\0{rematch_id}\0{secret}".encode()).digest(len(data))
    return bytes(a ^ b for a, b in zip(data, stream, strict=True))


def seal(secret: str, rematch_id: str, seat_tokens: dict[int, str]) -> dict[str, str]:
    """The seat tokens of rematch ``rematch_id``, sealed (hex), keyed by seat."""
    plain = json.dumps({str(seat): token for seat, token in seat_tokens.items()}).encode()
    return {"v": "1", "tokens": _xor(plain, secret, rematch_id).hex()}


def open_sealed(secret: str, rematch_id: str, sealed: dict[str, str]) -> dict[int, str]:
    """The seat tokens :func:`seal` sealed (raises ValueError with another secret)."""
    plain = json.loads(_xor(bytes.fromhex(sealed["tokens"]), secret, rematch_id))
    return {int(seat): str(token) for seat, token in plain.items()}
