"""Python client of fnquery (standard-library HTTP; jsonschema for request validation)."""
from .client import DIRECT_UPLOAD_MAX_BYTES, FnqClient, InvokeResponse
from .errors import (FnqConnectionError, FnqDeployFailedError, FnqError, FnqRequestInvalidError, FnqServiceError,
                     FnqUnexpectedReplyError, Problem, Violation, parse_problem)
from .webhooks import WebhookVerificationError, verify_webhook

__all__ = [
    "DIRECT_UPLOAD_MAX_BYTES", "FnqClient", "InvokeResponse", "FnqConnectionError", "FnqError",
    "FnqRequestInvalidError", "FnqServiceError", "Problem", "Violation", "parse_problem", "FnqDeployFailedError",
    "FnqUnexpectedReplyError", "WebhookVerificationError", "verify_webhook",
]
