import { useEffect, useEffectEvent, useState } from 'react';
import { API_BASE } from '../../app/http/api-base';
import { storage } from '../../app/storage';
import { BIND_SESSION } from '../../core/wire';
import { api, useRemote } from './api';
import { Bar, Loading, Note } from './parts';
import { Link, navigate, useLocation } from './router';
import type { Platform } from './types';
import { rememberVisitor, safeReturn, type VisitorProfile } from './visitor';
import { t } from './i18n/i18n';

/** where to go once the provider has sent the visitor back */
const RETURN_KEY = 'VISITOR_WXAUTH_RETURN';

/**
 * /phone/wxauth: sign-in through the configured identity provider (OAuth2 authorization code). Without
 * parameters it goes to the provider, once the platform says there is one (otherwise it says so and
 * offers the SMS sign-in); the server's callback comes back here with a one-time ticket (exchanged for
 * the visitor's token) or an error.
 */
export default function WxAuth() {
  const { query } = useLocation();
  const ticket = query.get('ticket');
  const [error, setError] = useState(query.get('error') ?? '');
  // only the way out needs to know: a returning ticket is exchanged at once
  const platform = useRemote<Platform>(ticket || error ? null : '/public/platform');

  // the ticket is used once: this page runs the exchange once, as it opens
  const exchange = useEffectEvent(() => {
    if (error || !ticket) return;
    api<{ token: string; visitor: VisitorProfile }>('/visitor/oauth/token', { ticket }, BIND_SESSION).then(
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

  const goToProvider = useEffectEvent(() => {
    storage.set(RETURN_KEY, safeReturn(query.get('redirect')), 600_000);
    location.assign(`${API_BASE}/visitor/oauth/authorize`);
  });
  const configured = platform.data?.wxauth;
  useEffect(() => {
    if (configured) goToProvider();
  }, [configured]);

  const shown = error || platform.error || (platform.data && !configured ? t('phone.wxauthOff') : '');
  const redirect = query.get('redirect');
  const smsLogin = redirect ? `/phone/login?redirect=${encodeURIComponent(redirect)}` : '/phone/login';
  return (
    <>
      <Bar title={t('phone.wxauth')} back="/phone/login" />
      <main className="page">
        {shown ? (
          <>
            <Note kind="error">{shown}</Note>
            <Link className="btn btn-primary btn-block" href={smsLogin}>
              {t('phone.smsLogin')}
            </Link>
          </>
        ) : (
          <Loading />
        )}
      </main>
    </>
  );
}
