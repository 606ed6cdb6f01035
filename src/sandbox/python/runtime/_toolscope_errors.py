# The error classes a Python tool raises to tell the executor what went wrong, in a file of their own:
# Toolscope's sandbox imports them into `toolscope` (pyodide-boot.ts writes this file beside it), and an
# exported tool carries this same text in place of `toolscope` (tool-export/python/python-stand-in.ts),
# so the two can never define them differently.


class TransientError(Exception):
    """A failure worth retrying (overload, a dropped connection). `retry_after` is in seconds."""

    def __init__(self, message: str, retry_after: float | None = None, status: int | None = None):
        super().__init__(message)
        self.retry_after = retry_after
        self.status = status


class PermanentError(Exception):
    """A failure retrying cannot fix (not found, permission denied)."""

    def __init__(self, message: str, status: int | None = None):
        super().__init__(message)
        self.status = status


class InvalidArgumentsError(Exception):
    """Arguments the schema let through but the tool refuses; the model is told to fix its call."""

    def __init__(self, message: str, issues: list[dict] | None = None):
        super().__init__(message)
        self.issues = issues if issues is not None else [{"path": "", "message": message}]
