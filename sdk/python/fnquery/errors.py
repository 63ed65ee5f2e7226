"""Typed errors: service failures carry status, code, ISSUE, ADVICE and spanId; requests refused
before sending carry every violation; an unreachable service names the URL tried."""
import re
from dataclasses import dataclass
from typing import List, Optional

_LINE = re.compile(r"^ISSUE: (.*?)\. ADVICE: (.*?)\.(?: QUERY: ([\s\S]*))?$")


@dataclass(frozen=True)
class Problem:
    issue: str
    advice: str
    query: Optional[str] = None


def parse_problem(line: str) -> Optional[Problem]:
    m = _LINE.match(line)
    return Problem(m.group(1), m.group(2), m.group(3)) if m else None


class FnqError(Exception):
    """Base of every error this package raises."""


class FnqServiceError(FnqError):
    def __init__(self, status: int, code: Optional[str], span_id: Optional[str], messages: List[str], body: object):
        self.status = status
        #: Machine code, e.g. ``token_expired``; absent on query envelopes.
        self.code = code
        self.span_id = span_id
        self.messages = messages
        #: The body as received (query envelopes keep answer and query).
        self.body = body
        self.problems = [p for p in map(parse_problem, messages) if p]
        text = "; ".join(f"{p.issue} ({p.advice})" for p in self.problems) or f"fnquery answered HTTP {status}"
        super().__init__(text)

    @property
    def issue(self) -> Optional[str]:
        return self.problems[0].issue if self.problems else None

    @property
    def advice(self) -> Optional[str]:
        return self.problems[0].advice if self.problems else None


@dataclass(frozen=True)
class Violation:
    #: JSON pointer, e.g. /query/city, /body/limit or /file.
    path: str
    message: str


class FnqRequestInvalidError(FnqError):
    """Raised before any network call when a request breaks the function's definition."""

    def __init__(self, shortname: str, violations: List[Violation]):
        self.shortname = shortname
        self.violations = violations
        super().__init__(f"request to {shortname} is invalid: " + "; ".join(f"{v.path} {v.message}" for v in violations))


class FnqConnectionError(FnqError):
    """The service could not be reached at all (down, wrong URL, timed out)."""

    def __init__(self, url: str, reason: object):
        self.url = url
        self.reason = reason
        super().__init__(f"cannot reach fnquery at {url}: {reason}")


class FnqUnexpectedReplyError(FnqError):
    """A 2xx answer without the fields the SDK needs (a proxy's page, a gateway's timeout text): named, never None."""

    def __init__(self, what: str, missing: List[str], status: int):
        self.what = what
        self.missing = missing
        self.status = status
        super().__init__(f"fnquery answered {what} with HTTP {status} but without {', '.join(missing)}; "
                         "check the URL points at fnquery and that it is up to date")


class FnqDeployFailedError(FnqError):
    """A deployment that ended ``failed``; its ISSUE/ADVICE lines say why. The previous version still serves."""

    def __init__(self, deployment_id: str, shortname: str, messages: List[str]):
        self.deployment_id = deployment_id
        self.shortname = shortname
        self.messages = messages
        self.problems = [p for p in (parse_problem(m) for m in messages) if p]
        reason = "; ".join(f"{p.issue} ({p.advice})" for p in self.problems) or "; ".join(messages) or "no reason given"
        super().__init__(f"deployment {deployment_id} of {shortname} failed: {reason}")
