const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value)

/**
 * A JSON value as one text whatever the order of its keys: two values are the same exactly when
 * their texts are, so a value can be looked up among many in a Map instead of compared with each
 * (and objects without a prototype, as the checker's parse makes them, compare like any other).
 */
export const canonicalJson = (value: unknown): string =>
  Array.isArray(value)
    ? `[${value.map(canonicalJson).join(',')}]`
    : isRecord(value)
      ? `{${Object.keys(value)
          .sort()
          .map((key) => `${JSON.stringify(key)}:${canonicalJson(value[key])}`)
          .join(',')}}`
      : JSON.stringify(value)
