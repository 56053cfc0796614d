import { useEffect, useState, type FormEvent } from 'react';
import { PRESETS } from '../../core/validation/presets';
import { storage } from '../../app/storage';
import { api, useRemote } from './api';
import { span, when } from './format';
import { Bar, Loading, Note, SeatBadge, MobileField, TextField } from './parts';
import { Link, navigate, useLocation } from './router';
import { loginHref, useVisitor } from './visitor';
import type { ActivityDetail, Signup as SignupRow } from './types';

/** the contact last used on this phone, offered again */
const CONTACT_KEY = 'VISITOR_CONTACT';
const STATE_TEXT: Record<SignupRow['state'], string> = { '1': '已报名', '2': '已取消', '3': '已签到' };

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
    <section className="ticket" aria-label="我的报名">
      <p className="ticket-state">{STATE_TEXT[s.state]}</p>
      <p className="ticket-label">签到码（入场时出示给工作人员）</p>
      <p className="ticket-code" aria-label={`签到码 ${s.checkinCode.split('').join(' ')}`}>
        {s.checkinCode}
      </p>
      <dl className="facts">
        <dt>人数</dt>
        <dd>{s.partySize} 人</dd>
        <dt>联系人</dt>
        <dd>{s.name}</dd>
        <dt>手机号</dt>
        <dd>{s.mobile}</dd>
        {s.checkinTime && (
          <>
            <dt>签到时间</dt>
            <dd>{when(s.checkinTime)}</dd>
          </>
        )}
      </dl>
      {error && <Note kind="error">{error}</Note>}
      {s.state === '1' &&
        (asking ? (
          <div className="confirm" role="group" aria-label="确认取消报名">
            <p>确定取消报名吗？取消后名额将释放给其他观众。</p>
            <button type="button" className="btn btn-danger" disabled={busy} onClick={cancel}>
              确定取消
            </button>
            <button type="button" className="btn btn-ghost" onClick={() => setAsking(false)}>
              再想想
            </button>
          </div>
        ) : (
          <button type="button" className="btn btn-ghost btn-block" onClick={() => setAsking(true)}>
            取消报名
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
      name: name.trim() ? undefined : '请输入联系人姓名',
      mobile: !mobile.trim()
        ? '请输入手机号'
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
    <form className="form" onSubmit={submit} noValidate aria-label="报名信息">
      <div className="field">
        <span className="label" id="party-label">
          报名人数（每人最多 {a.perPersonLimit} 人）
        </span>
        <div className="stepper" role="group" aria-labelledby="party-label">
          <button
            type="button"
            aria-label="减少一人"
            disabled={party <= 1}
            onClick={() => setParty(party - 1)}
          >
            −
          </button>
          <output aria-live="polite" aria-label="报名人数">
            {party}
          </output>
          <button
            type="button"
            aria-label="增加一人"
            disabled={party >= max}
            onClick={() => setParty(party + 1)}
          >
            +
          </button>
        </div>
      </div>
      <TextField
        label="联系人"
        value={name}
        onChange={(e) => setName(e.target.value)}
        maxLength={50}
        autoComplete="name"
        placeholder="请输入联系人姓名"
        error={errors.name}
      />
      <MobileField value={mobile} onChange={setMobile} error={errors.mobile} />
      {errors.form && <Note kind="error">{errors.form}</Note>}
      <button type="submit" className="btn btn-primary btn-block" disabled={busy}>
        {busy ? '正在提交…' : `提交报名（${party} 人）`}
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
      {data && data.length === 0 && <Note>还没有报名，去看看有哪些活动吧</Note>}
      <ul className="cards" aria-label="我的报名">
        {data?.map((s) => (
          <li key={s.id} className="card">
            <Link
              className="card-link card-body"
              href={`/phone/signup?id=${encodeURIComponent(s.activityId)}`}
            >
              <h2 className="card-title">{s.activityTitle}</h2>
              <p className="meta">{when(s.startTime)}</p>
              <p className="meta">
                {STATE_TEXT[s.state]} · {s.partySize} 人 · 签到码 {s.checkinCode}
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
        title={id ? '活动报名' : '我的报名'}
        back={id ? `/phone/activityDetails?id=${encodeURIComponent(id)}` : '/phone/activityList'}
      />
      <main className="page">
        {!id && <MySignups />}
        {detail.error && <Note kind="error">{detail.error}</Note>}
        {id && detail.loading && !a && <Loading />}
        {a && (
          <>
            <section className="summary" aria-label="活动">
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
              <Note>{a.signupStateText}，不能报名</Note>
            )}
          </>
        )}
      </main>
    </>
  );
}
