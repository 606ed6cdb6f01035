// Pointer, wheel and keyboard gestures of the chart, as native listeners (wheel must be non-passive to
// stop the page from scrolling while zooming). Everything is turned into viewport changes or selections
// through `controls`, read fresh on each event so the listeners are attached only once.
import { useEffect, type RefObject } from 'react';
import { panViewport, timeAt, zoomViewport, type Viewport } from '../../../trace/index.ts';

export interface GestureControls {
  viewport: Viewport;
  bounds: Viewport;
  /** Height of the fixed header (axis + lanes): the wheel zooms there without a modifier. */
  header: number;
  /** Width of the label gutter left of the plot, px. */
  gutterWidth: number;
  plotWidth: number;
  onViewportChange(viewport: Viewport): void;
  /**
   * A drag's viewport, every move: drawn at once without going through React (a render of the chart
   * per pointer move was most of a drag frame's script). The drag's last one then goes to
   * `onViewportChange` when it ends.
   */
  onPan(viewport: Viewport): void;
  onBrushChange(brush: { start: number; end: number } | null): void;
  /** A click (no drag) at canvas coordinates. */
  onClick(x: number, y: number): void;
  onHover(x: number, y: number): void;
  onLeave(): void;
  onStepSelection(delta: number): void;
  onReset(): void;
  onEscape(): void;
}

type Drag = {
  pointerId: number;
  x: number;
  viewport: Viewport;
  brush: boolean;
  moved: boolean;
  /** The element's edges when the drag began: reading them on every move could force a layout. */
  left: number;
  top: number;
  /** The viewport of the last move, handed to onViewportChange when the drag ends. */
  panned: Viewport | null;
};

/** Wheel lines and pages to pixels, so a mouse wheel and a trackpad zoom at a similar pace. */
const wheelPixels = (event: WheelEvent, delta: number) => delta * (event.deltaMode === 1 ? 16 : event.deltaMode === 2 ? 400 : 1);

export function useTimelineGestures(element: RefObject<HTMLElement | null>, controls: RefObject<GestureControls>): void {
  useEffect(() => {
    const target = element.current;
    if (!target) return;
    const pointers = new Map<number, { x: number; y: number }>();
    let drag: Drag | null = null;
    let pinch: { distance: number; viewport: Viewport; anchor: number } | null = null;
    const local = (event: { clientX: number; clientY: number }) => {
      const box = target.getBoundingClientRect();
      return { x: event.clientX - box.left, y: event.clientY - box.top };
    };
    const fractionAt = (x: number) => (x - controls.current.gutterWidth) / controls.current.plotWidth;
    const spread = () => {
      const [first, second] = [...pointers.values()];
      return first && second ? { distance: Math.max(1, Math.abs(first.x - second.x)), middle: (first.x + second.x) / 2 } : null;
    };

    const onPointerDown = (event: PointerEvent) => {
      const point = local(event);
      // Leave the scrollbar to the browser.
      if (event.button !== 0 || point.x >= target.clientWidth) return;
      pointers.set(event.pointerId, point);
      try {
        target.setPointerCapture(event.pointerId);
      } catch {
        // Synthetic pointers (tests, the benchmark) cannot be captured; dragging works without it.
      }
      // A drag's viewport reaches the parent when it ends, so a second finger ends it here.
      if (drag?.panned) controls.current.onViewportChange(drag.panned);
      const viewport = drag?.panned ?? controls.current.viewport;
      const fingers = spread();
      if (fingers) {
        pinch = { distance: fingers.distance, viewport, anchor: fractionAt(fingers.middle) };
        drag = null;
        return;
      }
      const [left, top] = [event.clientX - point.x, event.clientY - point.y];
      drag = { pointerId: event.pointerId, x: point.x, viewport, brush: event.shiftKey, moved: false, left, top, panned: null };
      if (drag.brush) controls.current.onBrushChange(null);
    };
    const onPointerMove = (event: PointerEvent) => {
      const current = controls.current;
      if (drag && drag.pointerId === event.pointerId && !pinch && pointers.size < 2) {
        // A drag's move reads no layout and makes no render: one viewport, drawn on the next frame.
        // Marked handled, so the panel splitter's document listener (react-resizable-panels) skips its
        // hit test of every separator, which reads their boxes and so forced a layout per move.
        event.preventDefault();
        const x = event.clientX - drag.left;
        const dx = x - drag.x;
        if (!drag.moved && Math.abs(dx) <= 3) return;
        if (!drag.moved) target.classList.add('dragging');
        drag.moved = true;
        const held = pointers.get(event.pointerId);
        if (held) [held.x, held.y] = [x, event.clientY - drag.top];
        if (drag.brush)
          current.onBrushChange({ start: timeAt(drag.viewport, fractionAt(drag.x)), end: timeAt(drag.viewport, fractionAt(x)) });
        else current.onPan((drag.panned = panViewport(drag.viewport, -dx / current.plotWidth, current.bounds)));
        return;
      }
      const point = local(event);
      if (pointers.has(event.pointerId)) pointers.set(event.pointerId, point);
      const fingers = spread();
      if (pinch && fingers) {
        current.onViewportChange(zoomViewport(pinch.viewport, fingers.distance / pinch.distance, pinch.anchor, current.bounds));
        return;
      }
      if (!drag || drag.pointerId !== event.pointerId) current.onHover(point.x, point.y);
    };
    const onPointerUp = (event: PointerEvent) => {
      pointers.delete(event.pointerId);
      if (pointers.size < 2) pinch = null;
      target.classList.remove('dragging');
      if (drag?.pointerId === event.pointerId && !drag.moved) {
        const point = local(event);
        controls.current.onClick(point.x, point.y);
      }
      if (drag?.pointerId === event.pointerId) {
        if (drag.panned) controls.current.onViewportChange(drag.panned);
        drag = null;
      }
    };
    const onWheel = (event: WheelEvent) => {
      const current = controls.current;
      const point = local(event);
      const horizontal = Math.abs(event.deltaX) > Math.abs(event.deltaY);
      if (event.ctrlKey || event.metaKey || (point.y < current.header && !horizontal)) {
        // Chrome reports a trackpad pinch as a wheel event with ctrlKey set.
        event.preventDefault();
        const factor = Math.exp(-wheelPixels(event, event.deltaY) * 0.002);
        current.onViewportChange(zoomViewport(current.viewport, factor, Math.min(1, Math.max(0, fractionAt(point.x))), current.bounds));
      } else if (event.shiftKey || horizontal) {
        event.preventDefault();
        const delta = wheelPixels(event, horizontal ? event.deltaX : event.deltaY);
        current.onViewportChange(panViewport(current.viewport, delta / current.plotWidth, current.bounds));
      }
      // A plain vertical wheel over the rows scrolls them (the browser's default).
    };
    const onKeyDown = (event: KeyboardEvent) => {
      const current = controls.current;
      const zoom = (factor: number) => current.onViewportChange(zoomViewport(current.viewport, factor, 0.5, current.bounds));
      const actions: Record<string, () => void> = {
        '+': () => zoom(1.5),
        '=': () => zoom(1.5),
        '-': () => zoom(1 / 1.5),
        '0': () => current.onReset(),
        ArrowLeft: () => current.onViewportChange(panViewport(current.viewport, -0.1, current.bounds)),
        ArrowRight: () => current.onViewportChange(panViewport(current.viewport, 0.1, current.bounds)),
        ArrowUp: () => current.onStepSelection(-1),
        ArrowDown: () => current.onStepSelection(1),
        Escape: () => current.onEscape(),
      };
      const action = actions[event.key];
      if (!action || event.ctrlKey || event.metaKey || event.altKey) return;
      event.preventDefault();
      action();
    };
    const onLeave = () => controls.current.onLeave();

    target.addEventListener('pointerdown', onPointerDown);
    target.addEventListener('pointermove', onPointerMove);
    target.addEventListener('pointerup', onPointerUp);
    target.addEventListener('pointercancel', onPointerUp);
    target.addEventListener('pointerleave', onLeave);
    target.addEventListener('wheel', onWheel, { passive: false });
    target.addEventListener('keydown', onKeyDown);
    return () => {
      target.removeEventListener('pointerdown', onPointerDown);
      target.removeEventListener('pointermove', onPointerMove);
      target.removeEventListener('pointerup', onPointerUp);
      target.removeEventListener('pointercancel', onPointerUp);
      target.removeEventListener('pointerleave', onLeave);
      target.removeEventListener('wheel', onWheel);
      target.removeEventListener('keydown', onKeyDown);
    };
  }, [element, controls]);
}
