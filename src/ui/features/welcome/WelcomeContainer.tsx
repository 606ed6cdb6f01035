import { useState } from 'react';
import { WelcomeDialog } from './WelcomeDialog.tsx';
import { rememberWelcomeSeen, welcomeSeen } from './welcome-storage.ts';
import { useAppStoreApi } from '../../store-context.tsx';

/** The first-visit welcome; any choice (or closing it) means it is not shown again in this browser. */
export function WelcomeContainer() {
  const store = useAppStoreApi();
  // A share link opens its own dialog first; the welcome waits for an ordinary visit.
  const [open, setOpen] = useState(() => !welcomeSeen() && window.location.hash === '');
  if (!open) return null;
  const close = (then?: () => void) => {
    rememberWelcomeSeen();
    setOpen(false);
    then?.();
  };
  return (
    <WelcomeDialog
      onClose={() => close()}
      onTour={() => close(() => store.getState().openTour())}
      onRunScenario={() => close(() => void store.getState().runScenario())}
      onBuildTool={() => close(() => store.getState().setCreatingTool(true))}
    />
  );
}
