import { describe, expect, it } from 'vitest';
import { issueProblems } from './issue-problems.ts';

describe('issueProblems', () => {
  const text = '{\n  "city": 42,\n  "tags": ["a", 7]\n}';

  it('puts each issue on the value at its path', () => {
    const [city, tag] = issueProblems(text, [
      { path: 'city', message: 'Expected string' },
      { path: 'tags.1', message: 'Expected string' },
    ]);
    expect(city).toMatchObject({ line: 2, column: 11, message: 'city: Expected string' });
    expect(tag).toMatchObject({ line: 3, column: 17 });
  });

  it('marks a missing field on the object that lacks it', () => {
    const [missing] = issueProblems(text, [{ path: 'unit', message: 'Required' }]);
    expect(missing).toMatchObject({ line: 1, column: 1, endLine: 4 });
  });
});
