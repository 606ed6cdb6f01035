// Rollback while a run goes on. A run's executor holds the tool's versions (core's ToolVersions, restored
// from the workspace's split); a step taken in the Versions tab is saved in the workspace for later runs
// and applied here to the running executors too, so the calls still to come are routed by it at once.
import { messageOf, type RegistryEvent, type ToolExecutor } from '../core/index.ts';

export type VersionStep = { kind: 'rollback' } | { kind: 'set-traffic'; version: string; ratio: number };

export class LiveVersions {
  private readonly executors = new Map<ToolExecutor, (event: RegistryEvent) => void>();

  /** While a run goes on; its registry events (version changes, health) go to `onRegistryEvent`. Returns a release. */
  attach(executor: ToolExecutor, onRegistryEvent?: (event: RegistryEvent) => void): () => void {
    const stopListening = onRegistryEvent ? executor.onRegistryEvent(onRegistryEvent) : () => {};
    this.executors.set(executor, onRegistryEvent ?? (() => {}));
    return () => {
      stopListening();
      this.executors.delete(executor);
    };
  }

  get running(): boolean {
    return this.executors.size > 0;
  }

  /**
   * Takes `step` on the tool's versions in every running executor that has the tool. Returns what could
   * not be done, in words (a version the run did not load), or null.
   */
  apply(toolName: string, step: VersionStep): string | null {
    const problems: string[] = [];
    for (const executor of this.executors.keys()) {
      if (executor.getVersions(toolName).length === 0) continue;
      try {
        if (step.kind === 'rollback') executor.rollback(toolName);
        else executor.setTraffic(toolName, step.version, step.ratio);
      } catch (error) {
        problems.push(messageOf(error));
      }
    }
    return problems.length
      ? `The running run keeps its versions of ${toolName} (${problems.join('; ')}); the change applies from the next run.`
      : null;
  }
}
