import { describe, expect, it } from 'vitest';
import type { ToolDefinition } from '../tool.ts';
import { cosineSimilarity } from './cosine.ts';
import type { Embedder } from './embedder.ts';
import { LexicalEmbedder } from './lexical-embedder.ts';
import { ToolDiscovery } from './tool-discovery.ts';
import { toolText } from './tool-text.ts';

function tool(name: string, description = '', parameters: Record<string, unknown> = { type: 'object', properties: {} }): ToolDefinition {
  return { name, description, parameters: parameters as ToolDefinition['parameters'] };
}

/** A lexical embedder that records what it was asked to fit and embed. */
function recording(): { embedder: Embedder; fits: string[][]; embeds: string[][] } {
  const lexical = new LexicalEmbedder({ conceptGroups: [] });
  const fits: string[][] = [];
  const embeds: string[][] = [];
  const embedder: Embedder = {
    fit: (corpus) => (fits.push([...corpus]), lexical.fit(corpus)),
    embed: (texts) => (embeds.push([...texts]), lexical.embed(texts)),
  };
  return { embedder, fits, embeds };
}

const names = (matches: { definition: ToolDefinition }[]) => matches.map((match) => match.definition.name);

describe('ToolDiscovery.rank, edges', () => {
  it('breaks ties by name whatever order the tools come in', async () => {
    const discovery = new ToolDiscovery(new LexicalEmbedder());
    expect(names(await discovery.rank('zzz', [tool('c'), tool('a'), tool('b')], 5))).toEqual(['a', 'b', 'c']);
    expect(names(await discovery.rank('zzz', [tool('b'), tool('c'), tool('a')], 5))).toEqual(['a', 'b', 'c']);
  });

  it('keeps two tied tools of the same name in the order they were given', async () => {
    const first = tool('same', 'one');
    const second = tool('same', 'two');
    const ranked = await new ToolDiscovery(new LexicalEmbedder()).rank('zzz', [first, second], 5);
    expect(ranked.map((match) => match.definition)).toEqual([first, second]);
    expect(ranked[0]?.definition).toBe(first);
  });

  it('reads a limit that is not a number as the default of five, and a fraction as its floor', async () => {
    const tools = ['a', 'b', 'c', 'd', 'e', 'f', 'g'].map((name) => tool(name));
    const discovery = new ToolDiscovery(new LexicalEmbedder());
    expect(await discovery.rank('zzz', tools, Number.NaN)).toHaveLength(5);
    expect(await discovery.rank('zzz', tools, 2.9)).toHaveLength(2);
    expect(await discovery.rank('zzz', tools, -3)).toHaveLength(0);
  });

  it('asks the embedder nothing when there is no tool or the limit is 0', async () => {
    const { embedder, fits, embeds } = recording();
    const discovery = new ToolDiscovery(embedder);
    expect(await discovery.rank('weather', [], 5)).toEqual([]);
    expect(await discovery.rank('weather', [tool('get_weather')], 0)).toEqual([]);
    expect(fits).toEqual([]);
    expect(embeds).toEqual([]);
  });

  it('embeds a query that is not a string as its text, and a missing one as empty', async () => {
    const { embedder, embeds } = recording();
    const discovery = new ToolDiscovery(embedder);
    await discovery.rank(42 as never, [tool('a')], 5);
    await discovery.rank(undefined as never, [tool('a')], 5);
    await discovery.rank(null as never, [tool('a')], 5);
    expect(embeds.slice(1)).toEqual([['42'], [''], ['']]);
  });

  it('fails clearly when the embedder returns the wrong number of vectors', async () => {
    // The query gets its vector; the tools are one short.
    const short: Embedder = { embed: (texts) => (texts.length > 1 ? texts.slice(1) : texts).map(() => [1]) };
    await expect(new ToolDiscovery(short).rank('q', [tool('a'), tool('b')], 5)).rejects.toThrow(
      'The embedder returned 1 vectors for 2 tools',
    );
    const noQuery: Embedder = { embed: (texts) => (texts.length === 1 && texts[0] === 'q' ? [] : texts.map(() => [1])) };
    await expect(new ToolDiscovery(noQuery).rank('q', [tool('a')], 5)).rejects.toThrow('The embedder returned 1 vectors for 1 tools');
  });

  it('refits when the tool texts change even if they read the same run together', async () => {
    // One tool's text "alpha\nbetagamma\ndelta" is also two tools' texts written without a separator.
    const { embedder, fits } = recording();
    const discovery = new ToolDiscovery(embedder);
    await discovery.rank('delta', [tool('alpha', 'betagamma\ndelta')], 5);
    const ranked = await discovery.rank('delta', [tool('alpha', 'beta'), tool('gamma', 'delta')], 5);
    expect(fits).toEqual([['alpha\nbetagamma\ndelta'], ['alpha\nbeta', 'gamma\ndelta']]);
    expect(names(ranked)).toEqual(['gamma', 'alpha']);
  });

  it('keeps the cache of the newer tools when an older request fails after it', async () => {
    let rejectOld: (error: Error) => void = () => {};
    let embedCalls = 0;
    const embedder: Embedder = {
      embed: (texts) => {
        embedCalls++;
        if (texts.length === 2 && texts[0] === 'old') return new Promise((_, reject) => (rejectOld = reject));
        return Promise.resolve(texts.map((text) => [text.length, 1]));
      },
    };
    const discovery = new ToolDiscovery(embedder);
    const old = discovery.rank('q', [tool('old'), tool('older')], 5);
    await discovery.rank('q', [tool('new')], 5);
    rejectOld(new Error('503'));
    await expect(old).rejects.toThrow('503');
    const callsBefore = embedCalls;
    await discovery.rank('q', [tool('new')], 5);
    // Only the query was embedded again: the new tools' vectors were still cached.
    expect(embedCalls - callsBefore).toBe(1);
  });
});

describe('toolText, edges', () => {
  function nested(depth: number): Record<string, unknown> {
    let schema: Record<string, unknown> = { type: 'string', description: `level ${depth}` };
    for (let level = depth - 1; level >= 0; level--) {
      schema = { type: 'object', description: `level ${level}`, properties: { [`p${level + 1}`]: schema } };
    }
    return schema;
  }

  it('reads parameters four levels deep and no deeper', () => {
    const text = toolText(tool('deep', '', nested(6)));
    expect(text).toContain('level 4');
    expect(text).toContain('p5');
    expect(text).not.toContain('level 5');
    expect(text).not.toContain('p6');
  });

  it('ends on a schema that contains itself, through properties or items', () => {
    const parent: Record<string, unknown> = { type: 'object', properties: {} };
    (parent.properties as Record<string, unknown>).child = parent;
    const list: Record<string, unknown> = { type: 'array', description: 'a list' };
    list.items = list;
    const count = (text: string, part: string) => text.split('\n').filter((line) => line === part).length;
    // Read at depths 0 to 4: five times each.
    expect(count(toolText(tool('cyclic', 'loops', parent)), 'child')).toBe(5);
    expect(count(toolText(tool('cyclic', 'loops', list)), 'a list')).toBe(5);
  });

  it('keeps the first twenty string enum values and skips the others', () => {
    const values = Array.from({ length: 25 }, (_, index) => `v${index}`);
    const text = toolText(tool('pick', '', { type: 'object', properties: { choice: { enum: [1, true, ...values, null] } } }));
    expect(text).toBe(`pick\nchoice\n${values.slice(0, 20).join(' ')}`);
  });
});

describe('cosineSimilarity, edges', () => {
  it('compares vectors of different lengths over the shorter one', () => {
    expect(cosineSimilarity([1, 0, 5], [1, 0])).toBeCloseTo(1, 12);
    expect(cosineSimilarity([3, 4], [3, 4, 100])).toBeCloseTo(1, 12);
  });

  it('is 0 for a zero vector on either side and for values that overflow', () => {
    expect(cosineSimilarity([0, 0], [1, 1])).toBe(0);
    expect(cosineSimilarity([1, 1], [0, 0])).toBe(0);
    expect(cosineSimilarity([1e200, 1e200], [1e200, 1e200])).toBe(0);
    expect(cosineSimilarity([1, -1], [-1, 1])).toBeCloseTo(-1, 12);
  });
});
