// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { toolSourceFromSample } from '../../../workspace/default-workspace.ts';
import { canRollBack, setVersionTraffic, startNewVersion, trialShare, versionRows } from '../../../workspace/saved-versions.ts';
import { flakyApi } from '../../../samples/tools/flaky-api.ts';
import { VersionsPanel, type VersionsPanelProps } from './VersionsPanel.tsx';

afterEach(cleanup);

function renderPanel(tool: ReturnType<typeof toolSourceFromSample>, overrides: Partial<VersionsPanelProps> = {}) {
  const handlers = {
    onNewVersion: vi.fn(),
    onTrafficChange: vi.fn(),
    onPromote: vi.fn(),
    onRollback: vi.fn(),
    onDiscard: vi.fn(),
    onRoutingChange: vi.fn(),
  };
  render(
    <VersionsPanel
      toolName={tool.name}
      rows={versionRows(tool)}
      canaryTraffic={trialShare(versionRows(tool))}
      canRollBack={canRollBack(tool)}
      routing="conversation"
      metrics={[]}
      {...handlers}
      {...overrides}
    />,
  );
  return handlers;
}

describe('VersionsPanel', () => {
  it('offers New version for a tool without a canary, and nothing to roll back', () => {
    const handlers = renderPanel(toolSourceFromSample(flakyApi));
    expect(screen.queryByRole('radio')).toBeNull();
    expect(screen.getByRole('button', { name: 'Rollback' }).hasAttribute('disabled')).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'New version' }));
    expect(handlers.onNewVersion).toHaveBeenCalledOnce();
  });

  it('shows a canary with its share, the release steps, Promote and Rollback', () => {
    const tool = setVersionTraffic(startNewVersion(toolSourceFromSample(flakyApi), new Date(0)), 'v2', 0.1)!;
    const handlers = renderPanel(tool);
    const rows = within(screen.getByRole('table', { name: 'Versions of flaky_api' }))
      .getAllByRole('row')
      .slice(1);
    expect(rows.map((row) => row.textContent)).toEqual([expect.stringMatching(/^v1stable90%frozen/), 'v2canary10%in the editors']);
    expect((screen.getByRole('radio', { name: '10%' }) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(screen.getByRole('radio', { name: '50%' }));
    expect(handlers.onTrafficChange).toHaveBeenCalledWith(0.5);
    fireEvent.click(screen.getByRole('button', { name: 'Promote v2' }));
    fireEvent.click(screen.getByRole('button', { name: 'Rollback' }));
    expect(handlers.onPromote).toHaveBeenCalledOnce();
    expect(handlers.onRollback).toHaveBeenCalledOnce();
  });

  it('shows the last run by version, the canary with the higher error rate marked', () => {
    const metrics = [
      { tool: 'flaky_api', version: 'v1', calls: 3, successes: 3, errors: 0, errorRate: 0, errorsByKind: {} },
      { tool: 'flaky_api', version: 'v2', calls: 3, successes: 0, errors: 3, errorRate: 1, errorsByKind: { execution_error: 3 } },
    ];
    renderPanel(toolSourceFromSample(flakyApi), { metrics });
    const rows = within(screen.getByRole('table', { name: 'Last run by version' }))
      .getAllByRole('row')
      .slice(1);
    expect(
      rows.map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      ),
    ).toEqual([
      ['v1', '3', '0', '0%', '—'],
      ['v2', '3', '3', '100%', 'execution error 3'],
    ]);
    expect(rows[1]!.className).toBe('version-worst');
  });
});
