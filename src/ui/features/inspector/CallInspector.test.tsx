// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { buildTimeline, inspectCall } from '../../../trace/index.ts';
import { flakyTool, progressTool, recordBatch, sleepTool } from '../../../trace/recorded-batches.test-support.ts';
import { CallInspector } from './CallInspector.tsx';

afterEach(cleanup);

describe('CallInspector', () => {
  it('shows arguments, each attempt with its retry, logs, the result and what the model read', async () => {
    const { events } = await recordBatch(() => [flakyTool('flaky', 1)], [{ id: 'f', name: 'flaky', arguments: '{}' }]);
    const model = buildTimeline(events);
    const call = model.calls[0]!;
    const onClose = vi.fn();
    render(
      <CallInspector
        call={call}
        inspection={inspectCall(call, [{ role: 'tool', toolCallId: 'f', name: 'flaky', content: '"ok"' }])}
        origin={model.start}
        onClose={onClose}
      />,
    );
    const inspector = screen.getByRole('region', { name: 'Inspector' });
    expect(within(inspector).getByLabelText('Arguments').textContent).toBe('{}');
    const attempts = within(inspector).getAllByRole('listitem');
    expect(attempts).toHaveLength(2);
    expect(attempts[0]!.textContent).toMatch(/execution error.*503 from upstream.*Retry in \d+ ms — /);
    expect(attempts[1]!.textContent).toContain('success');
    expect(within(inspector).getByLabelText('Sent to the model').textContent).toBe('"ok"');
    expect(within(inspector).getByLabelText('Result').textContent).toBe('"ok"');
    fireEvent.click(within(inspector).getByRole('button', { name: 'Close inspector' }));
    expect(onClose).toHaveBeenCalled();
  });

  it('lists validation issues of arguments that failed the schema', async () => {
    const { events } = await recordBatch(() => [sleepTool('slow', 5)], [{ id: 'b', name: 'slow', arguments: { value: 1 } }]);
    const model = buildTimeline(events);
    const call = model.calls[0]!;
    render(<CallInspector call={call} inspection={inspectCall(call)} origin={model.start} onClose={() => {}} />);
    expect(screen.getByRole('list', { name: 'Validation issues' }).textContent).toContain('value');
    expect(screen.getByText('The tool never ran.')).toBeDefined();
  });

  it('says which keys of the arguments were ignored (issue 12)', async () => {
    const { events } = await recordBatch(
      () => [sleepTool('slow', 5)],
      [{ id: 'i', name: 'slow', arguments: { value: 'a', colour: 'red' } }],
    );
    const model = buildTimeline(events);
    const call = model.calls[0]!;
    render(<CallInspector call={call} inspection={inspectCall(call)} origin={model.start} onClose={() => {}} />);
    const note = screen.getByRole('note', { name: 'Ignored keys' });
    expect(within(note).getByRole('listitem').textContent).toBe('colour');
    expect(screen.getByLabelText('Sent to the model').textContent).toContain('was ignored: "colour"');
  });

  it('lists the progress reports and the MCP traffic of a remote call, each message expandable to its JSON', async () => {
    const { events } = await recordBatch(() => [progressTool('report', 2, 100)], [{ id: 'r', name: 'report', arguments: {} }]);
    const model = buildTimeline(events);
    const call = model.calls[0]!;
    render(<CallInspector call={call} inspection={inspectCall(call)} origin={model.start} onClose={() => {}} />);
    const progress = within(screen.getByRole('list', { name: 'Progress' })).getAllByRole('listitem');
    expect(progress.map((item) => item.textContent)).toEqual(['100 ms #1 1 of 2 — step 1 of 2', '200 ms #1 2 of 2 — step 2 of 2']);
    const traffic = within(screen.getByRole('list', { name: 'MCP traffic' })).getAllByRole('listitem');
    expect(traffic[0]!.textContent).toContain('→ tools/call #1');
    expect(traffic[1]!.textContent).toContain('← result #1');
    expect(traffic[0]!.querySelector('pre')!.textContent).toContain('"method": "tools/call"');
  });

  it('shows no progress or traffic sections for a call that had none', async () => {
    const { events } = await recordBatch(() => [sleepTool('slow', 5)], [{ id: 'b', name: 'slow', arguments: {} }]);
    const model = buildTimeline(events);
    const call = model.calls[0]!;
    render(<CallInspector call={call} inspection={inspectCall(call)} origin={model.start} onClose={() => {}} />);
    expect(screen.queryByRole('list', { name: 'MCP traffic' })).toBeNull();
    expect(screen.queryByRole('list', { name: 'Progress' })).toBeNull();
  });
});
