import { useSyncExternalStore } from 'react';

const query = () => window.matchMedia('(prefers-color-scheme: dark)');

function subscribe(onChange: () => void) {
  const media = query();
  media.addEventListener('change', onChange);
  return () => media.removeEventListener('change', onChange);
}

/** The system colour scheme, live: the app follows it without a reload. */
export function useColorScheme(): 'dark' | 'light' {
  return useSyncExternalStore(subscribe, () => (query().matches ? 'dark' : 'light'));
}
