"""The fnquery client: every endpoint, with typed errors; the same behaviour as the TypeScript SDK."""
import base64
import json
import time
import urllib.error
import urllib.parse
import urllib.request
from dataclasses import dataclass
from typing import Callable, Dict, List, Mapping, Optional, Sequence

from .errors import FnqConnectionError, FnqDeployFailedError, FnqError, FnqRequestInvalidError
from .transport import Transport
from .validation import RequestValidator
from .webhooks import Webhooks

#: Through the API; larger files go through a presigned upload URL (the service's own limit).
DIRECT_UPLOAD_MAX_BYTES = 5 * 1024 * 1024
#: What every deployment record carries; a 2xx answer without them is an error that names them.
DEPLOYMENT_FIELDS = ("id", "shortname", "version", "runtime", "status", "warnings")


def _quote(name: str) -> str:
    return urllib.parse.quote(name, safe="")


def _shared(query: str, ai_platform: Optional[str], api_key: Optional[str], structured_output: Optional[Mapping]) -> Dict:
    body: Dict[str, object] = {"query": query}
    if ai_platform is not None:
        body["ai_platform"] = ai_platform
    if api_key is not None:
        body["api+key"] = api_key
    if structured_output is not None:
        body["structured_output"] = base64.b64encode(json.dumps(structured_output).encode("utf-8")).decode("ascii")
    return body


class Queries:
    """The three query endpoints; each returns {answer, query, spanId, messages}."""

    def __init__(self, http: Transport):
        self._http = http

    def function(self, query: str, shortname: str, *, ai_platform=None, api_key=None, structured_output=None) -> Dict:
        body = {**_shared(query, ai_platform, api_key, structured_output), "function": shortname}
        return self._http.json("POST", "/query-service/v1/function", json_body=body)

    def vectordb(self, query: str, collection: str, *, rag_query=None, connection_string=None, database=None,
                 ai_platform=None, api_key=None, structured_output=None) -> Dict:
        body = {**_shared(query, ai_platform, api_key, structured_output), "vector_docdb_collection": collection}
        for key, value in (("rag_query", rag_query), ("vector_docdb_connection_string", connection_string), ("vector_docdb_database", database)):
            if value:
                body[key] = value
        return self._http.json("POST", "/query-service/v1/vectordb", json_body=body)

    def rdbms(self, query: str, tables: Sequence[str], connection_string: str, *, ai_platform=None, api_key=None, structured_output=None) -> Dict:
        body = {**_shared(query, ai_platform, api_key, structured_output), "tables": list(tables), "sqldb_connection_string": connection_string}
        return self._http.json("POST", "/query-service/v1/rdbms", json_body=body)


class Uploads:
    def __init__(self, http: Transport):
        self._http = http

    def upload(self, collection: str, filename: str, data: bytes) -> Dict:
        """Uploads ``data`` as ``filename`` into ``collection``; returns the queued status record."""
        if len(data) > DIRECT_UPLOAD_MAX_BYTES:
            return self._through_url(collection, filename, data)
        return self._http.json("POST", "/embedder-service/v1/upload", query={"collection_name": collection}, file=("file", filename, data))

    def _through_url(self, collection: str, filename: str, data: bytes) -> Dict:
        signed = self._http.json("POST", "/embedder-service/v1/upload-url",
                                 query={"collection_name": collection, "filename": filename, "size": str(len(data))})
        url = signed.pop("upload_url")
        try:
            with urllib.request.urlopen(urllib.request.Request(url, data=data, method="PUT"), timeout=self._http.timeout):
                pass
        except urllib.error.HTTPError as e:
            raise FnqError(f"the file could not be stored through the upload URL (HTTP {e.code})") from None
        except urllib.error.URLError as e:
            raise FnqConnectionError(urllib.parse.urlsplit(url)._replace(query="").geturl(), e.reason) from None
        return signed

    def status(self, upload_id: str) -> Dict:
        return self._http.json("GET", "/embedder-service/v1/status", query={"upload_id": upload_id})

    def wait(self, upload_id: str, *, on_progress: Optional[Callable[[Dict], None]] = None,
             interval: float = 0.5, timeout: float = 600.0) -> Dict:
        """Polls until ``completed`` (returned) or ``failed`` (raises FnqError with the reason)."""
        deadline = time.monotonic() + timeout
        while True:
            status = self.status(upload_id)
            if on_progress:
                on_progress(status)
            if status["status"] == "completed":
                return status
            if status["status"] == "failed":
                raise FnqError(f"upload {upload_id} failed: {status.get('error') or 'no reason given'}")
            if time.monotonic() > deadline:
                raise FnqError(f"upload {upload_id} did not finish in time (last status: {status['status']})")
            time.sleep(interval)

    def upload_and_wait(self, collection: str, filename: str, data: bytes, **wait_options) -> Dict:
        return self.wait(self.upload(collection, filename, data)["upload_id"], **wait_options)


class Collections:
    def __init__(self, http: Transport):
        self._http = http

    def list(self) -> List[Dict]:
        return self._http.json("GET", "/embedder-service/v1/collections")["collections"]

    def get(self, name: str) -> Dict:
        return self._http.json("GET", f"/embedder-service/v1/collections/{_quote(name)}")

    def delete(self, name: str) -> Dict:
        return self._http.json("DELETE", f"/embedder-service/v1/collections/{_quote(name)}")

    def delete_upload(self, upload_id: str) -> Dict:
        return self._http.json("DELETE", f"/embedder-service/v1/uploads/{_quote(upload_id)}")


@dataclass
class InvokeResponse:
    status: int
    #: Parsed JSON for JSON output, None otherwise.
    json: object
    #: The bytes of FILE output (and the raw JSON bytes).
    data: bytes
    content_type: Optional[str]
    #: Set when the function's JSON answer did not match its outputSchema.
    output_invalid: Optional[str]


class Functions:
    def __init__(self, http: Transport):
        self._http = http
        self._validators: Dict[str, RequestValidator] = {}

    def list(self) -> List[Dict]:
        return self._http.json("GET", "/function-service/v1/functions")["functions"]

    def exists(self, shortname: str) -> bool:
        return self._http.json("GET", f"/function-service/v1/shortnames/{_quote(shortname)}")["exists"]

    def deploy(self, bundle: bytes) -> Dict:
        """Sends a zip bundle with spec.json at its top; the answer is the queued deployment (built after it)."""
        return self._http.json_with(DEPLOYMENT_FIELDS, "POST", "/function-service/v1/functions", body=bundle,
                                    headers={"content-type": "application/octet-stream"})

    def deployment(self, deployment_id: str) -> Dict:
        """One of your deployments as it is now: queued, building, ready or failed."""
        return self._http.json_with(DEPLOYMENT_FIELDS, "GET", f"/function-service/v1/deployments/{_quote(deployment_id)}")

    def deploy_and_wait(self, bundle: bytes, *, on_progress: Optional[Callable[[Dict], None]] = None,
                        interval: float = 1.0, timeout: float = 900.0) -> Dict:
        """Deploys and polls until ``ready`` (returned) or ``failed`` (raises FnqDeployFailedError; the
        previous version keeps serving). Past ``timeout`` it raises FnqError; the build goes on."""
        deployment = self.deploy(bundle)
        deadline = time.monotonic() + timeout
        while True:
            if on_progress:
                on_progress(deployment)
            if deployment["status"] == "ready":
                return deployment
            if deployment["status"] == "failed":
                raise FnqDeployFailedError(deployment["id"], deployment["shortname"], deployment.get("messages") or [])
            if time.monotonic() > deadline:
                raise FnqError(f"deployment {deployment['id']} is still {deployment['status']}; read it later with functions.deployment()")
            time.sleep(interval)
            deployment = self.deployment(deployment["id"])

    def delete(self, shortname: str) -> Dict:
        self._validators.pop(shortname, None)
        return self._http.json("DELETE", f"/function-service/v1/functions/{_quote(shortname)}")

    def spec(self, shortname: str) -> Dict:
        """The function's definition, fetched once per client."""
        return self._validator(shortname).spec

    def _validator(self, shortname: str) -> RequestValidator:
        if shortname not in self._validators:
            self._validators[shortname] = RequestValidator(self._http.json("GET", f"/functions/v1/{_quote(shortname)}/spec.json"))
        return self._validators[shortname]

    def check(self, shortname: str, *, method: Optional[str] = None, query: Optional[Mapping[str, str]] = None,
              body: object = None, file: Optional[tuple] = None):
        """Every way the request breaks the definition; empty when it may be sent."""
        return self._validator(shortname).check(method, query or {}, body, file)

    def invoke(self, shortname: str, *, method: Optional[str] = None, query: Optional[Mapping[str, str]] = None,
               body: object = None, file: Optional[tuple] = None) -> InvokeResponse:
        """Calls the function; ``file`` is ``(filename, bytes)`` for FILE input. Nothing is sent when
        the request breaks the definition: FnqRequestInvalidError lists every violation."""
        violations = self.check(shortname, method=method, query=query, body=body, file=file)
        if violations:
            raise FnqRequestInvalidError(shortname, violations)
        v = self._validator(shortname)
        path = f"/functions/v1/{_quote(shortname)}"
        if v.input_type == "FILE" and file is not None:
            raw = self._http.send(v.request_type, path, query=query, file=("file", file[0], file[1]))
        elif v.input_type == "JSON":
            raw = self._http.send(v.request_type, path, query=query, json_body=body, has_json=True)
        else:
            raw = self._http.send(v.request_type, path, query=query)
        output_type = v.spec["requirements"].get("outputType", "NONE")
        parsed = json.loads(raw.body) if output_type == "JSON" and raw.body else None
        return InvokeResponse(raw.status, parsed, raw.body, raw.headers.get("content-type"), raw.headers.get("x-fnq-output-invalid"))


class Usage:
    def __init__(self, http: Transport):
        self._http = http

    def get(self, *, from_day: Optional[str] = None, to_day: Optional[str] = None) -> Dict:
        """Per day and endpoint: calls, errors, durationMs, aiTokens (UTC days, both included; default the last 30)."""
        return self._http.json("GET", "/usage-service/v1/usage", query={"from": from_day, "to": to_day})


class FnqClient:
    def __init__(self, url: str, token: str, *, timeout: float = 120.0):
        self._http = Transport(url, token, timeout)
        self.queries = Queries(self._http)
        self.uploads = Uploads(self._http)
        self.collections = Collections(self._http)
        self.functions = Functions(self._http)
        self.usage = Usage(self._http)
        self.webhooks = Webhooks(self._http)

    def health(self) -> Dict:
        return self._http.json("GET", "/health")
