import { useEffect } from 'react';
import type { TourTarget } from '../../tour/index.ts';

/**
 * Marks the workbench region a chapter points at with `data-tour-target` (outlined in tour.css). An
 * attribute on the existing <section> rather than an overlay: the resizable layout stays as it is.
 */
export function useTourHighlight(target: TourTarget | null): void {
  useEffect(() => {
    if (!target) return;
    // PanelFrame labels each region by a heading whose id comes from its title.
    const headingId = `panel-${target.toLowerCase().replace(/\W+/g, '-')}`;
    const region = document.querySelector(`section[aria-labelledby="${headingId}"]`);
    region?.setAttribute('data-tour-target', '');
    return () => region?.removeAttribute('data-tour-target');
  }, [target]);
}
