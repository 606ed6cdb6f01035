import { useAppStore, useAppStoreApi } from '../../store-context.tsx';
import { VersionsContainer } from '../versions/VersionsContainer.tsx';

/**
 * The Versions tab of a tool, in presenter mode: the canary lesson's Rollback in reach beside the chart,
 * at presenter size. The tool is the selected one (the same as the workbench's Versions tab), chosen here.
 */
export function PresenterVersionsContainer() {
  const store = useAppStoreApi();
  const tools = useAppStore((state) => state.workspace.tools);
  const selectedToolId = useAppStore((state) => state.selectedToolId);
  return (
    <section className="presenter-versions" aria-label="Versions">
      <label className="presenter-versions-tool">
        <span>Versions of</span>
        <select aria-label="Tool" value={selectedToolId ?? ''} onChange={(event) => store.getState().selectTool(event.target.value)}>
          {tools.map((tool) => (
            <option key={tool.id} value={tool.id}>
              {tool.name}
            </option>
          ))}
        </select>
      </label>
      <VersionsContainer />
    </section>
  );
}
