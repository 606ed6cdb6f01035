// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import { IgnoredKeysNotice } from './IgnoredKeysNotice.tsx';

afterEach(cleanup);

describe('IgnoredKeysNotice', () => {
  it('lists each ignored key by its path', () => {
    render(<IgnoredKeysNotice keys={['units', 'options.verbose']} />);
    const note = screen.getByRole('note', { name: 'Ignored keys' });
    expect(note.textContent).toContain('These 2 keys are not in the schema and had no effect');
    expect(
      within(note)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['units', 'options.verbose']);
  });

  it('shows nothing when no key was ignored', () => {
    const { container } = render(<IgnoredKeysNotice keys={[]} />);
    expect(container.innerHTML).toBe('');
  });
});
