import { useId, type KeyboardEvent, type ReactNode } from 'react';

export interface TabItem<Key extends string> {
  key: Key;
  label: string;
  /** Small badge after the label, e.g. an error count. */
  badge?: ReactNode;
}

interface TabsProps<Key extends string> {
  label: string;
  tabs: TabItem<Key>[];
  active: Key;
  onChange(key: Key): void;
  children: ReactNode;
}

/** WAI-ARIA tabs: arrow keys move between tabs, the panel is labelled by its tab. */
export function Tabs<Key extends string>({ label, tabs, active, onChange, children }: TabsProps<Key>) {
  const baseId = useId();
  const onKeyDown = (event: KeyboardEvent) => {
    const index = tabs.findIndex((tab) => tab.key === active);
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (!step) return;
    const next = tabs[(index + step + tabs.length) % tabs.length];
    if (next) {
      onChange(next.key);
      document.getElementById(`${baseId}-tab-${next.key}`)?.focus();
    }
  };
  return (
    <div className="tabs">
      <div role="tablist" aria-label={label} className="tab-list" onKeyDown={onKeyDown}>
        {tabs.map((tab) => (
          <button
            key={tab.key}
            id={`${baseId}-tab-${tab.key}`}
            type="button"
            role="tab"
            aria-selected={tab.key === active}
            aria-controls={`${baseId}-panel`}
            tabIndex={tab.key === active ? 0 : -1}
            onClick={() => onChange(tab.key)}
          >
            {tab.label}
            {tab.badge}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`${baseId}-panel`} aria-labelledby={`${baseId}-tab-${active}`} className="tab-panel">
        {children}
      </div>
    </div>
  );
}
