import type { HostToFrameMessage, WorkerConnectMessage, WorkerRole } from './frame-messages.ts';
import type { CallContextData, FetchResponseData, HostToWorkerMessage } from './worker-messages.ts';
import type { Result } from '../../core/index.ts';

// Checks, inside the iframe and the workers, what the host sends them. Hand-written rather than zod:
// these scripts start for every worker, and zod's initialisation was most of a worker's cold start
// (docs/adr/0008-warm-worker-pool.md). Only the host can post here, so this is defence in depth; what
// comes back from user code is still parsed with zod on the host (worker-messages.ts).

export type Checked<Message> = Result<{ message: Message }, { problem: string }>;

type Fields = Record<string, unknown>;

const isRecord = (value: unknown): value is Fields => typeof value === 'object' && value !== null && !Array.isArray(value);
const isString = (value: unknown, maxLength = Infinity): value is string => typeof value === 'string' && value.length <= maxLength;
const isRequestId = (value: unknown): value is number => Number.isInteger(value) && (value as number) >= 0;
const isWorkerId = (value: unknown): value is string => isString(value, 100) && value.length > 0;
const isRole = (value: unknown): value is WorkerRole => value === 'schema' || value === 'code' || value === 'compile';
/** A MessagePort travels as a transferable: check its shape. */
const isPort = (value: unknown): value is MessagePort =>
  typeof value === 'object' && value !== null && typeof (value as MessagePort).postMessage === 'function';

const isModuleToCheck = (value: unknown): boolean =>
  isRecord(value) && (value.role === 'schema' || value.role === 'code') && isString(value.code) && typeof value.needsZod === 'boolean';

function checked<Message>(message: unknown, valid: boolean, problem: string): Checked<Message> {
  return valid ? { ok: true, message: message as Message } : { ok: false, problem };
}

export function checkHostToFrameMessage(data: unknown): Checked<HostToFrameMessage> {
  if (!isRecord(data)) return { ok: false, problem: 'not an object' };
  switch (data.type) {
    case 'start-worker':
      return checked(
        data,
        isWorkerId(data.workerId) &&
          isRole(data.role) &&
          isPort(data.port) &&
          (data.moduleScript === undefined || isString(data.moduleScript, 5_000_000)) &&
          (data.runtime === undefined || data.runtime === 'typescript' || data.runtime === 'python'),
        'start-worker needs a workerId, a role (schema, code or compile), a MessagePort and an optional moduleScript',
      );
    case 'terminate-worker':
      return checked(data, isWorkerId(data.workerId), 'terminate-worker needs a workerId');
    case 'ping':
      return checked(data, Number.isInteger(data.pingId), 'ping needs an integer pingId');
    case 'configure-pool':
      return checked(
        data,
        isString(data.harnessSource) && isString(data.zodSource) && Number.isInteger(data.size) && (data.size as number) >= 0,
        'configure-pool needs harnessSource, zodSource and a size',
      );
    case 'configure-python':
      return checked(
        data,
        isString(data.harnessSource) &&
          isString(data.loaderSource) &&
          isString(data.asmSource) &&
          data.wasm instanceof Blob &&
          data.stdlib instanceof Blob &&
          isString(data.lockFile) &&
          Number.isInteger(data.size) &&
          (data.size as number) >= 0,
        'configure-python needs the harness, the asm source, the wasm and stdlib bytes, the lock file and a size',
      );
    default:
      return { ok: false, problem: `unknown message type ${JSON.stringify(String(data.type))}` };
  }
}

export function checkWorkerConnectMessage(data: unknown): Checked<WorkerConnectMessage> {
  return checked(
    data,
    isRecord(data) && data.type === 'connect' && isRole(data.role) && (data.zod === null || data.zod instanceof Blob),
    'not a connect message',
  );
}

export function checkHostToWorkerMessage(data: unknown): Checked<HostToWorkerMessage> {
  if (!isRecord(data)) return { ok: false, problem: 'not an object' };
  switch (data.type) {
    case 'load-module':
      return checked(
        data,
        isRequestId(data.requestId) &&
          (data.role === 'schema' || data.role === 'code') &&
          isString(data.source) &&
          typeof data.needsZod === 'boolean',
        'load-module needs a requestId, a role (schema or code), a source and needsZod',
      );
    case 'check-modules':
      return checked(
        data,
        isRequestId(data.requestId) &&
          Array.isArray(data.modules) &&
          data.modules.every(isModuleToCheck) &&
          typeof data.reportEveryMs === 'number' &&
          data.reportEveryMs >= 0,
        'check-modules needs a requestId, modules (each a role, its code and needsZod) and reportEveryMs',
      );
    case 'python-load':
      return checked(data, isRequestId(data.requestId) && isString(data.source), 'python-load needs a requestId and a source');
    case 'validate':
      return checked(data, isRequestId(data.requestId) && 'args' in data, 'validate needs a requestId and args');
    case 'execute':
      return checked(data, 'input' in data && isCallContext(data.context), 'execute needs an input and a valid context');
    case 'fetch-response':
      return checked(
        data,
        isRequestId(data.requestId) && isFetchResponse(data.response),
        'fetch-response needs a requestId and a response',
      );
    case 'fetch-failed':
    case 'sleep-failed':
      return checked(data, isRequestId(data.requestId) && isString(data.message), `${data.type} needs a requestId and a message`);
    case 'sleep-done':
    case 'timer-done':
      return checked(data, isRequestId(data.requestId), `${data.type} needs a requestId`);
    case 'abort':
      return checked(data, isString(data.message), 'abort needs a message');
    default:
      return { ok: false, problem: `unknown message type ${JSON.stringify(String(data.type))}` };
  }
}

function isCallContext(value: unknown): value is CallContextData {
  return (
    isRecord(value) &&
    isString(value.toolCallId) &&
    Number.isInteger(value.attempt) &&
    (value.attempt as number) >= 1 &&
    (value.userId === undefined || isString(value.userId)) &&
    isRecord(value.env) &&
    Object.values(value.env).every((entry) => isString(entry)) &&
    isString(value.idempotencyKey) &&
    (value.localTimers === undefined || typeof value.localTimers === 'boolean')
  );
}

function isFetchResponse(value: unknown): value is FetchResponseData {
  return (
    isRecord(value) &&
    isString(value.url) &&
    Number.isInteger(value.status) &&
    (value.status as number) >= 200 &&
    (value.status as number) <= 599 &&
    isString(value.statusText) &&
    Array.isArray(value.headers) &&
    value.headers.every((header) => Array.isArray(header) && header.length === 2 && isString(header[0]) && isString(header[1])) &&
    isString(value.body)
  );
}
