import type { SampleTool } from './sample-types.ts';

// Python sample tools (issue 31). Not in the default workspace: a TypeScript-only workspace must not
// fetch Pyodide (ADR 0018). e2e/sandbox-python.spec.ts runs both through the executor.

/** The production seed's rate-limited API: the first attempt is told to come back after Retry-After. */
export const rateLimitedSearch: SampleTool = {
  name: 'rate_limited',
  description: 'A rate-limited API: the first attempt is told to come back after Retry-After.',
  idempotent: true,
  exampleArguments: { query: 'trains to Bergen' },
  schemaSource: '',
  codeSource: `from toolscope import tool, ctx, TransientError

@tool(idempotent=True)
async def rate_limited(query: str) -> dict:
    """A rate-limited API: the first attempt is told to come back after Retry-After."""
    if ctx.attempt == 1:
        raise TransientError("429 Too Many Requests", retry_after=0.3, status=429)
    return {"query": query, "attempt": ctx.attempt}
`,
};

/** The template tool: typed arguments, a log line, a print, a cooperative sleep. */
export const weatherTool: SampleTool = {
  name: 'get_weather',
  description: 'Current weather for a city.',
  idempotent: true,
  exampleArguments: { city: 'Oslo' },
  schemaSource: '',
  codeSource: `from typing import Literal
from toolscope import tool, ctx, TransientError

@tool(idempotent=True)
async def get_weather(city: str, unit: Literal["celsius", "fahrenheit"] = "celsius") -> dict:
    """Current weather for a city."""
    ctx.log("looking up", city)
    print("printed", unit)
    await ctx.sleep(0.05)
    return {"city": city, "temp": 21, "unit": unit}
`,
};

export const pythonSampleTools: readonly SampleTool[] = [weatherTool, rateLimitedSearch];
