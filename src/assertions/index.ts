// Public surface of the trajectory assertions: pure, zod only, reusable in an exported project.
export { expectationSchema, expectationsSchema, expectationsJsonSchema, type Expectation } from './expectations.ts';
export { checkTrajectory, matchesPartially, type AssertionResult } from './check-trajectory.ts';
export type { Trajectory, TrajectoryCall } from './trajectory.ts';
export { vitestFileFor, type ExportedScenarioTest } from './vitest-export.ts';
