// Where the hover tooltip goes: beside the pointer, flipped to the other side of it near an edge, and
// always inside the window, so the last rows and the right edge of a chart show a whole tooltip.

export interface Size {
  width: number;
  height: number;
}

/** Gap between the pointer and the tooltip, and between the tooltip and the window's edge, px. */
const offset = { x: 12, y: 14 };
const margin = 6;

export function placeTooltip(pointer: { x: number; y: number }, tooltip: Size, window: Size): { left: number; top: number } {
  let left = pointer.x + offset.x;
  if (left + tooltip.width > window.width - margin) left = pointer.x - offset.x - tooltip.width;
  let top = pointer.y + offset.y;
  if (top + tooltip.height > window.height - margin) top = pointer.y - offset.y - tooltip.height;
  return {
    left: Math.max(margin, Math.min(left, window.width - margin - tooltip.width)),
    top: Math.max(margin, Math.min(top, window.height - margin - tooltip.height)),
  };
}
