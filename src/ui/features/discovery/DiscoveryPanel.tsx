import type { DiscoveredTool } from '../../../store/registry-slice.ts';
import '../versions/registry.css';

interface DiscoveryPanelProps {
  query: string;
  matches: DiscoveredTool[];
  /** Enabled tools left out because they are still compiling. */
  compiling: number;
  searching: boolean;
  error: string | null;
  onQueryChange(query: string): void;
}

/** "Discover tools": the tools a request would be offered with top-k discovery, best first, with scores. */
export function DiscoveryPanel({ query, matches, compiling, searching, error, onQueryChange }: DiscoveryPanelProps) {
  return (
    <section className="discovery" aria-label="Tool discovery">
      <label className="stacked">
        <span>Discover tools</span>
        <input
          type="search"
          aria-label="Discover tools"
          placeholder="e.g. what's the weather in Paris"
          value={query}
          onChange={(event) => onQueryChange(event.target.value)}
        />
      </label>
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
      {matches.length > 0 && (
        <ol className="discovery-results" aria-label="Discovered tools" aria-busy={searching}>
          {matches.map((match) => (
            <li key={match.name}>
              <code>{match.name}</code>
              <meter min={0} max={1} value={match.score} aria-label={`Score of ${match.name}`} />
              <span className="discovery-score">{match.score.toFixed(2)}</span>
            </li>
          ))}
        </ol>
      )}
      {query.trim() && compiling > 0 && (
        <p className="hint">{compiling === 1 ? '1 tool is' : `${compiling} tools are`} still compiling and not ranked yet.</p>
      )}
      <p className="hint">
        Ranked by similarity to each tool&apos;s name, description and parameters; unhealthy and disabled tools are left out.
      </p>
    </section>
  );
}
