"""The one place the SDK talks HTTP (urllib): adds the token, sends JSON or multipart form data,
turns error envelopes into FnqServiceError and network failures into FnqConnectionError."""
import json
import socket
import urllib.error
import urllib.parse
import urllib.request
import uuid
from dataclasses import dataclass
from typing import Dict, Mapping, Optional, Sequence, Tuple

from .errors import FnqConnectionError, FnqServiceError, FnqUnexpectedReplyError

#: (field name, file name, bytes) of one multipart part.
FilePart = Tuple[str, str, bytes]


@dataclass
class RawResponse:
    status: int
    headers: Mapping[str, str]
    body: bytes


def multipart(part: FilePart) -> Tuple[bytes, str]:
    """One file as multipart/form-data; the boundary is random, so file bytes cannot contain it by chance."""
    field, filename, data = part
    boundary = f"fnquery-{uuid.uuid4().hex}"
    quoted = filename.replace("\\", "\\\\").replace('"', '\\"')
    head = (f"--{boundary}\r\nContent-Disposition: form-data; name=\"{field}\"; filename=\"{quoted}\"\r\n"
            "Content-Type: application/octet-stream\r\n\r\n").encode("utf-8")
    return head + data + f"\r\n--{boundary}--\r\n".encode("ascii"), f"multipart/form-data; boundary={boundary}"


class Transport:
    def __init__(self, url: str, token: str, timeout: float = 120.0):
        self.base = url.rstrip("/")
        self.token = token
        self.timeout = timeout

    def send(self, method: str, path: str, *, query: Optional[Mapping[str, Optional[str]]] = None,
             json_body: object = None, file: Optional[FilePart] = None, body: Optional[bytes] = None,
             headers: Optional[Dict[str, str]] = None, has_json: bool = False) -> RawResponse:
        """Any 2xx is returned as is; anything else raises FnqServiceError."""
        url = self.base + path
        pairs = {k: v for k, v in (query or {}).items() if v is not None}
        if pairs:
            url += "?" + urllib.parse.urlencode(pairs)
        sent_headers = {"svcwt": self.token, **(headers or {})}
        data = body
        if has_json or json_body is not None:
            sent_headers["content-type"] = "application/json"
            data = json.dumps(json_body).encode("utf-8")
        elif file is not None:
            data, sent_headers["content-type"] = multipart(file)
        request = urllib.request.Request(url, data=data, method=method, headers=sent_headers)
        try:
            with urllib.request.urlopen(request, timeout=self.timeout) as res:
                return RawResponse(res.status, {k.lower(): v for k, v in res.headers.items()}, res.read())
        except urllib.error.HTTPError as e:
            raw = RawResponse(e.code, {k.lower(): v for k, v in e.headers.items()}, e.read())
            raise _service_error(raw) from None
        except (urllib.error.URLError, socket.timeout, ConnectionError) as e:
            reason = getattr(e, "reason", e)
            raise FnqConnectionError(self.base + path, reason) from None

    def json(self, method: str, path: str, **kwargs) -> object:
        raw = self.send(method, path, **kwargs)
        return json.loads(raw.body) if raw.body else None

    def json_with(self, fields: Sequence[str], method: str, path: str, **kwargs) -> Dict:
        """A JSON object with every one of ``fields``; anything else raises FnqUnexpectedReplyError naming what is missing."""
        raw = self.send(method, path, **kwargs)
        try:
            body = json.loads(raw.body) if raw.body else None
        except ValueError:
            body = None
        missing = [f for f in fields if body.get(f) is None] if isinstance(body, dict) else ["a JSON object"]
        if missing:
            raise FnqUnexpectedReplyError(f"{method} {path}", missing, raw.status)
        return body


def _service_error(raw: RawResponse) -> FnqServiceError:
    try:
        body = json.loads(raw.body)
    except ValueError:
        body = None
    envelope = body if isinstance(body, dict) else {}
    messages = [m for m in envelope.get("messages") or [] if isinstance(m, str)]
    return FnqServiceError(raw.status, envelope.get("error"), envelope.get("spanId") or raw.headers.get("x-span-id"), messages, body)
