/**
 * One JSON call to a server at `base` (its API base URL): the parsed answer. For tests and benches
 * that start servers of their own (no vitest import here, so the bench can use it too).
 */
export async function callAt(
  base: string,
  method: string,
  p: string,
  token?: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<any> {
  const res = await fetch(`${base}${p}`, {
    method,
    headers: {
      ...headers,
      ...(token ? { 'X-Access-Token': token } : {}),
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  return res.json();
}
