import { describe, expect, it } from 'vitest';
import { sampleTools, toolTemplate } from '../samples/index.ts';
import { descriptionWarning } from './tool-warnings.ts';

describe('descriptionWarning (issue 14)', () => {
  it('warns about the template placeholder and an empty description', () => {
    expect(descriptionWarning({ description: toolTemplate.description })).toMatch(/placeholder/);
    expect(descriptionWarning({ description: `  ${toolTemplate.description}\n` })).toMatch(/placeholder/);
    expect(descriptionWarning({ description: ' ' })).toMatch(/empty/);
  });

  it('is quiet for a written description, as every sample tool has', () => {
    for (const tool of sampleTools) expect(descriptionWarning(tool)).toBeNull();
  });
});
