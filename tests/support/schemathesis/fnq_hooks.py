# Request bodies schemathesis cannot make by itself (tests/e2e/openapi-fuzz.test.ts loads this file
# through SCHEMATHESIS_HOOKS). The deploy route takes a zip: random bytes that start as a zip does,
# so the service's own checks of the archive are what answers.
import schemathesis
from hypothesis import strategies as st

schemathesis.openapi.media_type("application/zip", st.binary(max_size=512).map(lambda b: b"PK\x03\x04" + b))
