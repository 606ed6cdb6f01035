export function Header() {
  return (
    <header className="app-header">
      <div className="brand">
        <img src="/favicon.svg" alt="" width={20} height={20} />
        <h1>Toolscope</h1>
      </div>
      <label className="field">
        <span>Scenario</span>
        <select aria-label="Scenario" disabled>
          <option>Scenarios arrive with the mock model</option>
        </select>
      </label>
      <button type="button" className="primary" disabled>
        Run
      </button>
    </header>
  );
}
