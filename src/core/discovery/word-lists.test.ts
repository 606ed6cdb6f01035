import { describe, expect, it } from 'vitest';
import type { ToolDefinition } from '../tool.ts';
import { conceptMap } from './concepts.ts';
import { defaultConceptGroups } from './concepts-vocabulary.ts';
import { LexicalEmbedder } from './lexical-embedder.ts';
import { stopWords } from './stop-words.ts';
import { tokenize } from './tokenize.ts';
import { ToolDiscovery } from './tool-discovery.ts';

// The word lists are left out of mutation testing (scripts/mutation.ts says why); these tests prove
// that the lists take effect, not which words they hold.
function tool(name: string, description: string): ToolDefinition {
  return { name, description, parameters: { type: 'object', properties: {} } };
}

describe('the stop words', () => {
  it('rank no tool: a tool described only by stop words scores 0 for a query of stop words', async () => {
    const discovery = new ToolDiscovery(new LexicalEmbedder({ conceptGroups: [] }));
    const ranked = await discovery.rank('what would you do with it', [tool('zeta', 'with what you would do'), tool('alpha', 'plain')], 2);
    expect(ranked.map((match) => [match.definition.name, match.score])).toEqual([
      ['alpha', 0],
      ['zeta', 0],
    ]);
  });

  it('are dropped by tokenize, every one of them, while action words stay', () => {
    expect(tokenize([...stopWords].join(' '))).toEqual([]);
    expect(tokenize('get send find')).toEqual(['get', 'send', 'find']);
  });
});

describe('the concept groups', () => {
  it('rank a tool by a synonym it never uses: "compute" finds the calculator', async () => {
    const tools = [tool('calculator', 'Evaluates an arithmetic expression'), tool('notes', 'Stores a note for later')];
    const [first] = await new ToolDiscovery(new LexicalEmbedder()).rank('compute 17 * 23', tools, 2);
    expect(first?.definition.name).toBe('calculator');
    expect(first?.score).toBeGreaterThan(0);
    const [plain] = await new ToolDiscovery(new LexicalEmbedder({ conceptGroups: [] })).rank('compute 17 * 23', tools, 2);
    expect(plain?.score).toBe(0);
  });

  it('map every word of a group to the group head, the default groups included', () => {
    const map = conceptMap(defaultConceptGroups);
    for (const group of defaultConceptGroups) {
      const terms = new Set(group.map((word) => tokenize(word, map)[0]));
      expect([...terms]).toEqual(tokenize(group[0] ?? '', new Map()));
    }
  });
});

describe('conceptMap', () => {
  it('skips an empty group and lets the first group that places a word keep it', () => {
    const map = conceptMap([[], ['search', 'find'], ['locate', 'find', 'Seek']]);
    expect(map.get('find')).toBe('search');
    expect(map.get('locat')).toBe('locat');
    expect(map.get('seek')).toBe('locat');
  });
});
