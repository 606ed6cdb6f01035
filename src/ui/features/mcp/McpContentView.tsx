import type { ToolCallResult } from '../../../core/index.ts';
import { base64Bytes, formatBytes, type McpContentBlock } from '../../../mcp/index.ts';

/** The content blocks of an MCP call's value, when it has them (an MCP tool's success). */
export function mcpContentOf(result: ToolCallResult | null): McpContentBlock[] | null {
  if (result?.status !== 'success' || result.result === null || typeof result.result !== 'object') return null;
  const content = (result.result as { content?: unknown }).content;
  return Array.isArray(content) ? (content as McpContentBlock[]) : null;
}

const isWebLink = (uri: string | undefined) => !!uri && /^https?:\/\//.test(uri);

function Media({ mimeType, data, label }: { mimeType: string; data: string; label: string }) {
  const source = `data:${mimeType};base64,${data}`;
  if (mimeType.startsWith('image/')) return <img className="mcp-image" src={source} alt={label} />;
  if (mimeType.startsWith('audio/')) return <audio controls src={source} aria-label={label} />;
  return (
    <a href={source} download>
      Download ({mimeType}, {formatBytes(base64Bytes(data))})
    </a>
  );
}

function Block({ block }: { block: McpContentBlock }) {
  const mime = block.mimeType ?? 'unknown type';
  if (block.type === 'text') return <pre className="mcp-text">{block.text}</pre>;
  if ((block.type === 'image' || block.type === 'audio') && typeof block.data === 'string')
    return (
      <figure>
        <Media mimeType={mime} data={block.data} label={`${block.type === 'image' ? 'Image' : 'Audio'} from the tool (${mime})`} />
        <figcaption className="hint">
          {block.type} · {mime} · {formatBytes(base64Bytes(block.data))}
        </figcaption>
      </figure>
    );
  if (block.type === 'resource_link')
    return (
      <p>
        Resource link:{' '}
        {isWebLink(block.uri) ? (
          <a href={block.uri} target="_blank" rel="noreferrer noopener">
            {block.name ?? block.uri}
          </a>
        ) : (
          <code>{block.name ?? block.uri}</code>
        )}{' '}
        <span className="hint">
          {block.uri} · {mime}
          {typeof block.description === 'string' ? ` · ${block.description}` : ''}
        </span>
      </p>
    );
  if (block.type === 'resource' && block.resource) {
    const { uri, mimeType = 'unknown type', text, blob } = block.resource;
    return (
      <figure>
        <figcaption className="hint">
          Embedded resource <code>{uri}</code> · {mimeType}
        </figcaption>
        {typeof text === 'string' && <pre className="mcp-text">{text}</pre>}
        {typeof blob === 'string' && <Media mimeType={mimeType} data={blob} label={`Embedded resource ${uri ?? ''} (${mimeType})`} />}
      </figure>
    );
  }
  return <pre className="mcp-text">{JSON.stringify(block, null, 2)}</pre>;
}

/** Images as images, resource links as links, embedded resources by MIME type, text as text. */
export function McpContentView({ blocks }: { blocks: readonly McpContentBlock[] }) {
  return (
    <details open>
      <summary>Content ({blocks.length})</summary>
      <ol className="mcp-content" aria-label="Content">
        {blocks.map((block, index) => (
          <li key={index}>
            <Block block={block} />
          </li>
        ))}
      </ol>
    </details>
  );
}
