import { describe, expect, it } from 'vitest';
import type { ToolDefinition } from '../tool.ts';
import type { Embedder } from './embedder.ts';
import { LexicalEmbedder } from './lexical-embedder.ts';
import { ToolDiscovery } from './tool-discovery.ts';
import { toolText } from './tool-text.ts';

function definition(name: string, description: string, properties: Record<string, unknown> = {}): ToolDefinition {
  return { name, description, parameters: { type: 'object', properties } };
}

const weather = definition('get_weather', 'Current weather for a city', {
  unit: { type: 'string', enum: ['celsius', 'fahrenheit'], description: 'Temperature unit' },
});
const search = definition('search_web', 'Search the web', { query: { type: 'string', description: 'What to look for' } });
const email = definition('send_email', 'Send an email', { to: { type: 'string', description: 'Recipient address' } });

describe('toolText', () => {
  it('holds the name, description, parameter names, descriptions and enum values', () => {
    expect(toolText(weather)).toBe('get_weather\nCurrent weather for a city\nunit\nTemperature unit\ncelsius fahrenheit');
  });

  it('reads nested objects and array items, and ignores a malformed schema', () => {
    const nested = definition('a', 'b', {
      filters: { type: 'array', items: { type: 'object', properties: { field: { description: 'Field to match' } } } },
    });
    expect(toolText(nested)).toBe('a\nb\nfilters\nfield\nField to match');
    expect(toolText({ name: 'x', description: '', parameters: null as never })).toBe('x');
  });
});

describe('ToolDiscovery', () => {
  it('ranks by similarity, limits the count and breaks ties by name', async () => {
    const discovery = new ToolDiscovery(new LexicalEmbedder());
    const ranked = await discovery.rank('temperature in fahrenheit', [search, email, weather], 2);
    expect(ranked.map((match) => match.definition.name)).toEqual(['get_weather', 'search_web']);
    expect(ranked[0]?.score).toBeGreaterThan(0);
    // No known word: every score is 0 and the order is by name.
    const none = await discovery.rank('zzz', [weather, search, email], 5);
    expect(none.map((match) => [match.definition.name, match.score])).toEqual([
      ['get_weather', 0],
      ['search_web', 0],
      ['send_email', 0],
    ]);
    expect(await discovery.rank('email', [weather], 0)).toEqual([]);
  });

  it('refits only when the tools change', async () => {
    const fits: number[] = [];
    const lexical = new LexicalEmbedder();
    const embedder: Embedder = { fit: (corpus) => (fits.push(corpus.length), lexical.fit(corpus)), embed: (texts) => lexical.embed(texts) };
    const discovery = new ToolDiscovery(embedder);
    await discovery.rank('email', [weather, email], 5);
    await discovery.rank('weather', [weather, email], 5);
    expect(fits).toEqual([2]);
    const [first] = await discovery.rank('search', [weather, email, search], 5);
    expect(first?.definition.name).toBe('search_web');
    expect(fits).toEqual([2, 3]);
  });

  it('works with an asynchronous embedder and retries after it fails', async () => {
    let failures = 1;
    const vectorOf = (text: string): number[] => [text.includes('weather') ? 1 : 0, text.includes('email') ? 1 : 0];
    const embedder: Embedder = {
      embed: async (texts) => {
        if (texts.length > 1 && failures-- > 0) throw new Error('503 from the embeddings endpoint');
        return texts.map(vectorOf);
      },
    };
    const discovery = new ToolDiscovery(embedder);
    await expect(discovery.rank('email', [weather, email], 5)).rejects.toThrow('503');
    const ranked = await discovery.rank('email', [weather, email], 5);
    expect(ranked.map((match) => [match.definition.name, match.score])).toEqual([
      ['send_email', 1],
      ['get_weather', 0],
    ]);
  });
});
