"""Checks one request against a function's spec.json before it is sent, as the service will:
method, query parameters, JSON body (jsonschema, draft 2020-12, formats asserted) and file."""
import re
from typing import List, Mapping, Optional, Tuple

from jsonschema import Draft202012Validator, FormatChecker

from .errors import Violation

_REQUIRED = re.compile(r"^'(.+)' is a required property$")


def _token(name: str) -> str:
    return name.replace("~", "~0").replace("/", "~1")


def _pointer(base: str, path) -> str:
    return base + "".join(f"/{_token(str(p))}" for p in path)


class RequestValidator:
    """Built once per definition: the input schema is compiled once."""

    def __init__(self, spec: Mapping):
        self.spec = spec
        req = spec["requirements"]
        self.request_type: str = req["requestType"]
        self.input_type: str = req.get("inputType", "NONE")
        self.params = {p["name"]: p for p in req.get("queryParams", [])}
        self.input_schema = req.get("inputSchema") or {}
        self._json = (Draft202012Validator(self.input_schema, format_checker=FormatChecker())
                      if self.input_type == "JSON" else None)

    def check(self, method: Optional[str], query: Mapping[str, str], body: object,
              file: Optional[Tuple[str, bytes]]) -> List[Violation]:
        found: List[Violation] = []
        if method and method.upper() != self.request_type:
            found.append(Violation("/method", f"must be {self.request_type}"))
        found += self._query(query)
        if self.input_type == "FILE":
            found += self._file(file)
        elif file is not None:
            found.append(Violation("/file", "A file was sent but the function takes none"))
        if self.input_type == "JSON":
            found += self._body(body) if body is not None else [Violation("/body", "The request has no JSON body")]
        elif self.input_type == "NONE" and body is not None:
            found.append(Violation("/body", "The function takes no request body"))
        return found

    def _query(self, query: Mapping[str, str]) -> List[Violation]:
        found = [Violation(f"/query/{_token(name)}", f'Query parameter "{name}" is required')
                 for name, p in self.params.items() if p.get("required") and not query.get(name)]
        found += [Violation(f"/query/{_token(name)}", f'Query parameter "{name}" is not declared by {self.spec["shortname"]}')
                  for name in query if name not in self.params]
        return found

    def _body(self, body: object) -> List[Violation]:
        found: List[Violation] = []
        for e in sorted(self._json.iter_errors(body), key=lambda e: list(e.absolute_path)):
            where = _pointer("/body", e.absolute_path)
            missing = _REQUIRED.match(e.message) if e.validator == "required" else None
            if missing:
                found.append(Violation(f"{where}/{_token(missing.group(1))}", f"{where} must have required property '{missing.group(1)}'"))
            elif e.validator == "additionalProperties" and isinstance(e.instance, dict):
                declared = set((e.schema.get("properties") or {}).keys())
                for extra in (k for k in e.instance if k not in declared):
                    found.append(Violation(f"{where}/{_token(extra)}", f"{where} must NOT have additional properties"))
            else:
                found.append(Violation(where, f"{where} {e.message}"))
        return found

    def _file(self, file: Optional[Tuple[str, bytes]]) -> List[Violation]:
        if file is None:
            return [Violation("/file", "The function requires a file and none was sent")] if self.input_schema.get("required") else []
        name, data = file
        extensions: List[str] = self.input_schema.get("extensions") or []
        found: List[Violation] = []
        if extensions and not any(name.lower().endswith(f".{ext}") for ext in extensions):
            found.append(Violation("/file/filename", f'File "{name}" does not have an accepted extension'))
        if not data:
            found.append(Violation("/file/size", f'File "{name}" is empty'))
        return found

