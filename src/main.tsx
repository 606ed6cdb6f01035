import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './ui/App.tsx';
import { bootApp } from './ui/shell/boot.ts';
import { AppStoreProvider } from './ui/store-context.tsx';
import { ErrorBoundary } from './ui/elements/ErrorBoundary.tsx';
// One stylesheet split in four by area, loaded in this order (the cascade depends on it).
import './ui/shell/theme.css';
import './ui/shell/workbench.css';
import './ui/features/conversation/conversation.css';
import './ui/shell/modes.css';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
const { store, flushSave } = bootApp();
createRoot(container).render(
  <StrictMode>
    <ErrorBoundary area="Toolscope">
      <AppStoreProvider store={store}>
        <App onSave={flushSave} />
      </AppStoreProvider>
    </ErrorBoundary>
  </StrictMode>,
);
