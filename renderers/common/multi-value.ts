/** a comma list (the multi-choice storage format) as the array a control wants, and back */
export function splitValue(value: unknown): string[] {
  return value === undefined || value === null || value === ''
    ? []
    : String(value).split(',').filter(Boolean);
}

export function joinValue(values: string[]): string | undefined {
  return values.length ? values.join(',') : undefined;
}
