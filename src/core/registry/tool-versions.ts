import { DuplicateVersionError } from '../errors.ts';
import type { Tool } from '../types.ts';
import { unversionedLabel, type ToolVersionInfo } from './registry-types.ts';

interface Deployment {
  label: string;
  tool: Tool;
  deployedAt: number;
}

export function versionLabel(tool: Tool): string {
  return tool.version ?? unversionedLabel;
}

/**
 * All deployed versions of one tool name. At most two share traffic: the stable version and one canary
 * (docs/adr/0003). Raising the canary to 100% promotes it; `rollback` undoes the latest step.
 */
export class ToolVersions {
  private readonly deployments: Deployment[] = [];
  private stable: Deployment;
  private canary: Deployment | undefined;
  private canaryShare = 0;
  /** Stable versions replaced by a promotion, the most recent last: where rollbacks go back to. */
  private readonly replacedStables: Deployment[] = [];

  constructor(tool: Tool, deployedAt: number) {
    this.stable = { label: versionLabel(tool), tool, deployedAt };
    this.deployments.push(this.stable);
  }

  get stableTool(): Tool {
    return this.stable.tool;
  }

  /** A canary has a share in (0, 1), so some keys need hashing to know their version. */
  get isSplit(): boolean {
    return this.canary !== undefined && this.canaryShare > 0;
  }

  /** The tool serving a key whose bucket (see routing-hash.ts) is `bucket`. */
  route(bucket: number): Tool {
    return this.canary !== undefined && bucket < this.canaryShare ? this.canary.tool : this.stable.tool;
  }

  /** The new version becomes the canary at 0%; a canary it replaces goes back to 0% too. */
  deploy(tool: Tool, deployedAt: number): void {
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
    const deployment = this.find(version);
    if (!deployment)
      throw new RangeError(
        `Tool "${this.stable.tool.name}" has no version "${version}"; deployed: ${this.deployments.map((entry) => entry.label).join(', ')}`,
      );
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
    if (this.canary && this.canaryShare > 0) {
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

  private find(label: string): Deployment | undefined {
    return this.deployments.find((deployment) => deployment.label === label);
  }
}
