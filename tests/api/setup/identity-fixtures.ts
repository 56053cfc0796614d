import crypto from 'node:crypto';
import http from 'node:http';

/**
 * Identity providers are outside our control, so tests use real HTTP peers on localhost:
 *
 * An OAuth2 provider (authorization-code flow). GET /authorize answers like a provider whose user has
 * already agreed: 302 to redirect_uri with a one-time code and the state. Who signs in is the
 * `login_as` query parameter a test adds to the authorize URL (a real provider asks for a password
 * there); optional `name`. POST /token checks client id, secret, code and redirect_uri and answers an
 * access token; GET /userinfo answers {id, sub, name, avatar_url} for it. Two clients are registered:
 * the staff's third-party sign-in and the visitors' wxauth.
 *
 * A CAS server (protocol 3). GET /cas/login?service=…&login_as=… redirects to the service with a
 * service ticket, as after a CAS sign-in; POST /cas/tickets {user, service} hands a test a ticket
 * directly. GET /cas/p3/serviceValidate answers the CAS XML: success once per ticket, for the
 * service it was issued for; INVALID_TICKET / INVALID_SERVICE otherwise.
 */
export const OAUTH_CLIENTS = {
  staff: { id: 'museum-console', secret: 'staff-secret-2026' },
  visitor: { id: 'museum-phone', secret: 'visitor-secret-2026' },
};

interface Grant {
  clientId: string;
  redirectUri: string;
  user: string;
  name: string;
}

function body(req: http.IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    let s = '';
    req.on('data', (c) => (s += c));
    req.on('end', () => resolve(s));
  });
}

const random = () => crypto.randomBytes(12).toString('hex');

export async function startIdentityFixtures(): Promise<{
  oauthUrl: string;
  casUrl: string;
  close: () => void;
}> {
  const codes = new Map<string, Grant>();
  const tokens = new Map<string, Grant>();
  const tickets = new Map<string, { user: string; service: string }>();

  const issueTicket = (user: string, service: string) => {
    const t = `ST-${random()}`;
    tickets.set(t, { user, service });
    return t;
  };

  const server = http.createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://fixture');
    const q = url.searchParams;
    const send = (status: number, payload: unknown, type = 'application/json') => {
      res.writeHead(status, { 'content-type': type });
      res.end(typeof payload === 'string' ? payload : JSON.stringify(payload));
    };
    const clientOk = (id: string | null, secret?: string | null) =>
      Object.values(OAUTH_CLIENTS).some((c) => c.id === id && (secret === undefined || c.secret === secret));

    if (url.pathname === '/authorize') {
      if (!clientOk(q.get('client_id')) || q.get('response_type') !== 'code')
        return send(400, { error: 'invalid_request' });
      const code = random();
      codes.set(code, {
        clientId: q.get('client_id')!,
        redirectUri: q.get('redirect_uri') ?? '',
        user: q.get('login_as') ?? 'alice',
        name: q.get('name') ?? q.get('login_as') ?? 'alice',
      });
      const back = new URL(q.get('redirect_uri') ?? '');
      back.searchParams.set('code', code);
      back.searchParams.set('state', q.get('state') ?? '');
      res.writeHead(302, { location: back.toString() });
      return res.end();
    }
    if (url.pathname === '/token' && req.method === 'POST') {
      const form = new URLSearchParams(await body(req));
      const grant = codes.get(form.get('code') ?? '');
      codes.delete(form.get('code') ?? '');
      if (
        !grant ||
        !clientOk(form.get('client_id'), form.get('client_secret')) ||
        grant.clientId !== form.get('client_id') ||
        grant.redirectUri !== form.get('redirect_uri')
      )
        return send(400, { error: 'invalid_grant', error_description: 'bad code' });
      const token = random();
      tokens.set(token, grant);
      return send(200, { access_token: token, token_type: 'bearer' });
    }
    if (url.pathname === '/userinfo') {
      const grant = tokens.get(String(req.headers.authorization ?? '').replace(/^Bearer /, ''));
      if (!grant) return send(401, { error: 'invalid_token' });
      return send(200, {
        id: grant.user,
        sub: grant.user,
        name: grant.name,
        avatar_url: `https://avatars.example/${grant.user}.png`,
      });
    }
    if (url.pathname === '/cas/login') {
      const service = q.get('service') ?? '';
      const back = new URL(service);
      back.searchParams.set('ticket', issueTicket(q.get('login_as') ?? 'alice', service));
      res.writeHead(302, { location: back.toString() });
      return res.end();
    }
    if (url.pathname === '/cas/tickets' && req.method === 'POST') {
      const { user, service } = JSON.parse(await body(req)) as { user: string; service: string };
      return send(200, { ticket: issueTicket(user, service) });
    }
    if (url.pathname === '/cas/p3/serviceValidate') {
      const t = tickets.get(q.get('ticket') ?? '');
      tickets.delete(q.get('ticket') ?? '');
      const xml = (inner: string) =>
        `<cas:serviceResponse xmlns:cas="http://www.yale.edu/tp/cas">${inner}</cas:serviceResponse>`;
      if (!t)
        return send(
          200,
          xml(
            `<cas:authenticationFailure code="INVALID_TICKET">Ticket ${q.get('ticket')} not recognized</cas:authenticationFailure>`,
          ),
          'application/xml',
        );
      if (t.service !== q.get('service'))
        return send(
          200,
          xml(
            '<cas:authenticationFailure code="INVALID_SERVICE">Ticket was issued for another service</cas:authenticationFailure>',
          ),
          'application/xml',
        );
      return send(
        200,
        xml(`<cas:authenticationSuccess><cas:user>${t.user}</cas:user></cas:authenticationSuccess>`),
        'application/xml',
      );
    }
    send(404, { error: 'not found' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  const base = `http://127.0.0.1:${port}`;
  return { oauthUrl: base, casUrl: `${base}/cas`, close: () => server.close() };
}

/** the environment that points a server at the fixtures */
export function identityEnv(f: { oauthUrl: string; casUrl: string }): Record<string, string> {
  const provider = (prefix: string, client: { id: string; secret: string }, type: string) => ({
    [`${prefix}TYPE`]: type,
    [`${prefix}AUTHORIZE_URL`]: `${f.oauthUrl}/authorize`,
    [`${prefix}TOKEN_URL`]: `${f.oauthUrl}/token`,
    [`${prefix}USERINFO_URL`]: `${f.oauthUrl}/userinfo`,
    [`${prefix}CLIENT_ID`]: client.id,
    [`${prefix}CLIENT_SECRET`]: client.secret,
  });
  return {
    ...provider('THIRD_LOGIN_', OAUTH_CLIENTS.staff, 'github'),
    ...provider('VISITOR_OAUTH_', OAUTH_CLIENTS.visitor, 'wechat'),
    CAS_SERVER_URL: f.casUrl,
  };
}
