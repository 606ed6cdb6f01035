"""What `from toolscope import ...` gives a Python tool in Toolscope's sandbox.

A tool is one function marked with @tool. Its definition (name, description, JSON Schema of the
arguments) is read from the function itself: the name, the docstring and the type hints, so the
definition the model sees and the code it calls cannot drift apart. `ctx` is the running call's
context; the error classes are mirrored into the host executor's own (retries, invalid_arguments).
The worker harness (python-worker.ts) calls the underscore functions at the bottom; nothing else does.
"""

import asyncio
import contextvars
import dataclasses
import enum
import inspect
import json
import re
import sys
import traceback
import types
import typing

from _toolscope_errors import InvalidArgumentsError, PermanentError, TransientError
from _toolscope_schema import Field, json_default as _json_default, schema_of as _schema_of, split_docstring as _split_docstring

__all__ = ["tool", "ctx", "Field", "TransientError", "PermanentError", "InvalidArgumentsError", "Response"]

TOOL_FILE = "<tool>"


# Defined in _toolscope_errors.py, shared word for word with an exported tool's stand-in; named after the
# module a tool imports them from, so a traceback reads toolscope.TransientError.
for _error_class in (TransientError, PermanentError, InvalidArgumentsError):
    _error_class.__module__ = __name__


class Response:
    """What `await ctx.fetch(...)` returns: the whole response, already read."""

    def __init__(self, url: str, status: int, status_text: str, headers: dict, text: str):
        self.url = url
        self.status = status
        self.status_text = status_text
        self.headers = headers
        self.text = text

    @property
    def ok(self) -> bool:
        return 200 <= self.status < 300

    def json(self):
        return json.loads(self.text)

    def __repr__(self):
        return f"<Response {self.status} {self.url}>"


_call: contextvars.ContextVar = contextvars.ContextVar("toolscope_call")


class _Context:
    """`ctx`: the call running now (one per worker). Times are in seconds, as in asyncio."""

    def _host(self):
        call = _call.get(None)
        if call is None:
            raise RuntimeError("ctx is only available while the tool is called, not at the module's top level")
        return call

    @property
    def tool_call_id(self) -> str:
        return self._host()["context"].toolCallId

    @property
    def attempt(self) -> int:
        return int(self._host()["context"].attempt)

    @property
    def user_id(self) -> str | None:
        value = self._host()["context"].userId
        return None if value is None else str(value)

    @property
    def idempotency_key(self) -> str:
        return self._host()["context"].idempotencyKey

    @property
    def env(self) -> dict:
        return dict(self._host()["context"].env.to_py())

    @property
    def cancelled(self) -> bool:
        """True once the call's deadline passed or it was stopped (the signal aborted)."""
        return bool(self._host()["host"].aborted())

    def log(self, *values) -> None:
        self._host()["host"].log("log", json.dumps([_loggable(value) for value in values]))

    async def sleep(self, seconds: float) -> None:
        """Waits on the executor's clock (slow motion and virtual time apply); raises CancelledError on abort."""
        host = self._host()["host"]
        try:
            await host.sleep(max(0.0, float(seconds)) * 1000)
        except Exception:
            if host.aborted():
                raise asyncio.CancelledError("the call was aborted")
            raise

    async def fetch(self, url: str, method: str = "GET", headers: dict | None = None, body: str | None = None, json_body=None) -> Response:
        """Through the host's allowlist proxy (Settings → Network allowlist); the sandbox has no network of its own."""
        if json_body is not None:
            body = json.dumps(json_body)
            headers = {"content-type": "application/json", **(headers or {})}
        if body is not None and not isinstance(body, str):
            raise TypeError("ctx.fetch sends str bodies only: use json_body=... for JSON")
        request = {"url": str(url), "method": method.upper(), "headers": [[str(k), str(v)] for k, v in (headers or {}).items()]}
        if body is not None:
            request["body"] = body
        reply = json.loads(await self._host()["host"].fetch(json.dumps(request)))
        if "error" in reply:
            raise ConnectionError(reply["error"])
        data = reply["response"]
        return Response(data["url"], data["status"], data["statusText"], {k.lower(): v for k, v in data["headers"]}, data["body"])


ctx = _Context()


class _ToolSpec:
    def __init__(self, function, idempotent, name, description):
        self.function = function
        self.idempotent = idempotent
        self.name = name
        self.description = description


_registered: list = []


def tool(function=None, *, idempotent: bool = False, name: str | None = None, description: str | None = None):
    """Marks the module's tool: `@tool` or `@tool(idempotent=True)`. Name and description default to the function's."""

    def mark(target):
        if not callable(target):
            raise TypeError("@tool marks a function")
        _registered.append(_ToolSpec(target, idempotent, name, description))
        return target

    return mark(function) if function is not None else mark


def _only_tool() -> _ToolSpec:
    if not _registered:
        raise LookupError("No tool found: mark the tool's function with @tool (from toolscope import tool)")
    if len(_registered) > 1:
        names = ", ".join(spec.function.__name__ for spec in _registered)
        raise LookupError(f"One tool per module: @tool marks {names}")
    return _registered[0]


def describe() -> dict:
    """The tool's definition: what the model sees."""
    spec = _only_tool()
    function = spec.function
    name = spec.name or function.__name__
    if not re.fullmatch(r"[a-zA-Z0-9_-]{1,64}", name):
        raise ValueError(f"The tool's name {name!r} must match ^[a-zA-Z0-9_-]{{1,64}}$")
    description, documented = _split_docstring(function.__doc__ or "")
    hints = typing.get_type_hints(function, include_extras=True)
    properties, required = {}, []
    for parameter in inspect.signature(function).parameters.values():
        where = f"{name}({parameter.name})"
        if parameter.kind in (parameter.VAR_POSITIONAL, parameter.VAR_KEYWORD):
            raise TypeError(f"{where}: *args and **kwargs cannot be described to the model; name each parameter")
        if parameter.kind is parameter.POSITIONAL_ONLY:
            raise TypeError(f"{where}: the model passes arguments by name, so a parameter cannot be positional-only")
        schema = _schema_of(hints.get(parameter.name, parameter.annotation), where)
        default = parameter.default
        if isinstance(default, Field):
            schema, default = default.apply(schema), default.default
        if parameter.name in documented and "description" not in schema:
            schema = {"description": documented[parameter.name], **schema}
        if default is parameter.empty:
            required.append(parameter.name)
        else:
            schema["default"] = _json_default(default)
        properties[parameter.name] = schema
    parameters = {"type": "object", "properties": properties, "additionalProperties": False}
    if required:
        parameters["required"] = required
    return {
        "name": name,
        "description": spec.description if spec.description is not None else description,
        "idempotent": bool(spec.idempotent),
        "parameters": parameters,
    }


# ---- a call -------------------------------------------------------------------------------------


def _convert(value, annotation):
    """JSON (already checked against the schema) into what the hints ask for: dataclasses, tuples, sets, enums."""
    origin, arguments = typing.get_origin(annotation), typing.get_args(annotation)
    if origin is typing.Annotated:
        return _convert(value, arguments[0])
    if origin in (typing.Union, types.UnionType):
        for option in arguments:
            if option is type(None) and value is None:
                return None
        options = [option for option in arguments if option is not type(None)]
        return _convert(value, options[0]) if len(options) == 1 else value
    if isinstance(annotation, type) and dataclasses.is_dataclass(annotation) and isinstance(value, dict):
        hints = typing.get_type_hints(annotation, include_extras=True)
        return annotation(**{key: _convert(item, hints.get(key)) for key, item in value.items()})
    if isinstance(annotation, type) and issubclass(annotation, enum.Enum):
        return annotation(value)
    if annotation is float and isinstance(value, int) and not isinstance(value, bool):
        return float(value)
    if origin in (list, tuple, set, frozenset) and isinstance(value, list):
        items = [_convert(item, arguments[0] if len(arguments) == 1 or (len(arguments) == 2 and arguments[1] is Ellipsis)
                          else (arguments[index] if index < len(arguments) else None)) for index, item in enumerate(value)] \
            if arguments else value
        return origin(items) if origin is not list else items
    if origin is dict and isinstance(value, dict) and len(arguments) == 2:
        return {key: _convert(item, arguments[1]) for key, item in value.items()}
    return value


def _plain(value, depth=0):
    """The result as JSON: dataclasses, tuples, sets and enums become what they hold."""
    if depth > 64:
        return "[nested too deep]"
    if value is None or isinstance(value, (bool, int, float, str)):
        return value
    if isinstance(value, enum.Enum):
        return _plain(value.value, depth + 1)
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {field.name: _plain(getattr(value, field.name), depth + 1) for field in dataclasses.fields(value)}
    if isinstance(value, dict):
        return {str(key): _plain(item, depth + 1) for key, item in value.items()}
    if isinstance(value, (list, tuple, set, frozenset)):
        return [_plain(item, depth + 1) for item in value]
    if isinstance(value, Response):
        return {"status": value.status, "url": value.url, "text": value.text}
    return f"[{type(value).__name__}: {value!r}]"[:500]


def _loggable(value):
    return value if isinstance(value, str) else _plain(value)


def _error_of(error: BaseException) -> dict:
    """What the host rebuilds as the executor's error: the Python type and message, and the tool's own line."""
    name = type(error).__name__
    line = getattr(error, "lineno", None) if isinstance(error, SyntaxError) and error.filename == TOOL_FILE else None
    column = getattr(error, "offset", None) if line else None
    frames = [frame for frame in traceback.extract_tb(error.__traceback__) if frame.filename == TOOL_FILE]
    if frames and line is None:
        line = frames[-1].lineno
        column = (frames[-1].colno or 0) + 1 if hasattr(frames[-1], "colno") and frames[-1].colno is not None else 1
    message = str(error) if not isinstance(error, SyntaxError) else (error.msg or "invalid syntax")
    trace = "".join(traceback.format_exception(error)) if frames else ""
    kind = {"TransientError": "TransientError", "PermanentError": "PermanentError", "InvalidArgumentsError": "InvalidArgumentsError"}
    result = {"name": kind.get(name, name), "message": message or name}
    if isinstance(error, TransientError):
        result["retryable"] = True
        if error.retry_after is not None:
            result["retryAfterMs"] = max(0.0, float(error.retry_after) * 1000)
    if isinstance(error, PermanentError):
        result["retryable"] = False
    if isinstance(error, (TransientError, PermanentError)) and error.status is not None:
        result["status"] = int(error.status)
    if isinstance(error, InvalidArgumentsError):
        result["issues"] = [{"path": str(issue.get("path", "")), "message": str(issue.get("message", ""))} for issue in error.issues]
    if line:
        result["line"] = int(line)
        result["column"] = int(column or 1)
    if trace:
        result["traceback"] = trace[-8000:]
    return result


def _load(source: str) -> str:
    """Runs the tool's module and describes it. JSON: {"ok": true, "definition"} or {"ok": false, "error"}."""
    _registered.clear()
    module = types.ModuleType("tool")
    module.__file__ = TOOL_FILE
    sys.modules["tool"] = module
    try:
        code = compile(source, TOOL_FILE, "exec", dont_inherit=True)
        exec(code, module.__dict__)
        return json.dumps({"ok": True, "definition": describe()})
    except BaseException as error:  # noqa: BLE001 - every failure of user code is a verdict to show
        return json.dumps({"ok": False, "error": _error_of(error)})


_running: dict = {}


async def _call_tool(arguments_json: str, context, host) -> str:
    """Runs one call. JSON: {"ok": true, "value"} or {"ok": false, "error"}."""
    spec = _only_tool()
    hints = typing.get_type_hints(spec.function, include_extras=True)
    arguments = json.loads(arguments_json)
    token = _call.set({"context": context, "host": host})
    try:
        converted = {key: _convert(value, hints.get(key)) for key, value in arguments.items()}
        outcome = spec.function(**converted)
        if inspect.isawaitable(outcome):
            task = asyncio.ensure_future(outcome)
            _running["task"] = task
            outcome = await task
        return json.dumps({"ok": True, "value": _plain(outcome)}, allow_nan=False)
    except BaseException as error:  # noqa: BLE001 - CancelledError included: the host reads its name
        return json.dumps({"ok": False, "error": _error_of(error)})
    finally:
        _running.pop("task", None)
        _call.reset(token)


def _cancel(message: str) -> None:
    """The call's signal aborted: the awaiting tool sees asyncio.CancelledError at its next await."""
    task = _running.get("task")
    if task is not None and not task.done():
        task.cancel(message)
