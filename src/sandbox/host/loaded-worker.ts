import type { Result } from '../../core/index.ts';
import type { SourceError } from '../transpile.ts';
import type { FailureKind } from './module-load-errors.ts';
import type { WorkerSession } from './worker-session.ts';

/** A worker with one tool's module loaded (TypeScript or Python), or why it could not be had. */
export type LoadedWorker = Result<{ session: WorkerSession }, { errors: SourceError[]; kind: FailureKind }>;
