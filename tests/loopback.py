"""A server on the loopback interface that stands in for a third-party service in tests
(the tag manager's script host, the error-reporting ingest): it records every request
and answers each path with what the test gives it."""

from __future__ import annotations

import gzip
import sys
import threading
from dataclasses import dataclass
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer


class LoopbackServer(ThreadingHTTPServer):
    """A threading HTTP server that lets a browser go away mid-answer (a test closing
    its page) without a traceback in the test output."""

    daemon_threads = True

    def handle_error(self, request: object, client_address: object) -> None:
        if not isinstance(sys.exc_info()[1], ConnectionError):
            super().handle_error(request, client_address)


@dataclass
class Recorded:
    method: str
    path: str
    headers: dict[str, str]
    body: bytes

    @property
    def text(self) -> str:
        body = self.body
        if self.headers.get("content-encoding") == "gzip":
            body = gzip.decompress(body)
        return body.decode("utf-8", "replace")


class LoopbackService:
    """``answers`` maps a path to (content type, body); other paths get ``otherwise``
    (200 and '{}' unless given; ``statuses`` may give a path another status). While
    ``hold`` is set (a service that does not answer), a request is recorded and its
    answer waits until ``release()``."""

    def __init__(self, answers: dict[str, tuple[str, str]] | None = None,
                 otherwise: tuple[str, str | bytes] = ("application/json", "{}"),
                 *, status: int = 200, hold: bool = False) -> None:
        self.answers = answers or {}
        self.otherwise = otherwise
        self.status = status
        self.statuses: dict[str, int] = {}  # a path's own answer status, else ``status``
        self._released = threading.Event()
        if not hold:
            self._released.set()
        self.requests: list[Recorded] = []
        service = self

        class Handler(BaseHTTPRequestHandler):
            def _answer(self) -> None:
                length = int(self.headers.get("content-length") or 0)
                service.requests.append(Recorded(
                    self.command, self.path,
                    {key.lower(): value for key, value in self.headers.items()},
                    self.rfile.read(length) if length else b""))
                service._released.wait()
                content_type, body = service.answers.get(self.path.split("?")[0],
                                                         service.otherwise)
                data = body.encode() if isinstance(body, str) else body
                self.send_response(service.statuses.get(self.path.split("?")[0],
                                                        service.status))
                self.send_header("content-type", content_type)
                self.send_header("content-length", str(len(data)))
                self.send_header("access-control-allow-origin", "*")
                self.send_header("access-control-allow-headers", "*")
                self.end_headers()
                self.wfile.write(data)

            do_GET = do_POST = do_OPTIONS = _answer  # noqa: N815 - the handler's method names

            def log_message(self, *args: object) -> None:  # quiet
                pass

        self.server = LoopbackServer(("127.0.0.1", 0), Handler)
        # close() waits until the loop next looks (every half second by default).
        self.thread = threading.Thread(target=self.server.serve_forever, args=(0.02,),
                                       daemon=True)
        self.thread.start()

    @property
    def origin(self) -> str:
        return f"http://127.0.0.1:{self.server.server_address[1]}"

    def requested(self, path: str) -> list[Recorded]:
        return [request for request in self.requests if request.path.split("?")[0] == path]

    def release(self) -> None:
        """Held requests are answered, and every later one at once."""
        self._released.set()

    def close(self) -> None:
        self.release()
        self.server.shutdown()
        self.server.server_close()

    def __enter__(self) -> LoopbackService:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()
