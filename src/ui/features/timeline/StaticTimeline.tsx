import { useLayoutEffect, useMemo, useRef } from 'react';
import type { TimelineModel, Viewport } from '../../../trace/index.ts';
import { useColorScheme } from '../../elements/use-color-scheme.ts';
import { drawTimeline } from './draw-timeline.ts';
import { laneBars } from './lane-bars.ts';
import { contentHeight, scaledLayout, shownLaneCount } from './timeline-layout.ts';
import { useDrawingScale } from '../../elements/drawing-scale.ts';
import { readPalette } from './timeline-palette.ts';

interface StaticTimelineProps {
  model: TimelineModel;
  /** Shared by every timeline of a comparison, so equal lengths mean equal times. */
  viewport: Viewport;
  concurrencyLimit: number | null;
  label: string;
  maxHeight?: number;
}

/** A finished run drawn once (and again on resize or a colour scheme change), for Compare. */
export function StaticTimeline({ model, viewport, concurrencyLimit, label, maxHeight = 220 }: StaticTimelineProps) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const lanes = useMemo(() => laneBars(model), [model]);
  const scale = useDrawingScale();
  const metrics = useMemo(() => scaledLayout(scale), [scale]);
  const height = Math.min(
    maxHeight * scale,
    contentHeight(model.rows.length, shownLaneCount(model.lanes.count, concurrencyLimit), metrics),
  );
  const colorScheme = useColorScheme();

  useLayoutEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    const draw = () => {
      const context = canvas.getContext('2d');
      const width = canvas.clientWidth;
      if (!context || width === 0) return;
      const ratio = window.devicePixelRatio || 1;
      canvas.width = Math.round(width * ratio);
      canvas.height = Math.round(height * ratio);
      context.setTransform(ratio, 0, 0, ratio, 0, 0);
      drawTimeline({
        context,
        width,
        height,
        model,
        lanes,
        viewport,
        palette: readPalette(canvas),
        scrollTop: 0,
        selectedKey: null,
        hoveredKey: null,
        brush: null,
        now: undefined,
        concurrencyLimit,
        metrics,
      });
    };
    draw();
    const observer = new ResizeObserver(draw);
    observer.observe(canvas);
    return () => observer.disconnect();
  }, [model, lanes, viewport, height, concurrencyLimit, colorScheme, metrics]);

  return <canvas ref={canvasRef} role="img" aria-label={label} style={{ height }} />;
}
