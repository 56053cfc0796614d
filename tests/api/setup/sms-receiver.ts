import http from 'node:http';

/**
 * The SMS gateway is outside our control, so tests use a real HTTP peer on localhost that records
 * what the server posts (SMS_WEBHOOK_URL) and lets a test read the last code per number.
 */
export function startSmsReceiver(): Promise<{ url: string; close: () => void }> {
  const last = new Map<string, { code: string; mode: string; count: number }>();
  const server = http.createServer((req, res) => {
    if (req.method === 'POST') {
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => {
        const msg = JSON.parse(body) as { mobile: string; code: string; mode: string };
        last.set(msg.mobile, {
          code: msg.code,
          mode: msg.mode,
          count: (last.get(msg.mobile)?.count ?? 0) + 1,
        });
        res.end('ok');
      });
      return;
    }
    const mobile = new URL(req.url ?? '/', 'http://x').searchParams.get('mobile') ?? '';
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify(last.get(mobile) ?? null));
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      resolve({ url: `http://127.0.0.1:${port}`, close: () => server.close() });
    }),
  );
}
