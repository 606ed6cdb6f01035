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
  onBrushChange(brush: { start: number; end: number } | null): void;
  /** A click (no drag) at canvas coordinates. */
  onClick(x: number, y: number): void;
  onHover(x: number, y: number): void;
  onLeave(): void;
  onStepSelection(delta: number): void;
  onReset(): void;
  onEscape(): void;
}

type Drag = { pointerId: number; x: number; viewport: Viewport; brush: boolean; moved: boolean };

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
      const { viewport } = controls.current;
      const fingers = spread();
      if (fingers) {
        pinch = { distance: fingers.distance, viewport, anchor: fractionAt(fingers.middle) };
        drag = null;
        return;
      }
      drag = { pointerId: event.pointerId, x: point.x, viewport, brush: event.shiftKey, moved: false };
      if (drag.brush) controls.current.onBrushChange(null);
    };
    const onPointerMove = (event: PointerEvent) => {
      const point = local(event);
      const current = controls.current;
      if (pointers.has(event.pointerId)) pointers.set(event.pointerId, point);
      const fingers = spread();
      if (pinch && fingers) {
        current.onViewportChange(zoomViewport(pinch.viewport, fingers.distance / pinch.distance, pinch.anchor, current.bounds));
        return;
      }
      if (!drag || drag.pointerId !== event.pointerId) {
        current.onHover(point.x, point.y);
        return;
      }
      const dx = point.x - drag.x;
      if (Math.abs(dx) > 3) drag.moved = true;
      if (!drag.moved) return;
      target.classList.add('dragging');
      if (drag.brush)
        current.onBrushChange({ start: timeAt(drag.viewport, fractionAt(drag.x)), end: timeAt(drag.viewport, fractionAt(point.x)) });
      else current.onViewportChange(panViewport(drag.viewport, -dx / current.plotWidth, current.bounds));
    };
    const onPointerUp = (event: PointerEvent) => {
      pointers.delete(event.pointerId);
      if (pointers.size < 2) pinch = null;
      target.classList.remove('dragging');
      if (drag?.pointerId === event.pointerId && !drag.moved) {
        const point = local(event);
        controls.current.onClick(point.x, point.y);
      }
      if (drag?.pointerId === event.pointerId) drag = null;
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
