// Problems with a tool that are not errors in its sources: the model still reads them.
import { toolTemplate } from '../samples/index.ts';
import type { ToolSource } from '../workspace/workspace-schema.ts';

/** Why the description needs work, or null. The model picks tools by their descriptions. */
export function descriptionWarning(tool: Pick<ToolSource, 'description'>): string | null {
  const description = tool.description.trim();
  if (description === '') return 'The description is empty: the model reads it to decide when to call this tool.';
  if (description === toolTemplate.description.trim())
    return "The description is still the template's placeholder: say what the tool does and when the model should call it.";
  return null;
}
