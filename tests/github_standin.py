"""github_standin.py -- a small stand-in for the GitHub REST API on 127.0.0.1,
for tests/test_pr_comment.py: the issue comments and labels of pull requests,
nothing else.

  GET   /repos/O/R/issues/N/comments?per_page=&page=   list, paginated
  POST  /repos/O/R/issues/N/comments                   create
  PATCH /repos/O/R/issues/comments/ID                  update
  GET   /repos/O/R/issues/N/labels?per_page=&page=     list, paginated

Pages hold at most `page_size` items whatever per_page asks, so that a few
comments already span pages; the Link header names the next and last page
with absolute addresses, as GitHub does.  Every request needs the token
("Authorization: Bearer TOKEN"), and is recorded in `requests`.  `fail` maps
(METHOD, path prefix) to a status to answer instead, to try API errors;
`raw` maps it to an answer of any shape, to try what the API never says:
(status, headers, body bytes), a Content-Length longer than the body when
headers name one (a truncated answer), or a function(handler, url) that
answers itself.

Started on an ephemeral port by start() in a daemon thread; stop() ends it.
"""
import json
import re
import threading
import unittest
import urllib.parse
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer


class StandIn:
    def __init__(self, repo="acme/lobsim", token="t0ken", page_size=2):
        self.repo = repo
        self.token = token
        self.page_size = page_size
        self.comments = {}  # pr -> [comment dict]
        self.labels = {}  # pr -> [name]
        self.fail = {}  # (method, path prefix) -> status
        self.raw = {}  # (method, path prefix) -> (status, headers, body) or fn(handler, url)
        self.requests = []  # (method, path with query)
        self.next_id = 1000
        self.lock = threading.Lock()
        self.server = None
        self.thread = None

    # -- fixtures -------------------------------------------------------------
    def reset(self):
        """A pull request with nothing on it yet, as a new stand-in has."""
        with self.lock:
            self.comments, self.labels = {}, {}
            self.fail, self.raw, self.requests = {}, {}, []
            self.next_id = 1000

    def add_comment(self, pr, body, user="someone"):
        with self.lock:
            self.next_id += 1
            c = {"id": self.next_id, "body": body, "user": {"login": user}}
            self.comments.setdefault(pr, []).append(c)
            return c

    def writes(self):
        return [r for r in self.requests if r[0] in ("POST", "PATCH")]

    # -- the server -----------------------------------------------------------
    def start(self):
        standin = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *args):
                pass

            def _send(self, status, obj, link=None):
                data = json.dumps(obj).encode()
                self.send_response(status)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(data)))
                if link:
                    self.send_header("Link", link)
                self.end_headers()
                self.wfile.write(data)

            def _raw(self, answer, url):
                if callable(answer):
                    return answer(self, url)
                status, headers, data = answer
                self.send_response(status)
                if "Content-Length" not in headers:
                    self.send_header("Content-Length", str(len(data)))
                for k, v in headers.items():
                    self.send_header(k, v)
                self.end_headers()
                try:
                    self.wfile.write(data)
                except OSError:
                    pass  # the client stopped reading: what a huge answer is for
                self.close_connection = True

            def _body(self):
                n = int(self.headers.get("Content-Length") or 0)
                try:
                    return json.loads(self.rfile.read(n) or b"null")
                except ValueError:
                    return None

            def _handle(self, method):
                url = urllib.parse.urlsplit(self.path)
                with standin.lock:
                    standin.requests.append((method, self.path))
                for (m, prefix), status in standin.fail.items():
                    if m == method and url.path.startswith(prefix):
                        return self._send(status, {"message": "Server Error (stand-in)"})
                for (m, prefix), answer in list(standin.raw.items()):
                    if m == method and url.path.startswith(prefix):
                        return self._raw(answer, url)
                if self.headers.get("Authorization") != f"Bearer {standin.token}":
                    return self._send(401, {"message": "Bad credentials"})
                base = f"/repos/{standin.repo}/issues/"
                if not url.path.startswith(base):
                    return self._send(404, {"message": "Not Found"})
                rest = url.path[len(base):]
                m = re.fullmatch(r"([0-9]+)/(comments|labels)", rest)
                if m and method == "GET":
                    pr, what = int(m.group(1)), m.group(2)
                    with standin.lock:
                        items = list(standin.comments.get(pr, []) if what == "comments" else
                                     [{"name": n} for n in standin.labels.get(pr, [])])
                    return self._page(url, items)
                if m and method == "POST" and m.group(2) == "comments":
                    body = self._body()
                    if not isinstance(body, dict) or not isinstance(body.get("body"), str):
                        return self._send(422, {"message": "Invalid request"})
                    return self._send(201, standin.add_comment(int(m.group(1)), body["body"],
                                                               "github-actions[bot]"))
                m = re.fullmatch(r"comments/([0-9]+)", rest)
                if m and method == "PATCH":
                    body = self._body()
                    if not isinstance(body, dict) or not isinstance(body.get("body"), str):
                        return self._send(422, {"message": "Invalid request"})
                    with standin.lock:
                        for cs in standin.comments.values():
                            for c in cs:
                                if c["id"] == int(m.group(1)):
                                    c["body"] = body["body"]
                                    return self._send(200, c)
                    return self._send(404, {"message": "Not Found"})
                return self._send(404, {"message": "Not Found"})

            def _page(self, url, items):
                q = urllib.parse.parse_qs(url.query)
                per = min(int(q.get("per_page", ["30"])[0]), standin.page_size)
                page = int(q.get("page", ["1"])[0])
                last = max(1, -(-len(items) // per))
                host = f"http://127.0.0.1:{standin.port}"

                def ref(p, rel):
                    return f'<{host}{url.path}?per_page={per}&page={p}>; rel="{rel}"'

                links = []
                if page < last:
                    links += [ref(page + 1, "next"), ref(last, "last")]
                if page > 1:
                    links += [ref(1, "first"), ref(page - 1, "prev")]
                self._send(200, items[(page - 1) * per:page * per], ", ".join(links) or None)

            def do_GET(self):
                self._handle("GET")

            def do_POST(self):
                self._handle("POST")

            def do_PATCH(self):
                self._handle("PATCH")

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.server.daemon_threads = True
        self.port = self.server.server_address[1]
        self.url = f"http://127.0.0.1:{self.port}"
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()
        return self

    def stop(self):
        if self.server:
            self.server.shutdown()
            self.server.server_close()
            self.thread.join(timeout=10)
            self.server = None


class StandInTest(unittest.TestCase):
    """Tests that share one stand-in (starting one costs half a second),
    emptied before each test."""

    @classmethod
    def setUpClass(cls):
        cls.api = StandIn().start()

    @classmethod
    def tearDownClass(cls):
        cls.api.stop()

    def setUp(self):
        self.api.reset()
