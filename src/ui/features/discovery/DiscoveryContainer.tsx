import { useEffect, useState } from 'react';
import { DiscoveryPanel } from './DiscoveryPanel.tsx';
import { useAppStore } from '../../store-context.tsx';

/** Wait this long after the last keystroke before searching (each search builds an executor). */
const SEARCH_DELAY_MS = 250;

export function DiscoveryContainer() {
  const discovery = useAppStore((state) => state.discovery);
  const discoverTools = useAppStore((state) => state.discoverTools);
  // Searched again when a compile finishes, so tools that were still compiling join the ranking.
  const compilations = useAppStore((state) => state.compilations);
  // The field answers every keystroke; the search follows once typing pauses.
  const [query, setQuery] = useState(discovery.query);
  useEffect(() => {
    const timer = setTimeout(() => void discoverTools(query), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [query, compilations, discoverTools]);
  return (
    <DiscoveryPanel
      query={query}
      matches={discovery.matches}
      compiling={discovery.compiling}
      searching={discovery.searching}
      error={discovery.error}
      onQueryChange={setQuery}
    />
  );
}
