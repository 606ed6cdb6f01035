// What the model reads of an MCP tool's content blocks: text as it is, resource links as they are, and
// media (images, audio, binary resources) described in words — never their base64, which a model reads
// as thousands of tokens of noise cut in the middle. The images themselves go to providers that take
// them beside a tool result (Anthropic's tool_result image blocks), through `imagesOf`.

export interface McpContentBlock {
  type: string;
  text?: string;
  data?: string;
  mimeType?: string;
  uri?: string;
  name?: string;
  resource?: { uri?: string; mimeType?: string; text?: string; blob?: string; note?: string };
  [key: string]: unknown;
}

/** Bytes of a base64 text, without decoding it. */
export function base64Bytes(data: string): number {
  const padding = data.endsWith('==') ? 2 : data.endsWith('=') ? 1 : 0;
  return Math.max(0, Math.floor((data.length * 3) / 4) - padding);
}

export function formatBytes(bytes: number): string {
  return bytes < 1024 ? `${bytes} B` : `${(bytes / 1024).toFixed(1)} kB`;
}

export function modelSafeBlock(block: McpContentBlock): McpContentBlock {
  if ((block.type === 'image' || block.type === 'audio') && typeof block.data === 'string') {
    const { data, ...rest } = block;
    const what = block.type === 'image' ? 'An image' : 'An audio clip';
    return {
      ...rest,
      note: `${what} (${block.mimeType ?? 'unknown type'}, ${formatBytes(base64Bytes(data))}) the tool returned: shown to the person in Toolscope, attached as an image where the provider takes images beside a tool result, never sent as text.`,
    };
  }
  if (block.type === 'resource' && typeof block.resource?.blob === 'string') {
    const { blob, ...resource } = block.resource;
    return {
      ...block,
      resource: {
        ...resource,
        note: `Binary content (${resource.mimeType ?? 'unknown type'}, ${formatBytes(base64Bytes(blob))}), not sent as text.`,
      },
    };
  }
  return block;
}

/** The images among the blocks (an image block, or an embedded resource whose MIME type is an image). */
export function imagesOf(blocks: readonly McpContentBlock[]): { mimeType: string; data: string }[] {
  return blocks.flatMap((block) => {
    if (block.type === 'image' && typeof block.data === 'string' && block.mimeType) return [{ mimeType: block.mimeType, data: block.data }];
    const resource = block.resource;
    if (block.type === 'resource' && typeof resource?.blob === 'string' && resource.mimeType?.startsWith('image/'))
      return [{ mimeType: resource.mimeType, data: resource.blob }];
    return [];
  });
}
