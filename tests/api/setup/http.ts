import net from 'node:net';

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

/**
 * A port free at this moment, for a server that must know its own address before it listens
 * (PUBLIC_URL, which the third-party sign-in requires).
 */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}
