import { presetLabels, type LayoutPreset } from './layout-presets.ts';

interface LayoutControlsProps {
  /** The preset the panels are in now; null once the person resized them by hand. */
  active: LayoutPreset | null;
  onPreset(preset: LayoutPreset): void;
  onPresent(): void;
}

/** Edit / Run / Present: three layouts of the same workbench, one click (or P) apart. */
export function LayoutControls({ active, onPreset, onPresent }: LayoutControlsProps) {
  return (
    <div className="layout-controls" role="group" aria-label="Layout">
      {(Object.keys(presetLabels) as LayoutPreset[]).map((preset) => (
        <button
          key={preset}
          type="button"
          aria-pressed={active === preset}
          title={presetLabels[preset].title}
          onClick={() => onPreset(preset)}
        >
          {presetLabels[preset].label}
        </button>
      ))}
      <button
        type="button"
        onClick={onPresent}
        aria-keyshortcuts="P"
        title="Presenter mode: the timeline fills the screen at twice the size (P; Esc leaves)"
      >
        Present
      </button>
    </div>
  );
}
