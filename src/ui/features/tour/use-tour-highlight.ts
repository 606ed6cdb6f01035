import { useEffect } from 'react';
import type { TourTarget } from '../../../tour/index.ts';
import { tourRegionSelector } from './tour-regions.ts';

/**
 * Marks the workbench region a chapter points at with `data-tour-target` (outlined in tour.css). An
 * attribute on the existing <section> rather than an overlay: the resizable layout stays as it is.
 */
export function useTourHighlight(target: TourTarget | null): void {
  useEffect(() => {
    if (!target) return;
    const region = document.querySelector(tourRegionSelector(target));
    region?.setAttribute('data-tour-target', '');
    return () => region?.removeAttribute('data-tour-target');
  }, [target]);
}
