import { messageOf } from './errors.ts';
import { jsonTextDepth } from './json-depth.ts';
import type { ValidationIssue } from './tool-error.ts';
import type { Result } from './result.ts';

// Arguments come from a model: untrusted text. They are bounded before JSON.parse sees them, and keys
// that could pollute prototypes once a tool spreads or merges the object are refused outright.

export interface ArgumentLimits {
  /** Characters of JSON text. */
  maxLength: number;
  /** Nested objects/arrays; the top-level object is level 1. */
  maxDepth: number;
}

export const defaultArgumentLimits: ArgumentLimits = { maxLength: 100_000, maxDepth: 32 };

export type ParsedArguments = Result<{ value: unknown }, { issues: ValidationIssue[] }>;

export function parseArguments(raw: unknown, limits: ArgumentLimits = defaultArgumentLimits): ParsedArguments {
  if (raw === undefined) return { ok: true, value: {} };
  let value = raw;
  if (typeof raw === 'string') {
    // Providers send '' for a call without arguments.
    if (raw.trim() === '') return { ok: true, value: {} };
    if (raw.length > limits.maxLength) {
      return fail(`Arguments are too large: ${raw.length} characters, the limit is ${limits.maxLength}`);
    }
    // Scanning first keeps a hostile `[[[[...` from reaching JSON.parse and its recursion. A text of n
    // characters nests at most n deep, so a short one needs no scan.
    // Stryker disable next-line ConditionalExpression,EqualityOperator: a shortcut only: the scan of a short text finds it within the limit too (a long, deep text, tested, takes the scan).
    if (raw.length > limits.maxDepth && jsonTextDepth(raw) > limits.maxDepth) return fail(tooDeep(limits.maxDepth));
    try {
      value = JSON.parse(raw);
    } catch (error) {
      return fail(`Arguments are not valid JSON: ${messageOf(error)}`);
    }
  }
  // Nearly all arguments are clean: a walk that builds nothing says so; only the others pay for paths.
  if (isClean(value, 1, limits.maxDepth)) return { ok: true, value };
  const issues: ValidationIssue[] = [];
  inspect(value, [], 1, limits.maxDepth, issues);
  return issues.length > 0 ? { ok: false, issues } : { ok: true, value };
}

/** Dot-joined path with numeric array indexes, root `''`: the one format every issue uses. */
export function joinPath(path: readonly PropertyKey[]): string {
  return path.map((segment) => String(segment)).join('.');
}

function fail(message: string): ParsedArguments {
  return { ok: false, issues: [{ path: '', message }] };
}

function tooDeep(maxDepth: number): string {
  return `Arguments are nested too deeply: more than ${maxDepth} levels`;
}

/**
 * Whether inspect() would find nothing, by the same descent without paths, issues or key lists. Any
 * `constructor` key counts as unclean here: inspect() then decides whether it is the forbidden kind.
 */
function isClean(value: unknown, depth: number, maxDepth: number): boolean {
  if (value === null || typeof value !== 'object') return true;
  // Stryker disable next-line EqualityOperator: at exactly the limit inspect() finds nothing either; the answer is the same.
  if (depth > maxDepth) return false;
  // Stryker disable next-line ConditionalExpression,BlockStatement: for-in walks an array's indexes too; this branch only spares it.
  if (Array.isArray(value)) {
    // Stryker disable next-line EqualityOperator: one step past the end reads undefined, which is clean.
    for (let index = 0; index < value.length; index++) if (!isClean(value[index], depth + 1, maxDepth)) return false;
    return true;
  }
  // for-in also walks inherited enumerable keys: at worst a clean value is inspected in full, same answer.
  for (const key in value) {
    if (key === '__proto__' || key === 'constructor' || !isClean((value as Record<string, unknown>)[key], depth + 1, maxDepth))
      return false;
  }
  return true;
}

/** `path` is one stack, pushed and popped as the walk goes; it is copied only into an issue. */
function inspect(value: unknown, path: PropertyKey[], depth: number, maxDepth: number, issues: ValidationIssue[]): void {
  if (value === null || typeof value !== 'object') return;
  // Also stops a cyclic object handed in by code instead of text.
  if (depth > maxDepth) {
    if (!issues.some((issue) => issue.message === tooDeep(maxDepth))) issues.push({ path: joinPath(path), message: tooDeep(maxDepth) });
    return;
  }
  // The loop over Object.keys below would walk an array too, its indexes as text that joinPath prints the
  // same; this branch only spares building the list of keys.
  // Stryker disable next-line ConditionalExpression,BlockStatement: the object walk gives the same issues.
  if (Array.isArray(value)) {
    // Stryker disable next-line EqualityOperator: one step past the end reads undefined, which has nothing to inspect.
    for (let index = 0; index < value.length; index++) {
      path.push(index);
      inspect(value[index], path, depth + 1, maxDepth, issues);
      path.pop();
    }
    return;
  }
  for (const key of Object.keys(value)) {
    const child = (value as Record<string, unknown>)[key];
    path.push(key);
    if (key === '__proto__' || (key === 'constructor' && isObject(child) && Object.hasOwn(child, 'prototype'))) {
      issues.push({ path: joinPath(path), message: `Forbidden key "${key === '__proto__' ? key : 'constructor.prototype'}"` });
    } else {
      inspect(child, path, depth + 1, maxDepth, issues);
    }
    path.pop();
  }
}

function isObject(value: unknown): value is object {
  return value !== null && typeof value === 'object';
}
