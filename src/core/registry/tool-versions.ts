import { DuplicateVersionError } from '../errors.ts';
import type { Tool } from '../tool.ts';
import { unversionedLabel, type ToolVersionInfo, type VersionTraffic } from './registry-types.ts';

/** What a version is of: a core Tool in an executor, or a tool's saved sources in the app's workspace. */
export interface Versioned {
  name: string;
  version?: string | undefined;
}

interface Deployment<Entry> {
  label: string;
  tool: Entry;
  deployedAt: number;
}

export function versionLabel(tool: Versioned): string {
  return tool.version ?? unversionedLabel;
}

/**
 * All deployed versions of one tool name. At most two share traffic: the stable version and one canary
 * (docs/adr/0003). Raising the canary to 100% promotes it; `rollback` undoes the latest step. This is the
 * only place these rules are written: the executor routes calls with it, and the app's Versions tab keeps
 * a tool's saved versions in one too (as sources), saving only `traffic()`.
 */
export class ToolVersions<Entry extends Versioned = Tool> {
  private readonly deployments: Deployment<Entry>[] = [];
  private stable: Deployment<Entry>;
  private canary: Deployment<Entry> | undefined;
  /** Above 0 only while there is a canary: every place that clears the canary sets this to 0. */
  private canaryShare = 0;
  /** Stable versions replaced by a promotion, the most recent last: where rollbacks go back to. */
  private replacedStables: Deployment<Entry>[] = [];

  constructor(tool: Entry, deployedAt: number) {
    this.stable = { label: versionLabel(tool), tool, deployedAt };
    this.deployments.push(this.stable);
  }

  get stableTool(): Entry {
    return this.stable.tool;
  }

  /** A canary has a share in (0, 1), so some keys need hashing to know their version. */
  get isSplit(): boolean {
    return this.canaryShare > 0;
  }

  /** Whether `rollback` would change anything. */
  get canRollBack(): boolean {
    return this.isSplit || this.replacedStables.length > 0;
  }

  /** The tool serving a key whose bucket (see routing-hash.ts) is `bucket`. */
  route(bucket: number): Entry {
    return bucket < this.canaryShare ? (this.canary as Deployment<Entry>).tool : this.stable.tool;
  }

  /** The new version becomes the canary at 0%; a canary it replaces goes back to 0% too. */
  deploy(tool: Entry, deployedAt: number): void {
    const label = versionLabel(tool);
    if (this.find(label)) throw new DuplicateVersionError(tool.name, label);
    const deployment = { label, tool, deployedAt };
    this.deployments.push(deployment);
    this.canary = deployment;
    this.canaryShare = 0;
  }

  /**
   * Gives `version` the share `ratio` and the other active version the rest. Naming the stable version
   * sets the canary to `1 - ratio`; naming any other version makes it the canary. A canary at 1 is
   * promoted: it becomes the stable version, and the one it replaced is remembered for `rollback`.
   */
  setTraffic(version: string, ratio: number): void {
    if (typeof ratio !== 'number' || !(ratio >= 0 && ratio <= 1))
      throw new RangeError(`The traffic ratio must be between 0 and 1, got ${ratio}`);
    const deployment = this.require(version);
    if (deployment === this.stable) {
      if (ratio === 1) this.canaryShare = 0;
      else if (!this.canary)
        throw new RangeError(
          `Version "${version}" of "${deployment.tool.name}" is the only active version: there is no other version for the remaining traffic`,
        );
      else this.canaryShare = 1 - ratio;
    } else {
      this.canary = deployment;
      this.canaryShare = ratio;
    }
    if (this.canary && this.canaryShare === 1) {
      this.replacedStables.push(this.stable);
      this.stable = this.canary;
      this.canary = undefined;
      this.canaryShare = 0;
    }
  }

  /**
   * Sends all traffic back to the previous version: a canary with traffic goes to 0% (the stable version
   * keeps serving); without one, the last promotion is undone. False when there is nothing to undo.
   */
  rollback(): boolean {
    if (this.isSplit) {
      this.canary = undefined;
      this.canaryShare = 0;
      return true;
    }
    const previous = this.replacedStables.pop();
    if (!previous) return false;
    this.stable = previous;
    this.canary = undefined;
    this.canaryShare = 0;
    return true;
  }

  list(): ToolVersionInfo[] {
    return this.deployments.map((deployment) => {
      const role = deployment === this.stable ? 'stable' : deployment === this.canary ? 'canary' : 'inactive';
      const traffic = role === 'stable' ? 1 - this.canaryShare : role === 'canary' ? this.canaryShare : 0;
      return { version: deployment.label, traffic, deployedAt: deployment.deployedAt, role };
    });
  }

  /** Who takes which share, and what rollbacks go back to: all that must be saved to restore the split. */
  traffic(): VersionTraffic {
    return {
      stable: this.stable.label,
      canary: this.canary ? { version: this.canary.label, share: this.canaryShare } : null,
      replaced: this.replacedStables.map((deployment) => deployment.label),
    };
  }

  /**
   * Puts back a split saved by `traffic()`. The stable and canary versions must be deployed; replaced
   * versions that are not (an executor registers only the versions it can serve) are left out of the
   * rollback history.
   */
  restoreTraffic(traffic: VersionTraffic): void {
    const stable = this.require(traffic.stable);
    const canary = traffic.canary ? this.require(traffic.canary.version) : undefined;
    const share = traffic.canary?.share ?? 0;
    if (canary === stable || !(share >= 0 && share < 1)) throw new RangeError(`Not a valid traffic split for "${stable.tool.name}"`);
    this.stable = stable;
    this.canary = canary;
    this.canaryShare = canary ? share : 0;
    this.replacedStables = traffic.replaced.flatMap((label) => {
      const deployment = this.find(label);
      return deployment && deployment !== stable ? [deployment] : [];
    });
  }

  private require(label: string): Deployment<Entry> {
    const deployment = this.find(label);
    if (!deployment)
      throw new RangeError(
        `Tool "${this.stable.tool.name}" has no version "${label}"; deployed: ${this.deployments.map((entry) => entry.label).join(', ')}`,
      );
    return deployment;
  }

  private find(label: string): Deployment<Entry> | undefined {
    return this.deployments.find((deployment) => deployment.label === label);
  }
}
