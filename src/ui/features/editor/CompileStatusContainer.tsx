import { useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { describeCompileProgress, lastCompileProgress } from '../../../store/compile-progress.ts';
import { useShellStore } from '../../store-context.tsx';

/** "Compiling tools 4/10" in the Tools header while the sandbox checks the tools (at start-up, after edits). */
export function CompileStatusContainer() {
  const [progressOf] = useState(lastCompileProgress);
  const progress = useShellStore(
    useShallow((state) => {
      const current = progressOf(state.workspace.tools, state.compilations);
      return { text: current ? describeCompileProgress(current) : null, compiled: current?.compiled ?? 0, total: current?.total ?? 0 };
    }),
  );
  return (
    <span className="compile-status" role="status">
      {progress.text && (
        <>
          <progress value={progress.compiled} max={progress.total} aria-hidden="true" />
          <span className="compile-status-text" title={progress.text}>
            {progress.text}
          </span>
        </>
      )}
    </span>
  );
}
