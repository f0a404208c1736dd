"""The email channel: one plain-text mail per alert to the address the account set, through the
SMTP server of ``--smtp-url`` (``aiosmtplib``), each with a one-click unsubscribe link (a random
token, kept hashed: ``store.alert_unsubscribes``) in its text and in the ``List-Unsubscribe`` and
``List-Unsubscribe-Post`` headers (RFC 8058), so that a mail client's button works too.

An address, the SMTP password and the token are never logged: a failure names the SMTP server's
host only.
"""

from __future__ import annotations

from email.message import EmailMessage
from email.utils import formatdate, make_msgid

import aiosmtplib

from ravenry.server.alerts.config import SmtpConfig
from ravenry.server.alerts.text import Alert
from ravenry.server.alerts.webhook import DeliveryError

__all__ = ["alert_mail", "send_mail", "unsubscribe_path"]


def unsubscribe_path(token: str) -> str:
    return f"/alerts/unsubscribe/{token}"


def alert_mail(
    alert: Alert, origin: str | None, sender: str, to: str, unsubscribe_token: str
) -> EmailMessage:
    unsubscribe = f"{(origin or '').rstrip('/')}{unsubscribe_path(unsubscribe_token)}"
    message = EmailMessage()
    message["From"] = sender
    message["To"] = to
    message["Subject"] = alert.headline()
    message["Date"] = formatdate(localtime=False)
    message["Message-ID"] = make_msgid(domain=sender.rpartition("@")[2].strip("> ") or None)
    message["List-Unsubscribe"] = f"<{unsubscribe}>"
    message["List-Unsubscribe-Post"] = "List-Unsubscribe=One-Click"
    message["Auto-Submitted"] = "auto-generated"
    message.set_content(
        f"{alert.sentence()}.\n\n"
        f"Open the game: {alert.link(origin)}\n"
        "(it opens for the account that keeps this seat; sign in if the page asks.)\n\n"
        f"No more turn alerts by email: {unsubscribe}\n"
    )
    return message


async def send_mail(smtp: SmtpConfig, message: EmailMessage, timeout: float) -> None:
    try:
        await aiosmtplib.send(
            message,
            hostname=smtp.host,
            port=smtp.port,
            username=smtp.username,
            password=smtp.password,
            use_tls=smtp.tls,
            start_tls=smtp.starttls,
            timeout=timeout,
        )
    except aiosmtplib.SMTPRecipientsRefused:
        raise DeliveryError(f"{smtp.describe()} refused the recipient", retry=False) from None
    except aiosmtplib.SMTPResponseException as exc:
        # 5xx: permanent; 4xx: try again later.
        raise DeliveryError(f"{smtp.describe()} answered {exc.code}", retry=exc.code < 500) from None
    except (aiosmtplib.SMTPException, OSError, TimeoutError) as exc:
        raise DeliveryError(f"{smtp.describe()} could not be reached ({type(exc).__name__})") from None
