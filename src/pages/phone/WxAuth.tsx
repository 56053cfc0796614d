import { useEffect, useEffectEvent, useState } from 'react';
import { API_BASE } from '../../app/http/api-base';
import { storage } from '../../app/storage';
import { api } from './api';
import { Bar, Loading, Note } from './parts';
import { Link, navigate, useLocation } from './router';
import { rememberVisitor, safeReturn, type VisitorProfile } from './visitor';

/** where to go once the provider has sent the visitor back */
const RETURN_KEY = 'VISITOR_WXAUTH_RETURN';

/**
 * /phone/wxauth: sign-in through the configured identity provider (OAuth2 authorization code). Without
 * parameters it goes to the provider; the server's callback comes back here with a one-time ticket
 * (exchanged for the visitor's token) or an error.
 */
export default function WxAuth() {
  const { query } = useLocation();
  const ticket = query.get('ticket');
  const [error, setError] = useState(query.get('error') ?? '');

  // the ticket is used once: this page runs the exchange once, as it opens
  const exchange = useEffectEvent(() => {
    if (error) return;
    if (!ticket) {
      storage.set(RETURN_KEY, safeReturn(query.get('redirect')), 600_000);
      location.assign(`${API_BASE}/visitor/oauth/authorize`);
      return;
    }
    api<{ token: string; visitor: VisitorProfile }>('/visitor/oauth/token', { ticket }).then(
      ({ result }) => {
        rememberVisitor(result.token, result.visitor);
        const back = safeReturn(storage.get<string>(RETURN_KEY) ?? null);
        storage.remove(RETURN_KEY);
        navigate(back, { replace: true });
      },
      (e: Error) => setError(e.message),
    );
  });
  useEffect(() => exchange(), []);

  return (
    <>
      <Bar title="微信授权登录" back="/phone/login" />
      <main className="page">
        {error ? (
          <>
            <Note kind="error">{error}</Note>
            <Link className="btn btn-primary btn-block" href="/phone/login">
              返回登录
            </Link>
          </>
        ) : (
          <Loading />
        )}
      </main>
    </>
  );
}
