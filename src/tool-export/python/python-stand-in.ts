// The Python that an exported Python tool runs instead of Toolscope's sandbox: what `from toolscope import
// ...` gave it (tool, ctx, Field, the error classes, Response), and the executor's semantics for one call
// (a deadline per attempt, retries of TransientError with Retry-After or backoff, for idempotent tools only),
// written out so the exported file depends on nothing of Toolscope. Field is pydantic's, whose keyword
// names toolscope's Field copies (python/runtime/_toolscope_schema.py), so FastMCP reads the same schema.
import type { RetryPolicy } from '../../core/index.ts';
// The sandbox's own file, word for word: an exported tool raises the same classes Toolscope's tools do
// (a file, not the sandbox's index: the export's chunk takes in nothing else of the sandbox).
import errorClassesSource from '../../sandbox/python/runtime/_toolscope_errors.py?raw';

export const standInImports = ['asyncio', 'contextvars', 'functools', 'inspect', 'json', 'sys', 'urllib.request'];

export const standInSource = `${errorClassesSource.trimEnd()}


class Response:
    """What \`await ctx.fetch(...)\` returns: the whole response, already read."""

    def __init__(self, url: str, status: int, headers: dict, text: str):
        self.url, self.status, self.headers, self.text = url, status, headers, text

    @property
    def ok(self) -> bool:
        return 200 <= self.status < 300

    def json(self):
        return json.loads(self.text)


_attempt: contextvars.ContextVar = contextvars.ContextVar("attempt", default=1)


class _Context:
    """\`ctx\` outside Toolscope: logs go to stderr (stdout may carry the MCP protocol), sleeps are asyncio's."""

    @property
    def attempt(self) -> int:
        return _attempt.get()

    def log(self, *values) -> None:
        print(*values, file=sys.stderr)

    async def sleep(self, seconds: float) -> None:
        await asyncio.sleep(max(0.0, float(seconds)))

    async def fetch(self, url: str, method: str = "GET", headers: dict | None = None, body: str | None = None, json_body=None) -> Response:
        # Direct network access: Toolscope's allowlist proxy is not here (see the notes at the top).
        if json_body is not None:
            body, headers = json.dumps(json_body), {"content-type": "application/json", **(headers or {})}
        request = urllib.request.Request(url, data=None if body is None else body.encode(), headers=headers or {}, method=method.upper())

        def send():
            with urllib.request.urlopen(request) as reply:
                return Response(reply.url, reply.status, {k.lower(): v for k, v in reply.headers.items()}, reply.read().decode())

        return await asyncio.to_thread(send)


ctx = _Context()
_tools: list = []


def tool(function=None, *, idempotent: bool = False, name: str | None = None, description: str | None = None):
    """Marks a tool, as in Toolscope: \`@tool\` or \`@tool(idempotent=True)\`."""

    def mark(target):
        _tools.append({"function": target, "idempotent": idempotent, "name": name or target.__name__,
                       "description": description or inspect.getdoc(target) or ""})
        return target

    return mark(function) if function is not None else mark


def _with_executor(function, *, idempotent: bool, timeout_s: float, max_attempts: int, base_delay_s: float, max_delay_s: float, factor: float):
    """One call as Toolscope's executor runs it: a deadline per attempt; a TransientError retried if idempotent."""

    @functools.wraps(function)
    async def call(*args, **kwargs):
        attempt = 1
        while True:
            token = _attempt.set(attempt)
            try:
                result = function(*args, **kwargs)
                # A coroutine is cancelled at its deadline (asyncio.CancelledError at its next await); a plain
                # function cannot be stopped from outside in Python, so only async tools have a deadline here.
                return await asyncio.wait_for(result, timeout_s) if inspect.isawaitable(result) else result
            except TransientError as error:
                if not idempotent or attempt >= max_attempts:
                    raise
                wait = error.retry_after if error.retry_after is not None else min(max_delay_s, base_delay_s * factor ** (attempt - 1))
                await asyncio.sleep(wait)
                attempt += 1
            finally:
                _attempt.reset(token)

    return call
`;

/** The executor's settings for one tool, as the arguments of \`_with_executor\`. */
export function executorArguments(
  tool: { idempotent: boolean; timeoutMs?: number; retry?: Partial<RetryPolicy> },
  defaults: { timeoutMs: number; retry: RetryPolicy },
): string {
  const retry = { ...defaults.retry, ...tool.retry };
  const seconds = (ms: number) => String(Math.round(ms) / 1000);
  return [
    `timeout_s=${seconds(tool.timeoutMs ?? defaults.timeoutMs)}`,
    `max_attempts=${retry.maxAttempts}`,
    `base_delay_s=${seconds(retry.baseDelayMs)}`,
    `max_delay_s=${seconds(retry.maxDelayMs)}`,
    `factor=${retry.factor}`,
  ].join(', ');
}
