import { useEffect, useState, type FormEvent } from 'react';
import { PRESETS } from '../../core/validation/presets';
import { storage } from '../../app/storage';
import { api, useRemote } from './api';
import { span, when } from './format';
import { Bar, Loading, Note, SeatBadge, MobileField, TextField } from './parts';
import { Link, navigate, useLocation } from './router';
import { loginHref, useVisitor } from './visitor';
import type { ActivityDetail, Signup as SignupRow } from './types';
import { t } from './i18n/i18n';
import type { PhoneKey } from './i18n/zh-CN';

/** the contact last used on this phone, offered again */
const CONTACT_KEY = 'VISITOR_CONTACT';
const STATE_TEXT: Record<SignupRow['state'], PhoneKey> = {
  '1': 'phone.state1',
  '2': 'phone.state2',
  '3': 'phone.state3',
};

function MySignup({ s, onCancelled }: { s: SignupRow; onCancelled: (message: string) => void }) {
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const cancel = async () => {
    setBusy(true);
    setError('');
    try {
      onCancelled((await api('/visitor/signup/cancel', { id: s.id })).message);
    } catch (e) {
      setError((e as Error).message);
      setBusy(false);
    }
  };
  return (
    <section className="ticket" aria-label={t('phone.mySignups')}>
      <p className="ticket-state">{t(STATE_TEXT[s.state])}</p>
      <p className="ticket-label">{t('phone.checkinHint')}</p>
      <p
        className="ticket-code"
        aria-label={t('phone.checkinCode', { code: s.checkinCode.split('').join(' ') })}
      >
        {s.checkinCode}
      </p>
      <dl className="facts">
        <dt>{t('phone.partySize')}</dt>
        <dd>{t('phone.persons', { count: s.partySize })}</dd>
        <dt>{t('phone.contact')}</dt>
        <dd>{s.name}</dd>
        <dt>{t('phone.mobile')}</dt>
        <dd>{s.mobile}</dd>
        {s.checkinTime && (
          <>
            <dt>{t('phone.checkinTime')}</dt>
            <dd>{when(s.checkinTime)}</dd>
          </>
        )}
      </dl>
      {error && <Note kind="error">{error}</Note>}
      {s.state === '1' &&
        (asking ? (
          <div className="confirm" role="group" aria-label={t('phone.confirmCancel')}>
            <p>{t('phone.cancelQuestion')}</p>
            <button type="button" className="btn btn-danger" disabled={busy} onClick={cancel}>
              {t('phone.cancelYes')}
            </button>
            <button type="button" className="btn btn-ghost" onClick={() => setAsking(false)}>
              {t('phone.cancelNo')}
            </button>
          </div>
        ) : (
          <button type="button" className="btn btn-ghost btn-block" onClick={() => setAsking(true)}>
            {t('phone.cancel')}
          </button>
        ))}
    </section>
  );
}

function SignupForm({ a, onDone }: { a: ActivityDetail; onDone: (message: string) => void }) {
  const last = storage.get<{ name: string; mobile: string }>(CONTACT_KEY);
  const max = Math.max(1, Math.min(a.perPersonLimit, a.seatsLeft));
  const [party, setParty] = useState(1);
  const [name, setName] = useState(last?.name ?? '');
  const [mobile, setMobile] = useState(last?.mobile ?? '');
  const [errors, setErrors] = useState<{ name?: string; mobile?: string; form?: string }>({});
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const found = {
      name: name.trim() ? undefined : t('phone.nameEnter'),
      mobile: !mobile.trim()
        ? t('phone.mobileEnter')
        : PRESETS.mobile.test.test(mobile.trim())
          ? undefined
          : PRESETS.mobile.message,
    };
    setErrors(found);
    if (found.name || found.mobile) return;
    setBusy(true);
    try {
      const contact = { name: name.trim(), mobile: mobile.trim() };
      const { message } = await api('/visitor/signup', { activityId: a.id, partySize: party, ...contact });
      storage.set(CONTACT_KEY, contact);
      onDone(message);
    } catch (err) {
      setErrors({ form: (err as Error).message });
      setBusy(false);
    }
  };

  return (
    <form className="form" onSubmit={submit} noValidate aria-label={t('phone.signupForm')}>
      <div className="field">
        <span className="label" id="party-label">
          {t('phone.partyLabel', { limit: a.perPersonLimit })}
        </span>
        <div className="stepper" role="group" aria-labelledby="party-label">
          <button
            type="button"
            aria-label={t('phone.fewer')}
            disabled={party <= 1}
            onClick={() => setParty(party - 1)}
          >
            −
          </button>
          <output aria-live="polite" aria-label={t('phone.party')}>
            {party}
          </output>
          <button
            type="button"
            aria-label={t('phone.more')}
            disabled={party >= max}
            onClick={() => setParty(party + 1)}
          >
            +
          </button>
        </div>
      </div>
      <TextField
        label={t('phone.contact')}
        value={name}
        onChange={(e) => setName(e.target.value)}
        maxLength={50}
        autoComplete="name"
        placeholder={t('phone.nameEnter')}
        error={errors.name}
      />
      <MobileField value={mobile} onChange={setMobile} error={errors.mobile} />
      {errors.form && <Note kind="error">{errors.form}</Note>}
      <button type="submit" className="btn btn-primary btn-block" disabled={busy}>
        {busy ? t('phone.submitting') : t('phone.submit', { count: party })}
      </button>
    </form>
  );
}

/** /phone/signup without an activity: the visitor's sign-ups */
function MySignups() {
  const { data, error, loading } =
    useRemote<(SignupRow & { activityTitle: string; startTime: string })[]>('/visitor/signup/mine');
  return (
    <>
      {error && <Note kind="error">{error}</Note>}
      {loading && !data && <Loading />}
      {data && data.length === 0 && <Note>{t('phone.noSignups')}</Note>}
      <ul className="cards" aria-label={t('phone.mySignups')}>
        {data?.map((s) => (
          <li key={s.id} className="card">
            <Link
              className="card-link card-body"
              href={`/phone/signup?id=${encodeURIComponent(s.activityId)}`}
            >
              <h2 className="card-title">{s.activityTitle}</h2>
              <p className="meta">{when(s.startTime)}</p>
              <p className="meta">
                {t('phone.signupLine', {
                  state: t(STATE_TEXT[s.state]),
                  count: s.partySize,
                  code: s.checkinCode,
                })}
              </p>
            </Link>
          </li>
        ))}
      </ul>
    </>
  );
}

/** /phone/signup?id=…: sign up (party size, name, mobile), see the check-in code, cancel */
export default function Signup() {
  const visitor = useVisitor();
  const { query } = useLocation();
  const id = query.get('id') ?? '';
  const [notice, setNotice] = useState('');
  const detail = useRemote<ActivityDetail>(
    visitor && id ? `/visitor/activity/detail?id=${encodeURIComponent(id)}` : null,
  );
  useEffect(() => {
    if (!visitor) navigate(loginHref(), { replace: true });
  }, [visitor]);
  if (!visitor) return null;
  const a = detail.data;
  const done = (message: string) => {
    setNotice(message);
    detail.reload();
  };
  const mine = a?.mySignup && a.mySignup.state !== '2' ? a.mySignup : null;

  return (
    <>
      <Bar
        title={id ? t('phone.activities') : t('phone.mySignups')}
        back={id ? `/phone/activityDetails?id=${encodeURIComponent(id)}` : '/phone/activityList'}
      />
      <main className="page">
        {!id && <MySignups />}
        {detail.error && <Note kind="error">{detail.error}</Note>}
        {id && detail.loading && !a && <Loading />}
        {a && (
          <>
            <section className="summary" aria-label={t('phone.activity')}>
              <h2 className="detail-title">{a.title}</h2>
              <p className="meta">{span(a.startTime, a.endTime)}</p>
              <p className="meta">{a.place}</p>
              <SeatBadge a={a} />
            </section>
            {notice && <Note kind="ok">{notice}</Note>}
            {mine ? (
              <MySignup s={mine} onCancelled={done} />
            ) : a.signupState === 'open' ? (
              <SignupForm key={a.mySignup?.id ?? 'new'} a={a} onDone={done} />
            ) : (
              <Note>{t('phone.closed', { state: a.signupStateText })}</Note>
            )}
          </>
        )}
      </main>
    </>
  );
}
