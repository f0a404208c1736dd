"""The turn alerts' settings (:class:`AlertSettings`, given to ``create_app``) and the SMTP server
they send email through, configured by one URL (``ravenry serve --smtp-url``):

``smtp://user:password@host:port?from=ravenry@example.org`` (STARTTLS when the server offers it),
``smtps://...`` (TLS from the start; port 465 by default), ``&starttls=required`` to refuse a
server that does not offer it. User and password are optional and percent-encoded.
"""

from __future__ import annotations

from dataclasses import dataclass
from email.utils import parseaddr
from urllib.parse import parse_qs, unquote, urlsplit

__all__ = ["AlertSettings", "SmtpConfig", "parse_smtp_url", "safe_url"]


@dataclass(frozen=True)
class SmtpConfig:
    host: str
    port: int
    sender: str
    username: str | None = None
    password: str | None = None
    tls: bool = False  # TLS from the start (smtps)
    starttls: bool | None = None  # None: if offered; True: required

    def describe(self) -> str:
        """The server as logs may name it (no user, no password)."""
        return f"{'smtps' if self.tls else 'smtp'}://{self.host}:{self.port}"


def parse_smtp_url(url: str) -> SmtpConfig:
    """The SMTP server of ``url``; ValueError with a reason (never echoing the password)."""
    parts = urlsplit(url)
    if parts.scheme not in ("smtp", "smtps"):
        raise ValueError("the SMTP URL must start with smtp:// or smtps://")
    if not parts.hostname:
        raise ValueError("the SMTP URL must name a host: smtp://host:port?from=address")
    query = parse_qs(parts.query)
    sender = (query.get("from") or [""])[0]
    if "@" not in parseaddr(sender)[1]:
        raise ValueError("the SMTP URL must give the sender's address: ?from=ravenry@example.org")
    starttls_text = (query.get("starttls") or [""])[0].lower()
    if starttls_text not in ("", "required", "auto"):
        raise ValueError("the SMTP URL's starttls is 'required' or 'auto'")
    try:
        port = parts.port or (465 if parts.scheme == "smtps" else 25)
    except ValueError:
        raise ValueError("the SMTP URL's port is not a number from 1 to 65535") from None
    return SmtpConfig(
        host=parts.hostname,
        port=port,
        sender=sender,
        username=unquote(parts.username) if parts.username else None,
        password=unquote(parts.password) if parts.password else None,
        tls=parts.scheme == "smtps",
        starttls=True if starttls_text == "required" else None,
    )


def safe_url(url: str) -> str:
    """A URL as logs may show it: scheme and host only (a webhook's path is its secret)."""
    try:
        parts = urlsplit(url)
        host = parts.hostname or "?"
    except ValueError:
        return "<unparsable URL>"
    return f"{parts.scheme}://{host}"


@dataclass(frozen=True)
class AlertSettings:
    """How turn alerts behave (every one has a default fit for a real server)."""

    smtp_url: str | None = None  # no email alerts without it
    # Seconds between a wait beginning and its alert: a seat whose page is open and visible by
    # then gets nothing (it is looking at the game).
    grace: float = 20.0
    attempts: int = 5  # tries per alert and channel before it is logged as failed
    backoff: float = 2.0  # seconds before the second try; doubled before each next one
    timeout: float = 10.0  # seconds one try may take
    # A slow game's one reminder: when this fraction of the seat's time is left.
    reminder_at: float = 0.25
    # Webhooks may point at this machine or its private network (tests' receivers; a site where
    # hosts are trusted). Off by default: a host's URL must not reach the server's neighbours.
    private_webhooks: bool = False
    # The VAPID "sub" claim: how a push service reaches whoever runs the site.
    contact: str | None = None

    def __post_init__(self) -> None:
        if self.smtp_url is not None:
            parse_smtp_url(self.smtp_url)
        if self.grace < 0 or self.backoff < 0 or self.timeout <= 0 or self.attempts < 1:
            raise ValueError("alert grace and backoff must not be negative, attempts at least 1")
        if not 0 < self.reminder_at < 1:
            raise ValueError("the reminder comes when a fraction of the time between 0 and 1 is left")

    @property
    def smtp(self) -> SmtpConfig | None:
        return None if self.smtp_url is None else parse_smtp_url(self.smtp_url)
