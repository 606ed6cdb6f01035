import type { TimelineHit } from './timeline-hits.ts';
import { callTooltip, modelTooltip } from './tooltip-content.ts';

interface TimelineTooltipProps {
  /** Pointer position inside the chart's scrolling content. */
  x: number;
  y: number;
  hit: TimelineHit;
  origin: number;
  /** Chart width, to flip the tooltip left near the right edge. */
  width: number;
}

export function TimelineTooltip({ x, y, hit, origin, width }: TimelineTooltipProps) {
  const content = hit.kind === 'call' ? callTooltip(hit.call, hit.segment, origin) : modelTooltip(hit.record, origin);
  const flip = x > width - 240;
  return (
    <div className="timeline-tooltip" role="tooltip" style={{ top: y + 14, ...(flip ? { right: width - x + 10 } : { left: x + 12 }) }}>
      <strong>{content.title}</strong>
      <dl>
        {content.fields.map(([label, value]) => (
          <div key={label} style={{ display: 'contents' }}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
