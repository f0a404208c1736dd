"""Optional accounts (issue 31 §1): sign-up and sign-in by username and password, a session
cookie, and what guards them. Playing by invite link needs none of this.

- Passwords are hashed with Argon2id (argon2-cffi, OWASP's parameters below); a sign-in for a
  name nobody has checks the password against a hash made for the purpose, so that "no such
  user" and "wrong password" get the same answer in about the same time.
- A session is a random id in an HttpOnly, SameSite=Lax cookie (Secure when the public origin is
  https); the database keeps only its SHA-256. Each sign-in makes a new one.
- Every change made with the cookie (sign-out, password, deletion) must carry the session's CSRF
  token in ``X-CSRF-Token``, which only the site's own pages can read (from the JSON answers).
- Sign-in attempts are limited per address and per account name.

The routes are in ravenry.server.account_routes, the tables and queries in account_store.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
import unicodedata
from dataclasses import dataclass, field
from typing import Final

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError

from ravenry.server.limits import TokenBucket

__all__ = [
    "COOKIE",
    "CSRF_HEADER",
    "Passwords",
    "SignInLimits",
    "check_password_rules",
    "csrf_matches",
    "new_session_id",
    "session_hash",
    "username_key",
]

COOKIE: Final = "ravenry_session"
CSRF_HEADER: Final = "x-csrf-token"
SESSION_DAYS: Final = 30
USERNAME_MIN, USERNAME_MAX = 3, 32
PASSWORD_MIN, PASSWORD_MAX = 8, 256
# OWASP's Argon2id setting (19 MiB, 2 passes, 1 lane): about 30 ms a hash on this machine.
ARGON2_MEMORY_KIB, ARGON2_TIME, ARGON2_LANES = 19 * 1024, 2, 1


def username_key(username: str) -> str | None:
    """The name as it is compared (NFKC, case-folded), or None if it is not a valid name:
    3 to 32 letters, digits, ``_``, ``-`` or ``.``."""
    name = unicodedata.normalize("NFKC", username).strip()
    if not USERNAME_MIN <= len(name) <= USERNAME_MAX:
        return None
    if not all(ch.isalnum() or ch in "_-." for ch in name):
        return None
    return name.casefold()


def check_password_rules(password: str) -> str | None:
    """Why a new password is refused, or None."""
    if len(password) < PASSWORD_MIN:
        return f"a password needs at least {PASSWORD_MIN} characters"
    if len(password) > PASSWORD_MAX:
        return f"a password may hold at most {PASSWORD_MAX} characters"
    return None


class Passwords:
    """Argon2id hashing, with a stand-in hash for names nobody has."""

    def __init__(self) -> None:
        self.hasher = PasswordHasher(
            memory_cost=ARGON2_MEMORY_KIB, time_cost=ARGON2_TIME, parallelism=ARGON2_LANES
        )
        self._stand_in = self.hasher.hash(secrets.token_urlsafe(16))

    def hash(self, password: str) -> str:
        return self.hasher.hash(password)

    def verify(self, password_hash: str | None, password: str) -> bool:
        """Whether ``password`` is the one hashed; with no hash (no such account) the work is
        done against the stand-in, and the answer is False."""
        try:
            ok = self.hasher.verify(password_hash or self._stand_in, password)
        except (VerificationError, InvalidHashError):
            return False
        return ok and password_hash is not None


def new_session_id() -> str:
    return secrets.token_urlsafe(32)


def session_hash(session_id: str) -> str:
    return hashlib.sha256(session_id.encode()).hexdigest()


def csrf_matches(expected: str, given: str | None) -> bool:
    return given is not None and hmac.compare_digest(expected.encode(), given.encode())


@dataclass
class SignInLimits:
    """Sign-in attempts: ``per_address`` a minute from one address, ``per_account`` an hour for
    one account name (names nobody has included, so that the limit says nothing of which exist).
    Bounded memory: quiet names are forgotten."""

    per_address: float
    per_account: float
    names: dict[str, TokenBucket] = field(default_factory=dict)

    def allow_name(self, key: str) -> bool:
        bucket = self.names.get(key)
        if bucket is None:
            if len(self.names) > 10_000:
                for name, b in list(self.names.items()):
                    if b.idle():
                        del self.names[name]
            bucket = self.names[key] = TokenBucket(self.per_account / 3600, max(self.per_account / 4, 1))
        return bucket.allow()
