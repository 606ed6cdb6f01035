// What `import { TransientError } from 'toolscope'` gives user code: the core's own error classes, not
// copies, so the names and fields the host reads back (thrown-error.ts here, host/worker-errors.ts there)
// are the core's by construction. They cross to the host by name (a posted error loses its class), and
// the host rebuilds them as the same classes, so retries and `invalid_arguments` work as for other tools.
import { InvalidArgumentsError, PermanentError, TransientError } from '../../core/index.ts';

export const toolscopeModule = Object.freeze({ __esModule: true, TransientError, PermanentError, InvalidArgumentsError });
