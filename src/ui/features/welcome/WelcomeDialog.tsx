import { Dialog } from '../../elements/Dialog.tsx';

interface WelcomeDialogProps {
  onTour(): void;
  onRunScenario(): void;
  onBuildTool(): void;
  onClose(): void;
}

/** The first visit's three ways in. The tour is the one a newcomer should take, so it is the primary button. */
export function WelcomeDialog({ onTour, onRunScenario, onBuildTool, onClose }: WelcomeDialogProps) {
  return (
    <Dialog
      title="Welcome to Toolscope"
      onClose={onClose}
      actions={
        <button type="button" onClick={onClose}>
          Not now
        </button>
      }
    >
      <p>
        Toolscope shows what happens between an LLM asking for tools and getting their results: arguments checked against a schema, calls
        run in parallel under a limit, timeouts, retries, and every failure turned into something the model can read.
      </p>
      <ul className="welcome-choices">
        <li>
          <button type="button" className="primary" autoFocus onClick={onTour}>
            Take the tour
          </button>
          <span>Ten short chapters, each with something to try (about 15 minutes).</span>
        </li>
        <li>
          <button type="button" onClick={onRunScenario}>
            Run a scenario
          </button>
          <span>Watch parallel tool calls on the timeline, with a mock model that needs no key.</span>
        </li>
        <li>
          <button type="button" onClick={onBuildTool}>
            Build a tool
          </button>
          <span>Name a new tool, write its schema and code, and call it.</span>
        </li>
      </ul>
      <p className="hint">This shows once. The Tour button in the header brings the tour back any time.</p>
    </Dialog>
  );
}
