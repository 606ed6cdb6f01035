import { useRef } from 'react';

interface RunActionsProps {
  hasRun: boolean;
  running: boolean;
  replaying: boolean;
  replaySpeed: number;
  onReplaySpeedChange(speed: number): void;
  onReplay(): void;
  onStopReplay(): void;
  onExportTrace(): void;
  onExportRun(): void;
  /** The chosen file's text and name. */
  onLoadRun(text: string, fileName: string): void;
}

const speeds = [0.1, 0.25, 1, 4];

/** Replay, exports and loading a saved run: the timeline toolbar's right-hand side. */
export function RunActions(props: RunActionsProps) {
  const { hasRun, running, replaying } = props;
  const fileRef = useRef<HTMLInputElement>(null);
  return (
    <>
      {replaying ? (
        <button type="button" onClick={props.onStopReplay}>
          Stop replay
        </button>
      ) : (
        <button
          type="button"
          onClick={props.onReplay}
          disabled={!hasRun || running}
          title="Play the run again from the start, as it happened"
        >
          Replay
        </button>
      )}
      <select
        aria-label="Replay speed"
        value={props.replaySpeed}
        disabled={replaying}
        onChange={(event) => props.onReplaySpeedChange(Number(event.target.value))}
      >
        {speeds.map((speed) => (
          <option key={speed} value={speed}>
            {speed}×
          </option>
        ))}
      </select>
      <span className="hint">Export</span>
      <button
        type="button"
        onClick={props.onExportTrace}
        disabled={!hasRun}
        aria-label="Export trace"
        title="Chrome Trace Event JSON: open it in Perfetto (ui.perfetto.dev) or Chrome DevTools › Performance"
      >
        Trace
      </button>
      <button
        type="button"
        onClick={props.onExportRun}
        disabled={!hasRun}
        aria-label="Export run"
        title="Events and conversation as JSON, to load back and replay"
      >
        Run
      </button>
      <button
        type="button"
        onClick={() => fileRef.current?.click()}
        disabled={running}
        aria-label="Load run…"
        title="Load a run exported earlier, to inspect and replay it"
      >
        Load…
      </button>
      <input
        ref={fileRef}
        type="file"
        accept=".json,application/json"
        aria-label="Run file to load"
        onChange={async (event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (file) props.onLoadRun(await file.text(), file.name);
        }}
      />
    </>
  );
}
