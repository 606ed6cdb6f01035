// Public types of the tool registry: versions with canary traffic, and the events that report changes of
// health and traffic. These do not join ExecutorEvent: every executor event belongs to one call (the
// timeline and run files rely on a toolCallId), while these belong to a tool.

/** The version of a tool registered without one. */
export const unversionedLabel = '(unversioned)';

/**
 * `stable` takes the traffic the canary does not; `canary` is the newest version on trial (possibly at 0%);
 * `inactive` versions get nothing until `setTraffic` names them again.
 */
export type VersionRole = 'stable' | 'canary' | 'inactive';

export interface ToolVersionInfo {
  version: string;
  /** Share of calls in [0, 1]; the shares of one tool add up to 1. */
  traffic: number;
  /** Clock time of `register` or `deploy`. */
  deployedAt: number;
  role: VersionRole;
}

/**
 * A tool's split of traffic, as saved and restored: the stable version, the canary and its share (in
 * [0, 1)), and the stable versions replaced by promotions (oldest first), which rollbacks go back to.
 */
export interface VersionTraffic {
  stable: string;
  canary: { version: string; share: number } | null;
  replaced: string[];
}

export interface ToolHealthChangeEvent {
  type: 'tool-health-change';
  time: number;
  name: string;
  healthy: boolean;
  detail?: string;
  /** Health before this check; undefined when the tool had never been checked. */
  previouslyHealthy?: boolean;
}

export interface ToolVersionsChangeEvent {
  type: 'tool-versions-change';
  time: number;
  name: string;
  change: 'deploy' | 'set-traffic' | 'rollback' | 'restore';
  versions: ToolVersionInfo[];
}

export type RegistryEvent = ToolHealthChangeEvent | ToolVersionsChangeEvent;

export type RegistryListener = (event: RegistryEvent) => void;
