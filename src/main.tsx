// First, before any module parses with zod: the page runs without eval.
import './ui/shell/zod-without-eval.ts';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './ui/App.tsx';
import { bootApp } from './ui/shell/boot.ts';
import { AppStoreProvider } from './ui/store-context.tsx';
import { ErrorBoundary } from './ui/elements/ErrorBoundary.tsx';
// Every stylesheet, in the order the cascade depends on (the workbench's panels load later, their styles not).
import './ui/shell/styles.ts';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
void bootApp().then(({ store, flushSave }) =>
  createRoot(container).render(
    <StrictMode>
      <ErrorBoundary area="Toolscope">
        <AppStoreProvider store={store}>
          <App onSave={flushSave} />
        </AppStoreProvider>
      </ErrorBoundary>
    </StrictMode>,
  ),
);
