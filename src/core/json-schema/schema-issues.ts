// @cfworker/json-schema reports every keyword that failed, the ones that only say "a subschema failed"
// (properties, items, allOf, $ref…) as well as the one that did. A tool's caller wants the latter, at
// dot-joined paths (`a.b.0`) as a sandboxed tool's zod errors are, so the model reads one kind of error.
import { joinPath } from '../arguments.ts';
import type { ValidationResult } from '../tool.ts';
import type { ValidationIssue } from '../tool-error.ts';
import type { OutputUnit } from './schema-check.ts';

/** Keywords whose failure is a failure found below them, reported there. */
const wrappers = new Set([
  'properties',
  'patternProperties',
  'additionalProperties',
  'unevaluatedProperties',
  'propertyNames',
  'dependentSchemas',
  'dependencies',
  'items',
  'prefixItems',
  'additionalItems',
  'unevaluatedItems',
  'contains',
  'allOf',
  'anyOf',
  'oneOf',
  'if',
  'then',
  'else',
  '$ref',
  '$recursiveRef',
]);

/** `#/a/b~1c/0` -> ['a', 'b/c', '0'] (the library URI-encodes each RFC 6901 segment). */
export function locationSegments(location: string): string[] {
  const pointer = location.startsWith('#') ? location.slice(1) : location;
  if (pointer === '') return [];
  return pointer
    .split('/')
    .slice(1)
    .map((segment) => decodeURIComponent(segment).replace(/~1/g, '/').replace(/~0/g, '~'));
}

const parentOf = (location: string) => location.slice(0, Math.max(location.lastIndexOf('/'), 1));

function issueOf(unit: OutputUnit, units: readonly OutputUnit[]): ValidationIssue {
  const path = locationSegments(unit.instanceLocation);
  if (unit.keyword === 'required') {
    const missing = /property "(.*)"\.$/.exec(unit.error)?.[1];
    if (missing !== undefined) return { path: joinPath([...path, missing]), message: 'Required' };
  }
  // `false` as a schema: under additionalProperties it means the property is not allowed at all.
  if (unit.keyword === 'false') {
    const parent = parentOf(unit.instanceLocation);
    const underAdditional = units.some(
      (other) =>
        other.instanceLocation === parent && (other.keyword === 'additionalProperties' || other.keyword === 'unevaluatedProperties'),
    );
    return { path: joinPath(path), message: underAdditional ? 'Unknown property (the schema allows no others)' : 'Not allowed here' };
  }
  // The library's sentences end in a full stop and start with "Instance"; the other tools' messages do neither.
  return { path: joinPath(path), message: unit.error.replace(/^Instance /, 'Value ').replace(/\.$/, '') };
}

/**
 * The failures a person can act on: at each location the keywords that failed there themselves, or the
 * wrapper when nothing below says more (an `anyOf` whose branches each failed differently); each once.
 */
export function issuesOf(units: readonly OutputUnit[]): ValidationIssue[] {
  const leaves = units.filter((unit) => !wrappers.has(unit.keyword));
  const explained = new Set(leaves.map((unit) => unit.instanceLocation));
  const kept = units.filter(
    (unit) => !wrappers.has(unit.keyword) || (unit.keyword !== 'additionalProperties' && !hasExplanationBelow(unit, explained)),
  );
  const seen = new Set<string>();
  return kept
    .map((unit) => issueOf(unit, units))
    .filter((issue) => {
      const key = `${issue.path}\n${issue.message}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
}

function hasExplanationBelow(unit: OutputUnit, explained: ReadonlySet<string>): boolean {
  for (const location of explained) if (location === unit.instanceLocation || location.startsWith(`${unit.instanceLocation}/`)) return true;
  return false;
}

/** A check's failures as the executor's verdict on a call's arguments. */
export function validationResult(units: readonly OutputUnit[], args: unknown): ValidationResult {
  return units.length === 0 ? { success: true, data: args } : { success: false, issues: issuesOf(units) };
}
