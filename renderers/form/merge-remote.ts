type Data = Record<string, unknown>;

/** a field both this form and another session's save changed, each to its own value */
export interface Collision {
  key: string;
  /** what this form holds (the user's typing) */
  mine: unknown;
  /** what the other save wrote */
  theirs: unknown;
}

const same = (a: unknown, b: unknown) =>
  (a === undefined || a === null || a === '' ? null : JSON.stringify(a)) ===
  (b === undefined || b === null || b === '' ? null : JSON.stringify(b));

/**
 * Another session saved the record this form edits (its live news brought the new version):
 * a field the user left as it was takes the new value; a field only the user changed keeps the
 * user's; a field both changed differently keeps the user's and is a collision for the user to
 * settle. `base` is the version the form started from, all three as form data (form-data.ts).
 */
export function mergeRemote(
  keys: readonly string[],
  base: Data,
  mine: Data,
  theirs: Data,
): { merged: Data; collisions: Collision[] } {
  const merged: Data = { ...mine };
  const collisions: Collision[] = [];
  for (const key of keys) {
    if (same(mine[key], base[key])) merged[key] = theirs[key];
    else if (!same(theirs[key], base[key]) && !same(theirs[key], mine[key]))
      collisions.push({ key, mine: mine[key], theirs: theirs[key] });
  }
  return { merged, collisions };
}
