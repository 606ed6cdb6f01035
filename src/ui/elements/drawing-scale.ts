import { createContext, useContext } from 'react';

/**
 * The multiple of the workbench size that canvases draw at: 2 inside presenter mode, so a chart that is
 * not the main timeline (Compare's) is enlarged with everything else there. Provided by PresenterContainer.
 */
export const DrawingScaleContext = createContext(1);

export const useDrawingScale = (): number => useContext(DrawingScaleContext);
