/** What each colour and mark of the chart means; the swatches use the same CSS variables as the canvas. */
const entries: { label: string; variable: string; shape?: 'thin' | 'ghost' | 'deadline' | 'stripes' | 'thin stripes' }[] = [
  { label: 'Queued (waiting for a slot)', variable: '--timeline-queued', shape: 'thin' },
  { label: 'Validating', variable: '--timeline-validating', shape: 'thin' },
  { label: 'Running', variable: '--timeline-running' },
  { label: 'Waiting for you (its deadline stands still)', variable: '--timeline-waiting', shape: 'stripes' },
  { label: 'Waiting for a connection', variable: '--timeline-connecting', shape: 'thin stripes' },
  { label: 'Backoff wait', variable: '--timeline-backoff', shape: 'thin' },
  { label: 'Success', variable: '--timeline-success' },
  { label: 'Error', variable: '--timeline-error' },
  { label: 'Invalid arguments', variable: '--timeline-invalid' },
  { label: 'Timeout', variable: '--timeline-timeout' },
  { label: 'Aborted', variable: '--timeline-aborted' },
  { label: 'Work past its deadline (result discarded; ✕ = killed)', variable: '--timeline-ghost', shape: 'ghost' },
  { label: 'Deadline', variable: '--timeline-deadline', shape: 'deadline' },
  { label: 'Model call (inside a tool call: the server asked the model)', variable: '--timeline-model' },
];

export function TimelineLegend() {
  return (
    <ul className="timeline-legend" aria-label="Legend">
      {entries.map((entry) => (
        <li key={entry.label}>
          <span className={`swatch ${entry.shape ?? ''}`} style={{ background: `var(${entry.variable})` }} aria-hidden="true" />
          {entry.label}
        </li>
      ))}
    </ul>
  );
}
