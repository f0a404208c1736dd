"""The cluster's Redis over TLS and with a password (issue 31, the audit's last finding): every
seat's private frames cross it, so a deployment outside one machine uses ``rediss://`` and a
password. A real redis-server is started with TLS only and ``requirepass``, its certificate made
here by openssl; the cluster's own client (cluster.redis_client) relays a message through it, and
a wrong password is refused with an error that does not carry the password."""

from __future__ import annotations

import asyncio
import shutil
import socket
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from ravenry.server.cluster import redis_address, redis_client

PASSWORD = "s3cret-of-the-test"


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


@pytest.fixture
def tls_redis(tmp_path: Path) -> Iterator[tuple[int, Path]]:
    if not shutil.which("redis-server") or not shutil.which("openssl"):
        pytest.fail("redis-server and openssl are on every machine of this kind")
    cert, key = tmp_path / "redis.crt", tmp_path / "redis.key"
    subprocess.run(
        ["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1", "-subj", "/CN=127.0.0.1",
         "-addext", "subjectAltName=IP:127.0.0.1", "-keyout", str(key), "-out", str(cert)],
        check=True, capture_output=True,
    )  # fmt: skip
    port = _free_port()
    proc = subprocess.Popen(
        ["redis-server", "--port", "0", "--tls-port", str(port), "--tls-cert-file", str(cert),
         "--tls-key-file", str(key), "--tls-auth-clients", "no", "--requirepass", PASSWORD,
         "--save", "", "--appendonly", "no", "--dir", str(tmp_path)],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )  # fmt: skip
    try:
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            with socket.socket() as s:
                if s.connect_ex(("127.0.0.1", port)) == 0:
                    break
            time.sleep(0.05)
        yield port, cert
    finally:
        proc.terminate()
        proc.wait(timeout=5)


def test_the_cluster_relays_through_redis_over_tls_with_a_password(tls_redis: tuple[int, Path]) -> None:
    port, cert = tls_redis
    url = f"rediss://:{PASSWORD}@127.0.0.1:{port}/0?ssl_ca_certs={cert}"

    async def relay() -> bytes:
        client = redis_client(url)
        try:
            assert await client.ping()
            pubsub = client.pubsub(ignore_subscribe_messages=True)
            await pubsub.subscribe("ravenry:node:test")
            await client.publish("ravenry:node:test", b"a seat's private frame")
            for _ in range(50):
                msg = await pubsub.get_message(timeout=0.2)
                if msg is not None:
                    data: bytes = msg["data"]
                    await pubsub.aclose()
                    return data
            raise AssertionError("nothing relayed")
        finally:
            await client.aclose()

    assert asyncio.run(relay()) == b"a seat's private frame"


def test_a_wrong_password_is_refused_and_never_logged(tls_redis: tuple[int, Path]) -> None:
    port, cert = tls_redis
    url = f"rediss://:not-{PASSWORD}@127.0.0.1:{port}/0?ssl_ca_certs={cert}"

    async def ping() -> None:
        client = redis_client(url)
        try:
            await client.ping()
        finally:
            await client.aclose()

    with pytest.raises(Exception) as refused:
        asyncio.run(ping())
    assert PASSWORD not in str(refused.value)
    assert redis_address(url) == f"rediss://127.0.0.1:{port}/0"
    assert PASSWORD not in redis_address(url)
