export interface TimelinePanes {
  table: boolean;
  inspector: boolean;
}

interface PaneTogglesProps {
  panes: TimelinePanes;
  onChange(panes: TimelinePanes): void;
}

/** Shows or folds away the Calls table and the inspector beside the chart, to give the chart the width. */
export function PaneToggles({ panes, onChange }: PaneTogglesProps) {
  return (
    <span className="pane-toggles" role="group" aria-label="Panes beside the chart">
      <button
        type="button"
        aria-pressed={panes.table}
        onClick={() => onChange({ ...panes, table: !panes.table })}
        title="Show or hide the Calls table"
      >
        Table
      </button>
      <button
        type="button"
        aria-pressed={panes.inspector}
        onClick={() => onChange({ ...panes, inspector: !panes.inspector })}
        title="Show or hide the inspector of the selected call"
      >
        Inspector
      </button>
    </span>
  );
}
