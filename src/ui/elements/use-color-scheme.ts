import { useSyncExternalStore } from 'react';

// One query for the page: `matchMedia` builds a new MediaQueryList (and evaluates it) on every call, and
// the timeline reads the scheme on every render, which is every frame of a drag.
let media: MediaQueryList | null = null;
const query = () => (media ??= window.matchMedia('(prefers-color-scheme: dark)'));

function subscribe(onChange: () => void) {
  const list = query();
  list.addEventListener('change', onChange);
  return () => list.removeEventListener('change', onChange);
}

/** The system colour scheme, live: the app follows it without a reload. */
export function useColorScheme(): 'dark' | 'light' {
  return useSyncExternalStore(subscribe, () => (query().matches ? 'dark' : 'light'));
}
