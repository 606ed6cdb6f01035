import { storedRunKinds, storedRunStatuses, type RunFilter } from '../../../history/index.ts';

interface RunFiltersProps {
  filter: RunFilter;
  /** Tools that appear in any kept run. */
  toolNames: readonly string[];
  /** "now" for the date choices (injected so a test can fix it). */
  now: number;
  onChange(filter: RunFilter): void;
}

const kindLabels: Record<(typeof storedRunKinds)[number], string> = {
  conversation: 'Conversation',
  scenario: 'Scenario',
  'test-call': 'Test call',
  'compare-variant': 'Compare variant',
};
const day = 24 * 60 * 60 * 1000;
const periods = [
  { key: 'any', label: 'Any time', ms: null },
  { key: 'hour', label: 'Last hour', ms: 60 * 60 * 1000 },
  { key: 'day', label: 'Last 24 hours', ms: day },
  { key: 'week', label: 'Last 7 days', ms: 7 * day },
] as const;

/** The Runs list's filters: text, kind, status, tool and period. */
export function RunFilters({ filter, toolNames, now, onChange }: RunFiltersProps) {
  const period = periods.find((candidate) => candidate.ms !== null && filter.since === now - candidate.ms)?.key ?? 'any';
  return (
    <div className="run-filters toolbar" role="group" aria-label="Filter runs">
      <input
        type="search"
        aria-label="Search runs"
        placeholder="Scenario or message"
        value={filter.text ?? ''}
        onChange={(event) => onChange({ ...filter, text: event.target.value })}
      />
      <select
        aria-label="Kind"
        value={filter.kind ?? 'all'}
        onChange={(event) => onChange({ ...filter, kind: event.target.value as RunFilter['kind'] })}
      >
        <option value="all">All kinds</option>
        {storedRunKinds.map((kind) => (
          <option key={kind} value={kind}>
            {kindLabels[kind]}
          </option>
        ))}
      </select>
      <select
        aria-label="Status"
        value={filter.status ?? 'all'}
        onChange={(event) => onChange({ ...filter, status: event.target.value as RunFilter['status'] })}
      >
        <option value="all">Any status</option>
        {storedRunStatuses.map((status) => (
          <option key={status} value={status}>
            {status}
          </option>
        ))}
      </select>
      <select aria-label="Tool" value={filter.toolName ?? ''} onChange={(event) => onChange({ ...filter, toolName: event.target.value })}>
        <option value="">Any tool</option>
        {toolNames.map((name) => (
          <option key={name} value={name}>
            {name}
          </option>
        ))}
      </select>
      <select
        aria-label="Period"
        value={period}
        onChange={(event) => {
          const chosen = periods.find((candidate) => candidate.key === event.target.value);
          onChange({ ...filter, since: chosen?.ms ? now - chosen.ms : undefined });
        }}
      >
        {periods.map((candidate) => (
          <option key={candidate.key} value={candidate.key}>
            {candidate.label}
          </option>
        ))}
      </select>
    </div>
  );
}

export { kindLabels };
