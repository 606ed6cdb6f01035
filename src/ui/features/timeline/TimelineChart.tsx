import { useState, type ReactNode } from 'react';
import {
  clampViewport,
  fitViewport,
  formatDuration,
  zoomToRange,
  zoomViewport,
  type TimelineModel,
  type Viewport,
} from '../../../trace/index.ts';
import { TimelineCanvas, type Brush } from './TimelineCanvas.tsx';
import { TimelineLegend } from './TimelineLegend.tsx';
import { useCallLabels } from './use-call-labels.ts';
import './timeline.css';
import '../inspector/inspector.css';

interface TimelineChartProps {
  model: TimelineModel;
  selectedKey: string | null;
  onSelect(key: string | null): void;
  /** Draws a "now" line (live runs and replays). */
  now: number | undefined;
  concurrencyLimit: number | null;
  /** More toolbar buttons (replay, exports), after the zoom controls. */
  actions?: ReactNode;
  /** Panes beside the chart (the Calls table, the inspector): the toolbar spans them too, so opening one never wraps it. */
  aside?: ReactNode;
  /** Text and bars at this multiple of the workbench size (2 in presenter mode). */
  scale?: number;
  /** Shown over the chart while something keeps the run from starting, e.g. tools still compiling. */
  status?: string | null;
  onFrameDrawn?(milliseconds: number): void;
}

/**
 * The chart with its zoom controls and legend. It owns the viewport: null means "fit the whole run",
 * which follows a live run as it grows; any zoom or pan pins it until Reset.
 */
export function TimelineChart(props: TimelineChartProps) {
  const { model, selectedKey, onSelect, now, concurrencyLimit, actions, aside, scale = 1, status, onFrameDrawn } = props;
  const [pinned, setPinned] = useState<Viewport | null>(null);
  const labels = useCallLabels(model.calls);
  const [brush, setBrush] = useState<Brush | null>(null);
  const bounds = fitViewport(model.start, model.end);
  const viewport = pinned ? clampViewport(pinned, bounds) : bounds;
  const zoom = (factor: number) => setPinned(zoomViewport(viewport, factor, 0.5, bounds));

  const selectedRange = (): [number, number] | null => {
    if (brush) return [brush.start, brush.end];
    const call = selectedKey ? model.calls.find((candidate) => candidate.key === selectedKey) : undefined;
    if (call) return [call.queuedAt, Math.max(...call.segments.map((segment) => segment.end), call.endedAt ?? model.end)];
    return null;
  };
  const zoomToSelection = () => {
    const range = selectedRange();
    if (range) setPinned(zoomToRange(range[0], range[1], bounds));
    setBrush(null);
  };
  const stepSelection = (delta: number) => {
    const calls = model.calls;
    if (calls.length === 0) return;
    const index = calls.findIndex((call) => call.key === selectedKey);
    const next = index === -1 ? (delta > 0 ? 0 : calls.length - 1) : Math.min(calls.length - 1, Math.max(0, index + delta));
    onSelect(calls[next]?.key ?? null);
  };

  return (
    <div className="timeline-area">
      <div className="timeline-toolbar" role="toolbar" aria-label="Timeline controls">
        <button type="button" onClick={() => zoom(1.5)} aria-label="Zoom in" title="Zoom in (+, Ctrl+wheel, pinch)">
          +
        </button>
        <button type="button" onClick={() => zoom(1 / 1.5)} aria-label="Zoom out" title="Zoom out (-)">
          −
        </button>
        <button
          type="button"
          onClick={zoomToSelection}
          disabled={!brush && !selectedKey}
          aria-label="Zoom to selection"
          title="Zoom to the Shift+dragged range, or to the selected call"
        >
          Selection
        </button>
        <button
          type="button"
          onClick={() => (setPinned(null), setBrush(null))}
          disabled={!pinned && !brush}
          aria-label="Reset zoom"
          title="Show the whole run (0)"
        >
          Reset
        </button>
        <span className="total" title="Wall time of the run on its own clock; the most calls that ran at once, against the limit">
          {model.calls.length > 0 &&
            `${formatDuration(model.end - model.start)} · peak ${model.lanes.count}${concurrencyLimit === null ? '' : ` of ${concurrencyLimit}`}`}
        </span>
        <span className="spacer" />
        {actions}
        <details className="legend-toggle">
          <summary>Legend</summary>
          <TimelineLegend />
        </details>
      </div>
      <div className="timeline-body">
        <div className="timeline-chart">
          {status && (
            <p className="timeline-status" role="status">
              {status}
            </p>
          )}
          <TimelineCanvas
            model={model}
            viewport={viewport}
            selectedKey={selectedKey}
            brush={brush}
            now={now}
            concurrencyLimit={concurrencyLimit}
            onViewportChange={setPinned}
            onBrushChange={setBrush}
            onSelect={onSelect}
            onStepSelection={stepSelection}
            onReset={() => setPinned(null)}
            onFrameDrawn={onFrameDrawn}
            scale={scale}
            labels={labels}
          />
        </div>
        {aside}
      </div>
    </div>
  );
}
