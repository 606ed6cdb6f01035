import { useShallow } from 'zustand/react/shallow';
import { ComparePanel } from './ComparePanel.tsx';
import { useAppStore } from '../../store-context.tsx';

/** Compare: the comparison slice's state and actions, for the presentational panel. */
export function CompareContainer() {
  const comparison = useAppStore((state) => state.comparison);
  const { runComparison, cancelComparison } = useAppStore(
    useShallow((state) => ({ runComparison: state.runComparison, cancelComparison: state.cancelComparison })),
  );
  return (
    <ComparePanel
      scenarioName={comparison.scenarioName}
      running={comparison.running}
      entries={comparison.entries}
      error={comparison.error}
      keptRuns={comparison.source === 'kept-runs' ? { title: comparison.title, notes: comparison.notes } : null}
      onRun={(variantIds) => void runComparison(variantIds)}
      onStop={cancelComparison}
    />
  );
}
