import { useState, type FormEvent } from 'react';
import { PRESETS } from '../../core/validation/presets';
import { API_BASE } from '../../app/http/api-base';
import { BIND_SESSION } from '../../core/wire';
import { useCountdown } from '../user/countdown';
import { api, useRemote } from './api';
import { Bar, Note, MobileField, TextField } from './parts';
import { navigate, useLocation } from './router';
import { rememberVisitor, safeReturn, type VisitorProfile } from './visitor';
import type { Platform } from './types';
import { t } from './i18n/i18n';

/** the check of a mobile number, with its messages */
function mobileError(mobile: string): string | undefined {
  if (!mobile) return t('phone.mobileEnter');
  return PRESETS.mobile.test.test(mobile) ? undefined : PRESETS.mobile.message;
}

/** /phone/login: mobile + SMS code (or wxauth where configured); back to where the visitor came from */
export default function Login() {
  const { query } = useLocation();
  const back = safeReturn(query.get('redirect'));
  const platform = useRemote<Platform>('/public/platform');
  const [mobile, setMobile] = useState('');
  const [captcha, setCaptcha] = useState('');
  const [errors, setErrors] = useState<{ mobile?: string; captcha?: string; form?: string }>({});
  const [sent, setSent] = useState('');
  const [busy, setBusy] = useState(false);
  const [left, start] = useCountdown();

  const sendCode = async () => {
    const m = mobile.trim();
    const bad = mobileError(m);
    setErrors({ mobile: bad });
    setSent('');
    if (bad) return;
    try {
      setSent((await api('/visitor/sms', { mobile: m })).message);
      start();
    } catch (e) {
      setErrors({ form: (e as Error).message });
    }
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const m = mobile.trim();
    const found = { mobile: mobileError(m), captcha: captcha.trim() ? undefined : t('phone.codeEnter') };
    setErrors(found);
    if (found.mobile || found.captcha) return;
    setBusy(true);
    try {
      const { result } = await api<{ token: string; visitor: VisitorProfile }>(
        '/visitor/login',
        { mobile: m, captcha: captcha.trim() },
        BIND_SESSION,
      );
      rememberVisitor(result.token, result.visitor);
      navigate(back, { replace: true });
    } catch (err) {
      setErrors({ form: (err as Error).message });
      setBusy(false);
    }
  };

  return (
    <>
      <Bar title={t('phone.login')} back="/phone/activityList" />
      <main className="page">
        <form className="form" onSubmit={submit} noValidate aria-label={t('phone.smsForm')}>
          <MobileField value={mobile} onChange={setMobile} error={errors.mobile} />
          <TextField
            label={t('phone.code')}
            value={captcha}
            onChange={(e) => setCaptcha(e.target.value)}
            inputMode="numeric"
            maxLength={6}
            autoComplete="one-time-code"
            placeholder={t('phone.codeEnter')}
            error={errors.captcha}
            after={
              <button type="button" className="btn btn-ghost" disabled={left > 0} onClick={sendCode}>
                {left > 0 ? t('phone.resend', { seconds: left }) : t('phone.sendCode')}
              </button>
            }
          />
          {sent && <Note kind="ok">{sent}</Note>}
          {errors.form && <Note kind="error">{errors.form}</Note>}
          <button type="submit" className="btn btn-primary btn-block" disabled={busy}>
            {busy ? t('phone.signingIn') : t('phone.signIn')}
          </button>
        </form>
        {platform.data?.wxauth && (
          <a className="btn btn-ghost btn-block" href={`${API_BASE}/visitor/oauth/authorize`}>
            {t('phone.wxauth')}
          </a>
        )}
        <p className="hint">{t('phone.firstSignIn')}</p>
      </main>
    </>
  );
}
