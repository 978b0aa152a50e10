"""Which address identifies a visitor: the trusted-proxy setting and the keyed hash."""

from __future__ import annotations

import hashlib

import pytest
from pydantic import ValidationError

from dealer.leads import store
from dealer.settings import Settings


def test_trusted_proxies_are_networks_and_none_by_default() -> None:
    assert Settings().trusted_proxy_networks == []
    proxies = Settings(trusted_proxies="10.0.0.5, 192.168.0.0/16,::1")
    assert [str(net) for net in proxies.trusted_proxy_networks] == [
        "10.0.0.5/32", "192.168.0.0/16", "::1/128"]
    with pytest.raises(ValidationError):
        Settings(trusted_proxies="10.0.0.5,load-balancer")


def test_client_key_is_keyed_and_stable(monkeypatch: pytest.MonkeyPatch) -> None:
    store.secret_key.cache_clear()
    monkeypatch.setenv("DEALER_SECRET_KEY", "first secret")
    monkeypatch.setattr(store, "get_settings", lambda: Settings())
    first = store.client_key("198.51.100.7")
    assert first == store.client_key("198.51.100.7") != store.client_key("198.51.100.8")
    assert first != hashlib.sha256(b"198.51.100.7").hexdigest()
    store.secret_key.cache_clear()
    monkeypatch.setenv("DEALER_SECRET_KEY", "another secret")
    assert store.client_key("198.51.100.7") != first
    store.secret_key.cache_clear()


@pytest.mark.anyio
@pytest.mark.parametrize(("proxies", "peer", "seen"), [
    ("", "127.0.0.1", "127.0.0.1"),                 # nobody trusted: the header is ignored
    ("10.0.0.5", "127.0.0.1", "127.0.0.1"),         # a browser on the host is no proxy
    ("10.0.0.5", "10.0.0.5", "203.0.113.7"),        # the configured proxy names the visitor
    ("10.0.0.0/8", "10.1.2.3", "203.0.113.7"),
])
async def test_the_server_reads_the_address_only_from_a_configured_proxy(
    proxies: str, peer: str, seen: str
) -> None:
    """The server (scripts/run.sh passes the setting as FORWARDED_ALLOW_IPS) resolves the
    visitor's address with uvicorn's proxy-header handling; this is what it does with it."""
    from uvicorn.middleware.proxy_headers import ProxyHeadersMiddleware

    addresses = []

    async def app(scope, receive, send) -> None:
        addresses.append(scope["client"][0])

    layer = ProxyHeadersMiddleware(app, trusted_hosts=Settings(trusted_proxies=proxies)
                                   .trusted_proxies)
    scope = {"type": "http", "client": (peer, 5000), "scheme": "http",
             "headers": [(b"x-forwarded-for", b"203.0.113.7")]}
    await layer(scope, None, None)
    assert addresses == [seen]
