import { describeThrown, type JsonValue, type ObjectWriter } from './bounded-json-types.ts';

// The object cases of the bounded serializer. Every access to user-made objects (getters, proxies,
// toJSON) is inside a try, because any of them may throw.

export function describeObject(value: object, key: string | undefined, writer: ObjectWriter): JsonValue {
  if (value instanceof Date) {
    const time = value.getTime();
    return writer.spend(Number.isNaN(time) ? '[Invalid Date]' : value.toISOString());
  }
  const toJson = read(value, 'toJSON');
  if (toJson.ok && typeof toJson.value === 'function') {
    try {
      return writer.item((toJson.value as (key: string) => unknown).call(value, key ?? ''), writer.path);
    } catch (error) {
      writer.note(`a toJSON method threw at ${writer.path}`);
      return writer.spend(`[toJSON threw: ${describeThrown(error)}]`);
    }
  }
  if (isArray(value)) return describeArray(value as unknown[], writer);
  if (value instanceof Map) {
    // Each entry is a [key, value] pair; the pair itself is not an array to cut.
    const writePair = (pair: unknown, path: string): JsonValue => {
      const [entryKey, entryValue] = pair as [unknown, unknown];
      return [writer.item(entryKey, `${path}.key`), writer.item(entryValue, `${path}.value`)];
    };
    return {
      $type: writer.spend('Map'),
      entries: describeArray([...boundedIterate(value.entries(), writer)], writer, 'entries', value.size, writePair),
    };
  }
  if (value instanceof Set) {
    return { $type: writer.spend('Set'), values: describeArray([...boundedIterate(value.values(), writer)], writer, 'values', value.size) };
  }
  if (value instanceof Error) {
    return {
      name: writer.item(read(value, 'name').value, `${writer.path}.name`),
      message: writer.item(read(value, 'message').value, `${writer.path}.message`),
    };
  }
  if (value instanceof RegExp) return writer.spend(String(value));
  if (value instanceof ArrayBuffer) return writer.spend(`[ArrayBuffer ${value.byteLength} bytes]`);
  if (ArrayBuffer.isView(value)) {
    if (value instanceof DataView) return writer.spend(`[DataView ${value.byteLength} bytes]`);
    return describeArray(Array.from(value as unknown as ArrayLike<number | bigint>), writer);
  }
  if (value instanceof Promise) {
    writer.note(`a promise inside the value was not awaited (at ${writer.path})`);
    return writer.spend('[Promise]');
  }
  if (value instanceof WeakMap) return writer.spend('[WeakMap]');
  if (value instanceof WeakSet) return writer.spend('[WeakSet]');
  if (value instanceof WeakRef) return writer.spend('[WeakRef]');
  if (value instanceof Number || value instanceof String || value instanceof Boolean) {
    return writer.item(value.valueOf(), writer.path);
  }
  return describePlainObject(value, writer);
}

/** `totalLength` is the size of the collection `items` was cut from (Maps and Sets are read bounded). */
function describeArray(
  items: unknown[],
  writer: ObjectWriter,
  pathSuffix?: string,
  totalLength?: number,
  writeItem: (item: unknown, path: string) => JsonValue = (item, path) => writer.item(item, path),
): JsonValue[] {
  const base = pathSuffix ? `${writer.path}.${pathSuffix}` : writer.path;
  const length = totalLength ?? readLength(items);
  const shown = Math.min(readLength(items), length, writer.limits.maxArrayItems);
  const result: JsonValue[] = [];
  for (let index = 0; index < shown; index++) {
    if (writer.remaining() <= 0) {
      result.push(writer.spend(`[Truncated: ${length - index} more items]`));
      writer.note(`the value was cut at about ${writer.limits.maxTotalLength} characters`);
      return result;
    }
    const item = read(items, index);
    result.push(item.ok ? writeItem(item.value, `${base}[${index}]`) : getterThrew(item.error, `${base}[${index}]`, writer));
  }
  if (length > shown) {
    writer.note(`arrays were cut to ${writer.limits.maxArrayItems} items`);
    result.push(writer.spend(`[Truncated: ${length - shown} more items]`));
  }
  return result;
}

function describePlainObject(value: object, writer: ObjectWriter): JsonValue {
  let keys: string[];
  try {
    keys = Object.keys(value);
  } catch (error) {
    writer.note(`the keys of an object could not be read (at ${writer.path})`);
    return writer.spend(`[Unreadable object: ${describeThrown(error)}]`);
  }
  const result: { [key: string]: JsonValue } = {};
  const shown = Math.min(keys.length, writer.limits.maxObjectKeys);
  for (let index = 0; index < shown; index++) {
    const key = keys[index] as string;
    if (writer.remaining() <= 0) {
      result['[truncated]'] = writer.spend(`${keys.length - index} more keys`);
      writer.note(`the value was cut at about ${writer.limits.maxTotalLength} characters`);
      return result;
    }
    const property = read(value, key);
    const itemPath = `${writer.path}.${key}`;
    if (!property.ok) {
      result[key] = getterThrew(property.error, itemPath, writer);
      continue;
    }
    // Like JSON.stringify: a property holding undefined is left out rather than written as null.
    if (property.value === undefined) continue;
    writer.spend(key);
    result[key] = writer.property(property.value, itemPath, key);
  }
  if (keys.length > shown) {
    writer.note(`objects were cut to ${writer.limits.maxObjectKeys} keys`);
    result['[truncated]'] = writer.spend(`${keys.length - shown} more keys`);
  }
  return result;
}

type Read = { ok: true; value: unknown } | { ok: false; error: unknown; value?: undefined };

function read(target: object, key: PropertyKey): Read {
  try {
    return { ok: true, value: (target as Record<PropertyKey, unknown>)[key] };
  } catch (error) {
    return { ok: false, error };
  }
}

function readLength(items: unknown[]): number {
  const length = read(items, 'length');
  return length.ok && typeof length.value === 'number' && Number.isFinite(length.value) ? Math.max(0, length.value) : 0;
}

function isArray(value: object): boolean {
  try {
    return Array.isArray(value);
  } catch {
    return false; // A revoked Proxy: described as an unreadable object below.
  }
}

function getterThrew(error: unknown, path: string, writer: ObjectWriter): JsonValue {
  writer.note(`a getter threw at ${path}`);
  return writer.spend(`[Getter threw: ${describeThrown(error)}]`);
}

/** Reads at most maxArrayItems + 1 entries, so a huge Map is not copied whole before being cut. */
function* boundedIterate<Item>(iterator: Iterator<Item>, writer: ObjectWriter): Generator<Item> {
  for (let count = 0; count <= writer.limits.maxArrayItems; count++) {
    const next = iterator.next();
    if (next.done) return;
    yield next.value;
  }
}
