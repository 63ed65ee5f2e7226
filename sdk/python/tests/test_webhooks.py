"""Webhooks from Python: endpoint management against the stack named by FNQ_URL and FNQ_TOKEN, a
delivery received on a loopback server and checked with verify_webhook (npm start's local stage
delivers to loopback), and what the verifier must reject."""
import http.server
import os
import threading
import time
import unittest

from fnquery import FnqClient, FnqServiceError, WebhookVerificationError, verify_webhook

URL, TOKEN = os.environ.get("FNQ_URL"), os.environ.get("FNQ_TOKEN")


class Receiver(http.server.BaseHTTPRequestHandler):
    received = []

    def do_POST(self):
        body = self.rfile.read(int(self.headers["content-length"]))
        Receiver.received.append((dict(self.headers.items()), body))
        self.send_response(200)
        self.end_headers()

    def log_message(self, *args):
        pass


@unittest.skipUnless(URL and TOKEN, "FNQ_URL and FNQ_TOKEN name no running service")
class WebhooksWithService(unittest.TestCase):
    def test_a_delivery_is_received_verified_and_listed(self):
        server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Receiver)
        threading.Thread(target=server.serve_forever, daemon=True).start()
        fnq = FnqClient(URL, TOKEN)
        try:
            endpoint = fnq.webhooks.add(f"http://127.0.0.1:{server.server_port}/py", ["upload.completed"])
            self.assertTrue(endpoint["secret"].startswith("whsec_"))
            self.assertNotIn("secret", fnq.webhooks.list()[0])
            done = fnq.uploads.upload_and_wait("py-hooks", "note.md", b"# Note\n\nThe office opens at nine.\n", interval=0.2)
            deadline = time.monotonic() + 90
            delivery = None
            while delivery is None and time.monotonic() < deadline:
                delivery = next((r for r in Receiver.received if done["upload_id"].encode() in r[1]), None)
                time.sleep(0.2)
            self.assertIsNotNone(delivery, "no delivery arrived")
            headers, body = delivery
            payload = verify_webhook(endpoint["secret"], headers, body)
            self.assertEqual(payload["type"], "upload.completed")
            self.assertEqual(payload["data"]["upload_id"], done["upload_id"])
            with self.assertRaises(WebhookVerificationError):
                verify_webhook(endpoint["secret"], headers, body.replace(b"completed", b"failed"))
            with self.assertRaises(WebhookVerificationError):
                verify_webhook(endpoint["secret"], headers, body, now=time.time() + 3600)
            self.assertEqual(fnq.webhooks.deliveries(endpoint["id"])[0]["id"], headers.get("webhook-id") or headers.get("Webhook-Id"))
            self.assertTrue(fnq.webhooks.remove(endpoint["id"])["deleted"])
            with self.assertRaises(FnqServiceError) as refused:
                fnq.webhooks.add("https://169.254.169.254/latest", ["upload.failed"])
            self.assertEqual(refused.exception.status, 400)
        finally:
            server.shutdown()


if __name__ == "__main__":
    unittest.main()
