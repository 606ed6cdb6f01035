import type { SampleTool } from './sample-types.ts';

/**
 * What "New Python tool" starts from (issue 31): a typed async function. Its definition (name,
 * description, JSON Schema) is read from the signature and docstring, so `schemaSource` stays empty.
 * The function is named after the tool: the tool's name in the list is the name the model calls.
 */
export function pythonToolTemplate(name: string): SampleTool {
  return {
    name,
    description: 'Current weather for a city.',
    idempotent: true,
    exampleArguments: { city: 'Oslo' },
    schemaSource: '',
    codeSource: `from typing import Literal
from toolscope import tool, ctx, TransientError

@tool(idempotent=True)
async def ${name}(city: str, unit: Literal["celsius", "fahrenheit"] = "celsius") -> dict:
    """Current weather for a city."""
    await ctx.sleep(0.2)
    return {"city": city, "temp": 21, "unit": unit}
`,
  };
}
