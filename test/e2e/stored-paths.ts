/**
 * The field paths a stored value holds, spelled as a release's record spells them
 * (testbed/stored-fields.ts): `a.b` for a field of a field, `[]` for a list's entries, and `*` for
 * the keys of a map (the snapshots by account id), where the record has one there. The update
 * tests compare what a release really stored with its record.
 */
export function storedPaths(value: unknown, recorded: readonly string[], path = ''): string[] {
  const at = (name: string) => (path ? `${path}.${name}` : name);
  if (Array.isArray(value))
    return [at('[]'), ...value.flatMap((entry) => storedPaths(entry, recorded, at('[]')))];
  if (value === null || typeof value !== 'object') return [];
  const isMap = recorded.includes(at('*'));
  return Object.entries(value).flatMap(([name, field]) => {
    const fieldPath = at(isMap ? '*' : name);
    return [fieldPath, ...storedPaths(field, recorded, fieldPath)];
  });
}
