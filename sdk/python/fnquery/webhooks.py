"""Webhooks: manage the account's endpoints, and verify what they receive (Standard Webhooks)."""
import base64
import hashlib
import hmac
import json
import time
import urllib.parse
from typing import Dict, List, Mapping, Optional, Sequence, Union

from .transport import Transport


class WebhookVerificationError(Exception):
    """The delivery is not signed with this secret, is missing headers, or is too old (or too new)."""


def _header(headers: Mapping, name: str) -> Optional[str]:
    for key, value in headers.items():
        if key.lower() == name:
            return value[0] if isinstance(value, (list, tuple)) else value
    return None


def verify_webhook(secret: str, headers: Mapping, body: Union[bytes, str], *, tolerance_seconds: int = 300,
                   now: Optional[float] = None) -> Dict:
    """Checks that `webhook-signature` holds a v1 HMAC-SHA256 of `id.timestamp.body` under `secret`
    and that `webhook-timestamp` is within `tolerance_seconds` of now; returns the parsed payload.
    Pass the body exactly as received."""
    msg_id = _header(headers, "webhook-id")
    timestamp = _header(headers, "webhook-timestamp")
    signatures = _header(headers, "webhook-signature")
    if not msg_id or not timestamp or not signatures:
        raise WebhookVerificationError("missing webhook-id, -timestamp or -signature")
    if not timestamp.isdigit() or abs(int(now if now is not None else time.time()) - int(timestamp)) > tolerance_seconds:
        raise WebhookVerificationError("timestamp outside the tolerance")
    text = body if isinstance(body, str) else body.decode("utf-8")
    key = base64.b64decode(secret[len("whsec_"):] if secret.startswith("whsec_") else secret)
    expected = hmac.new(key, f"{msg_id}.{timestamp}.{text}".encode("utf-8"), hashlib.sha256).digest()
    for candidate in signatures.split(" "):
        version, _, value = candidate.partition(",")
        if version == "v1" and value:
            try:
                given = base64.b64decode(value, validate=True)
            except ValueError:
                continue
            if hmac.compare_digest(given, expected):
                return json.loads(text)
    raise WebhookVerificationError("no signature matches")


class Webhooks:
    """POST/GET/DELETE /webhooks-service/v1/endpoints and each endpoint's deliveries."""

    def __init__(self, http: Transport):
        self._http = http

    def add(self, url: str, events: Sequence[str], *, description: Optional[str] = None) -> Dict:
        """Registers an endpoint; the answer's `secret` (whsec_…) is shown this once."""
        body: Dict[str, object] = {"url": url, "events": list(events)}
        if description is not None:
            body["description"] = description
        return self._http.json("POST", "/webhooks-service/v1/endpoints", json_body=body)

    def list(self) -> List[Dict]:
        return self._http.json("GET", "/webhooks-service/v1/endpoints")["endpoints"]

    def remove(self, endpoint_id: str) -> Dict:
        return self._http.json("DELETE", f"/webhooks-service/v1/endpoints/{urllib.parse.quote(endpoint_id, safe='')}")

    def deliveries(self, endpoint_id: str) -> List[Dict]:
        path = f"/webhooks-service/v1/endpoints/{urllib.parse.quote(endpoint_id, safe='')}/deliveries"
        return self._http.json("GET", path)["deliveries"]
