// What leaves the page (the save, an export, a share link) is the workspace as its schema reads it, minus
// the fields the schema says hold a credential. Nothing is guessed from property names: a field the
// schema declares is kept whatever it is called (`secretHeaders` only lists header names), and a field it
// does not declare is dropped whatever it is called (an API key spread in from provider state at run time).
// Today the saved shape declares no credential at all: API keys and secret header values live in the key
// store (llm/api-key-store.ts). A field that ever must hold one is registered here beside the schema, and
// then it stays in memory only.
import { z } from 'zod';

export interface CredentialField {
  /** What the field holds, in words ("the provider's API key"). */
  holds: string;
}

/** Schemas of fields that hold a credential: `z.string().optional().register(credentialFields, { holds: '…' })`. */
export const credentialFields = z.registry<CredentialField>();

export interface WithoutCredentials<Value> {
  value: Value;
  /** Dotted paths of what was left out (credential fields and undeclared ones), e.g. `settings.provider.apiKey`. */
  removedPaths: string[];
}

/** A copy of `value` (new objects and arrays) with only the fields `schema` declares, and none it marks as a credential. */
export function withoutCredentials<Value>(schema: z.ZodType, value: Value): WithoutCredentials<Value> {
  const removedPaths: string[] = [];
  return { value: copyDeclared(schema, value, [], removedPaths) as Value, removedPaths };
}

type Schema = z.core.$ZodType;

/** Whether the field's schema, or one it wraps (optional, nullable, default), is registered as a credential. */
function holdsCredential(schema: Schema): boolean {
  for (let current: Schema | undefined = schema; current; current = wrapped(current)) if (credentialFields.has(current)) return true;
  return false;
}

/** The schema inside a wrapper that does not change the shape of the value. */
function wrapped(schema: Schema): Schema | undefined {
  const definition = schema._zod.def as { type: string; innerType?: Schema; in?: Schema; getter?: () => Schema };
  switch (definition.type) {
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'nonoptional':
    case 'readonly':
    case 'catch':
      return definition.innerType;
    case 'pipe':
      return definition.in;
    case 'lazy':
      return definition.getter?.();
    default:
      return undefined;
  }
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function copyDeclared(schema: Schema, value: unknown, path: string[], removedPaths: string[]): unknown {
  const inner = wrapped(schema);
  if (inner) return value === undefined || value === null ? value : copyDeclared(inner, value, path, removedPaths);
  const definition = schema._zod.def;
  if (definition.type === 'array' && Array.isArray(value)) {
    const element = (definition as z.core.$ZodArrayDef).element;
    return value.map((item, index) => copyDeclared(element, item, [...path, String(index)], removedPaths));
  }
  if (definition.type === 'record' && isPlainObject(value)) {
    const valueType = (definition as z.core.$ZodRecordDef).valueType;
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [key, copyDeclared(valueType, item, [...path, key], removedPaths)]),
    );
  }
  if (definition.type === 'object' && isPlainObject(value)) {
    const { shape, catchall } = definition as z.core.$ZodObjectDef;
    const copy: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) {
      const field = Object.hasOwn(shape, key) ? shape[key] : catchall && catchall._zod.def.type !== 'never' ? catchall : undefined;
      if (!field || holdsCredential(field)) removedPaths.push([...path, key].join('.'));
      else copy[key] = copyDeclared(field, item, [...path, key], removedPaths);
    }
    return copy;
  }
  if (definition.type === 'union') {
    // The option the value is: its own fields decide what is declared.
    const option = (definition as z.core.$ZodUnionDef).options.find((candidate) => z.safeParse(candidate, value).success);
    return option ? copyDeclared(option, value, path, removedPaths) : value;
  }
  // A leaf (string, number, enum…), or a value that does not match its schema: a save refuses those, and an
  // export keeps them as they are, so that the import says what is wrong.
  return value;
}
