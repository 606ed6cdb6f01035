import { useLayoutEffect, useRef } from 'react';
import type { TimelineHit } from './timeline-hits.ts';
import { callTooltip, modelTooltip } from './tooltip-content.ts';
import { placeTooltip } from './tooltip-placement.ts';

interface TimelineTooltipProps {
  /** Pointer position in the window. */
  clientX: number;
  clientY: number;
  hit: TimelineHit;
  origin: number;
  /** The call's key argument, when it has one. */
  argument?: string;
}

/**
 * Fixed to the window rather than the chart, so neither the chart's scroll box nor the panel clips it;
 * once drawn it is measured and moved inside the window.
 */
export function TimelineTooltip({ clientX, clientY, hit, origin, argument }: TimelineTooltipProps) {
  const ref = useRef<HTMLDivElement>(null);
  const content = hit.kind === 'call' ? callTooltip(hit.call, hit.segment, origin, argument) : modelTooltip(hit.record, origin);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const { left, top } = placeTooltip(
      { x: clientX, y: clientY },
      { width: element.offsetWidth, height: element.offsetHeight },
      { width: document.documentElement.clientWidth, height: document.documentElement.clientHeight },
    );
    element.style.left = `${left}px`;
    element.style.top = `${top}px`;
    element.style.visibility = 'visible';
  });
  return (
    <div ref={ref} className="timeline-tooltip" role="tooltip" style={{ left: clientX, top: clientY, visibility: 'hidden' }}>
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
