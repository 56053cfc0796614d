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

/** the check of a mobile number, with its messages */
function mobileError(mobile: string): string | undefined {
  if (!mobile) return '请输入手机号';
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
    const found = { mobile: mobileError(m), captcha: captcha.trim() ? undefined : '请输入验证码' };
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
      <Bar title="访客登录" back="/phone/activityList" />
      <main className="page">
        <form className="form" onSubmit={submit} noValidate aria-label="短信验证码登录">
          <MobileField value={mobile} onChange={setMobile} error={errors.mobile} />
          <TextField
            label="验证码"
            value={captcha}
            onChange={(e) => setCaptcha(e.target.value)}
            inputMode="numeric"
            maxLength={6}
            autoComplete="one-time-code"
            placeholder="请输入验证码"
            error={errors.captcha}
            after={
              <button type="button" className="btn btn-ghost" disabled={left > 0} onClick={sendCode}>
                {left > 0 ? `${left} 秒后重发` : '获取验证码'}
              </button>
            }
          />
          {sent && <Note kind="ok">{sent}</Note>}
          {errors.form && <Note kind="error">{errors.form}</Note>}
          <button type="submit" className="btn btn-primary btn-block" disabled={busy}>
            {busy ? '正在登录…' : '登录'}
          </button>
        </form>
        {platform.data?.wxauth && (
          <a className="btn btn-ghost btn-block" href={`${API_BASE}/visitor/oauth/authorize`}>
            微信授权登录
          </a>
        )}
        <p className="hint">首次登录即成为访客，无需注册。访客账号只能报名活动，不能进入管理后台。</p>
      </main>
    </>
  );
}
