"""The Python SDK. The first tests need no service; the others run against the stack named by
FNQ_URL and FNQ_TOKEN (tests/e2e/python-sdk.test.ts starts it, as `npm start` does, and runs these)."""
import http.server
import io
import json
import os
import socket
import threading
import time
import unittest
import uuid
import zipfile

from fnquery import (FnqClient, FnqConnectionError, FnqError, FnqRequestInvalidError, FnqServiceError,
                     FnqUnexpectedReplyError, parse_problem)
from fnquery.validation import RequestValidator

SCHEMA = "https://json-schema.org/draft/2020-12/schema"
WEATHER = {
    "$specversion": "v1.0.0",
    "name": "Python weather",
    "shortname": f"py-weather-{uuid.uuid4().hex[:6]}",
    "runtime": "nodejs20",
    "entrypoint": "handler",
    "description": "Temperature of a city.",
    "requirements": {
        "requestType": "POST",
        "queryParams": [{"name": "units", "required": True, "description": "metric or imperial"}],
        "inputType": "JSON",
        "inputSchema": {"$schema": SCHEMA, "type": "object", "properties": {"city": {"type": "string"}, "email": {"type": "string", "format": "email"}},
                        "required": ["city"], "additionalProperties": False},
        "outputType": "JSON",
        "outputSchema": {"$schema": SCHEMA, "type": "object", "properties": {"city": {"type": "string"}, "temperature": {"type": "number"}}},
    },
}
CODE = "exports.handler = async (req) => ({ city: req.body.city, temperature: req.query.units === 'metric' ? 21 : 70 });"


class WithoutService(unittest.TestCase):
    def test_request_validation_lists_every_violation(self):
        v = RequestValidator(WEATHER)
        found = v.check("GET", {"unit": "metric"}, {"town": "Paris", "email": "not-an-email"}, None)
        paths = sorted(x.path for x in found)
        self.assertEqual(paths, ["/body/city", "/body/email", "/body/town", "/method", "/query/unit", "/query/units"])
        self.assertEqual(v.check(None, {"units": "metric"}, {"city": "Paris"}, None), [])

    def test_file_rules(self):
        spec = {**WEATHER, "requirements": {"requestType": "POST", "inputType": "FILE", "inputSchema": {"extensions": ["pdf"], "required": True}}}
        v = RequestValidator(spec)
        self.assertEqual([x.path for x in v.check(None, {}, None, None)], ["/file"])
        self.assertEqual([x.path for x in v.check(None, {}, None, ("a.txt", b""))], ["/file/filename", "/file/size"])
        self.assertEqual(v.check(None, {}, None, ("a.PDF", b"%PDF")), [])

    def test_problem_lines(self):
        p = parse_problem("ISSUE: The generated query failed. ADVICE: Retry. QUERY: SELECT 1")
        self.assertEqual((p.issue, p.advice, p.query), ("The generated query failed", "Retry", "SELECT 1"))
        self.assertIsNone(parse_problem("completed"))

    def test_an_unreachable_service_is_named(self):
        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            port = s.getsockname()[1]
        url = f"http://127.0.0.1:{port}"
        with self.assertRaises(FnqConnectionError) as caught:
            FnqClient(url, "token").collections.list()
        self.assertEqual(caught.exception.url, f"{url}/embedder-service/v1/collections")
        self.assertIn(url, str(caught.exception))

    def test_a_2xx_answer_that_is_not_a_deployment_names_what_is_missing(self):
        class GatewayTimeoutText(http.server.BaseHTTPRequestHandler):
            def do_POST(self):
                self.rfile.read(int(self.headers.get("content-length") or 0))
                body = json.dumps({"errorMessage": "[504] - Lambda timeout."}).encode()
                self.send_response(200)
                self.send_header("content-type", "application/json")
                self.send_header("content-length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

            def log_message(self, *args):
                pass

        server = http.server.HTTPServer(("127.0.0.1", 0), GatewayTimeoutText)
        thread = threading.Thread(target=server.serve_forever, daemon=True)
        thread.start()
        try:
            with self.assertRaises(FnqUnexpectedReplyError) as caught:
                FnqClient(f"http://127.0.0.1:{server.server_port}", "token").functions.deploy(b"PK")
            self.assertEqual(caught.exception.missing, ["id", "shortname", "version", "runtime", "status", "warnings"])
            self.assertNotIn("None", str(caught.exception))
            self.assertIn("HTTP 200 but without id, shortname", str(caught.exception))
        finally:
            server.shutdown()
            server.server_close()


URL, TOKEN = os.environ.get("FNQ_URL"), os.environ.get("FNQ_TOKEN")


@unittest.skipUnless(URL and TOKEN, "FNQ_URL and FNQ_TOKEN name no running service")
class AgainstTheStack(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.fnq = FnqClient(URL, TOKEN)

    def test_upload_wait_and_ask(self):
        seen = []
        text = b"# Travel\n\nTrain tickets are reimbursed in full. Taxis need a receipt."
        done = self.fnq.uploads.upload_and_wait("py-docs", "travel.md", text, on_progress=lambda s: seen.append(s["status"]), interval=0.2)
        self.assertEqual(done["status"], "completed")
        self.assertEqual(seen[-1], "completed")
        self.assertEqual(self.fnq.uploads.status(done["upload_id"])["total_chunks"], done["total_chunks"])
        self.assertIn("py-docs", [c["name"] for c in self.fnq.collections.list()])
        self.assertEqual(len(self.fnq.collections.get("py-docs")["uploads"]), 1)
        reply = self.fnq.queries.vectordb("Are train tickets reimbursed?", "py-docs")
        self.assertRegex(reply["answer"], "Train tickets are reimbursed in full")
        self.assertEqual(reply["messages"], ["completed"])
        structured = self.fnq.queries.vectordb("Are train tickets reimbursed?", "py-docs",
                                               structured_output={"type": "object", "required": ["answer"], "properties": {"answer": {"type": "string"}}})
        self.assertIn("answer", json.loads(structured["answer"]))
        self.fnq.collections.delete("py-docs")
        self.assertNotIn("py-docs", [c["name"] for c in self.fnq.collections.list()])

    def test_with_a_large_file_the_upload_url_is_used(self):
        paragraph = b"Large files travel through a presigned upload URL straight to storage.\n\n"
        data = paragraph * (5 * 1024 * 1024 // len(paragraph) + 2)
        queued = self.fnq.uploads.upload("py-large", "large.txt", data)
        # Embedding 5 MB takes minutes on a busy machine; the file reaching the worker is what this checks.
        status = queued
        for _ in range(600):
            status = self.fnq.uploads.status(queued["upload_id"])
            if status["total_chunks"] > 0 or status["status"] in ("completed", "failed"):
                break
            time.sleep(0.5)
        self.assertNotEqual(status["status"], "failed", status.get("error"))
        self.assertGreater(status["total_chunks"], 0)
        self.fnq.collections.delete_upload(queued["upload_id"])

    def test_typed_service_errors(self):
        with self.assertRaises(FnqServiceError) as caught:
            self.fnq.queries.vectordb("anything", "no-such-collection")
        e = caught.exception
        self.assertEqual(e.status, 404)
        self.assertRegex(e.issue, "No collection named no-such-collection")
        self.assertTrue(e.advice)
        self.assertRegex(e.span_id, r"^[A-Za-z0-9_-]+$")
        with self.assertRaises(FnqServiceError) as bad:
            FnqClient(URL, "not-a-token").collections.list()
        self.assertEqual((bad.exception.status, bad.exception.code), (401, "token_invalid"))

    def test_functions_are_validated_before_sending_and_invoked(self):
        bundle = io.BytesIO()
        with zipfile.ZipFile(bundle, "w") as z:
            z.writestr("spec.json", json.dumps(WEATHER))
            z.writestr("index.js", CODE)
        name = WEATHER["shortname"]
        seen = []
        deployed = self.fnq.functions.deploy_and_wait(bundle.getvalue(), on_progress=lambda d: seen.append(d["status"]), interval=0.2)
        self.assertEqual((deployed["shortname"], deployed["status"]), (name, "ready"))
        self.assertEqual(seen[0], "queued")
        self.assertEqual(self.fnq.functions.deployment(deployed["id"])["status"], "ready")
        try:
            self.assertTrue(self.fnq.functions.exists(name))
            with self.assertRaises(FnqRequestInvalidError) as caught:
                self.fnq.functions.invoke(name, query={}, body={"town": "Paris"})
            self.assertEqual(sorted(v.path for v in caught.exception.violations), ["/body/city", "/body/town", "/query/units"])
            result = self.fnq.functions.invoke(name, query={"units": "metric"}, body={"city": "Oslo"})
            self.assertEqual((result.status, result.json, result.output_invalid), (200, {"city": "Oslo", "temperature": 21}, None))
            answer = self.fnq.queries.function("What is the temperature in Paris in metric units?", name)
            self.assertIsNone(answer["messages"])
        finally:
            self.fnq.functions.delete(name)
        self.assertFalse(self.fnq.functions.exists(name))

    def test_health(self):
        self.assertEqual(self.fnq.health()["status"], "ok")


if __name__ == "__main__":
    unittest.main()
