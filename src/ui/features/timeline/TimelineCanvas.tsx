import { useCallback, useEffect, useId, useLayoutEffect, useMemo, useRef, useState } from 'react';
import {
  fitViewport,
  formatDuration,
  spanOf,
  timeAt,
  type ArgumentLabels,
  type TimelineModel,
  type Viewport,
} from '../../../trace/index.ts';
import { useColorScheme } from '../../elements/use-color-scheme.ts';
import { drawTimeline } from './draw-timeline.ts';
import type { LabelPlacement } from './label-placement.ts';
import { hitLane, laneBars } from './lane-bars.ts';
import { hitRow, type TimelineHit } from './timeline-hits.ts';
import { contentHeight, headerHeight, laneAt, plotArea, rowAt, scaledLayout, shownLaneCount } from './timeline-layout.ts';
import { fallbackPalette, readPalette, type TimelinePalette } from './timeline-palette.ts';
import { TimelineTooltip } from './TimelineTooltip.tsx';
import { useTimelineGestures, type GestureControls } from './use-timeline-gestures.ts';

export type Brush = { start: number; end: number };

declare global {
  interface Window {
    /** Test builds only: where the last frame placed its labels and the shapes it kept them off (CSS px). */
    __toolscopeTimelineFrame?: LabelPlacement & { scale: number; width: number; height: number };
  }
}

interface TimelineCanvasProps {
  model: TimelineModel;
  viewport: Viewport;
  selectedKey: string | null;
  brush: Brush | null;
  now: number | undefined;
  concurrencyLimit: number | null;
  onViewportChange(viewport: Viewport): void;
  onBrushChange(brush: Brush | null): void;
  /** A call's key, `model:<index>` for a model call, or null to clear. */
  onSelect(key: string | null): void;
  onStepSelection(delta: number): void;
  onReset(): void;
  /** Reports how long each frame took to draw (ms), for the benchmark. */
  onFrameDrawn?(milliseconds: number): void;
  /** Text and bars at this multiple of the workbench size (2 in presenter mode). */
  scale?: number;
  /** Call key -> key argument, shown after the tool name. */
  labels: ArgumentLabels;
}

/**
 * The Gantt chart on a canvas: only the rows in view are drawn, at the device's pixel ratio, at most
 * once per animation frame. The rows scroll natively (the canvas is sticky over a tall spacer); time
 * zooms and pans through the viewport, which belongs to the parent.
 */
export function TimelineCanvas(props: TimelineCanvasProps) {
  const { model, concurrencyLimit, scale = 1 } = props;
  const metrics = scaledLayout(scale);
  const scrollRef = useRef<HTMLDivElement>(null);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const [size, setSize] = useState({ width: 0, height: 0 });
  const helpId = useId();
  const [hover, setHover] = useState<{ clientX: number; clientY: number; hit: TimelineHit } | null>(null);
  const lanes = useMemo(() => laneBars(model), [model]);
  const shownLanes = shownLaneCount(model.lanes.count, concurrencyLimit);
  const header = headerHeight(shownLanes, metrics);
  const colorScheme = useColorScheme();
  const hoveredKey = hover?.hit.kind === 'call' ? hover.hit.call.key : null;

  // What the next frame draws and what the gestures act on, refreshed after every render; drawing and
  // gestures run outside React (animation frames, native listeners) and read it from here.
  // `panned`: a drag's viewport, drawn ahead of the render that brings it as a prop when the drag ends
  // (`panEnded`); until then the pan costs one canvas frame per move and no render.
  const frame = useRef({
    pending: 0,
    scrollTop: 0,
    size,
    palette: fallbackPalette as TimelinePalette,
    panned: null as Viewport | null,
    panEnded: false,
  });
  const latest = useRef({ props, lanes, hoveredKey, header, shownLanes, metrics });
  const controls = useRef<GestureControls>(null as unknown as GestureControls);

  const draw = useCallback(() => {
    const state = frame.current;
    state.pending = 0;
    const context = canvasRef.current?.getContext('2d');
    if (!context || state.size.width === 0) return;
    const started = performance.now();
    const { props: current, lanes: currentLanes, hoveredKey: hovered, metrics: sizes } = latest.current;
    const ratio = window.devicePixelRatio || 1;
    context.setTransform(ratio, 0, 0, ratio, 0, 0);
    const drawn = drawTimeline({
      context,
      ...state.size,
      model: current.model,
      lanes: currentLanes,
      viewport: state.panned ?? current.viewport,
      palette: state.palette,
      scrollTop: state.scrollTop,
      selectedKey: current.selectedKey,
      hoveredKey: hovered,
      brush: current.brush,
      now: current.now,
      concurrencyLimit: current.concurrencyLimit,
      metrics: sizes,
      labels: current.labels,
    });
    if (import.meta.env.MODE === 'e2e') window.__toolscopeTimelineFrame = { ...drawn.placement, scale: sizes.scale, ...state.size };
    current.onFrameDrawn?.(performance.now() - started);
  }, []);
  const schedule = useCallback(() => {
    if (frame.current.pending === 0) frame.current.pending = requestAnimationFrame(draw);
  }, [draw]);

  const hitAt = (x: number, y: number): TimelineHit | null => {
    const { props: current, lanes: currentLanes, header: top, shownLanes: laneCount, metrics: sizes } = latest.current;
    const plot = plotArea(frame.current.size.width, sizes);
    if (x < plot.left) return null;
    const viewport = frame.current.panned ?? current.viewport;
    const time = timeAt(viewport, (x - plot.left) / plot.width);
    const tolerance = ((3 * sizes.scale) / plot.width) * spanOf(viewport);
    if (y < top) {
      const lane = laneAt(y, laneCount, sizes);
      const bars = lane === null ? undefined : currentLanes[lane];
      const call = bars === undefined ? null : hitLane(bars, time, tolerance);
      return call ? { kind: 'call', call, segment: null } : null;
    }
    const index = rowAt(y, frame.current.scrollTop, top, current.model.rows.length, sizes);
    const row = index === null ? undefined : current.model.rows[index];
    return row ? hitRow(row, time, tolerance) : null;
  };

  useLayoutEffect(() => {
    latest.current = { props, lanes, hoveredKey, header, shownLanes, metrics };
    if (frame.current.panEnded) frame.current.panned = null;
    frame.current.panEnded = false;
    controls.current = {
      viewport: props.viewport,
      bounds: fitViewport(model.start, model.end),
      header,
      gutterWidth: metrics.gutterWidth,
      plotWidth: plotArea(size.width, metrics).width,
      onViewportChange: (viewport) => {
        // A drag's end (or any change after it) comes back as a prop: its render drops the drag's own.
        frame.current.panEnded = true;
        props.onViewportChange(viewport);
      },
      onPan: (viewport) => {
        frame.current.panned = viewport;
        schedule();
      },
      onBrushChange: props.onBrushChange,
      onClick: (x, y) => {
        const hit = hitAt(x, y);
        props.onSelect(hit === null ? null : hit.kind === 'call' ? hit.call.key : `model:${hit.index}`);
      },
      onHover: (x, y) => {
        const hit = hitAt(x, y);
        const box = scrollRef.current?.getBoundingClientRect();
        setHover(hit && box ? { clientX: box.left + x, clientY: box.top + y, hit } : null);
      },
      onLeave: () => setHover(null),
      onStepSelection: props.onStepSelection,
      onReset: props.onReset,
      onEscape: () => {
        props.onBrushChange(null);
        props.onSelect(null);
      },
    };
    // Every render may change what is drawn; the animation frame coalesces them.
    schedule();
  });
  useEffect(() => () => cancelAnimationFrame(frame.current.pending), []);
  // A call selected elsewhere (the table, the keyboard) is scrolled into view.
  // Memoized: a pan renders every frame, and scanning 100,000 rows per frame is work nobody sees.
  const { selectedKey } = props;
  const selectedIndex = useMemo(
    () => (selectedKey === null ? -1 : model.rows.findIndex((row) => row.key === selectedKey)),
    [model.rows, selectedKey],
  );
  const { rowHeight } = metrics;
  useEffect(() => {
    const scroller = scrollRef.current;
    if (!scroller || selectedIndex < 0) return;
    const top = selectedIndex * rowHeight;
    const visible = scroller.clientHeight - header;
    if (top < scroller.scrollTop || top + rowHeight > scroller.scrollTop + visible)
      scroller.scrollTop = Math.max(0, top - (visible - rowHeight) / 2);
  }, [selectedIndex, header, rowHeight]);
  useLayoutEffect(() => {
    if (canvasRef.current) frame.current.palette = readPalette(canvasRef.current);
    schedule();
  }, [colorScheme, schedule]);

  useLayoutEffect(() => {
    const scroller = scrollRef.current;
    const canvas = canvasRef.current;
    if (!scroller || !canvas) return;
    const resize = () => {
      const ratio = window.devicePixelRatio || 1;
      const next = { width: scroller.clientWidth, height: scroller.clientHeight };
      frame.current.size = next;
      canvas.width = Math.round(next.width * ratio);
      canvas.height = Math.round(next.height * ratio);
      canvas.style.width = `${next.width}px`;
      canvas.style.height = `${next.height}px`;
      setSize(next);
      draw();
    };
    resize();
    const observer = new ResizeObserver(resize);
    observer.observe(scroller);
    return () => observer.disconnect();
  }, [draw]);

  useTimelineGestures(scrollRef, controls);

  return (
    <div
      ref={scrollRef}
      className="timeline-scroll"
      tabIndex={0}
      role="group"
      aria-label="Timeline chart"
      aria-roledescription="Gantt chart"
      aria-describedby={helpId}
      // Read by the presenter-mode test: the size of the row text drawn on the canvas, in CSS pixels.
      data-row-font-px={metrics.rowFontSize}
      onScroll={(event) => {
        frame.current.scrollTop = event.currentTarget.scrollTop;
        setHover(null);
        schedule();
      }}
    >
      <p id={helpId} hidden>
        Drag to pan, Shift+drag to select a time range, Ctrl+wheel or pinch to zoom, + and - to zoom, arrow keys to pan and to move the
        selection. The Calls table lists the same calls.
      </p>
      {model.marks.length > 0 && (
        // The canvas is hidden from assistive technology; the changes it marks are listed for it here.
        <ul className="visually-hidden" aria-label="Changes during the run">
          {model.marks.map((mark) => (
            <li key={`${mark.time}-${mark.label}`}>
              {mark.label} at {formatDuration(mark.time - model.start)}
            </li>
          ))}
        </ul>
      )}
      <canvas ref={canvasRef} aria-hidden="true" />
      <div style={{ height: Math.max(0, contentHeight(model.rows.length, shownLanes, metrics) - size.height) }} />
      {hover && (
        <TimelineTooltip
          clientX={hover.clientX}
          clientY={hover.clientY}
          hit={hover.hit}
          origin={model.start}
          argument={hover.hit.kind === 'call' ? props.labels.get(hover.hit.call.key) : undefined}
        />
      )}
    </div>
  );
}
