import { useId, type InputHTMLAttributes, type ReactNode } from 'react';
import { Link } from './router';
import { span } from './format';
import type { Activity } from './types';
import { t } from './i18n/i18n';

/** the top bar of every public page: back (or the site's name) and the page title */
export function Bar({ title, back }: { title: string; back?: string }) {
  return (
    <header className="bar">
      {back ? (
        <Link className="bar-back" href={back} aria-label={t('phone.back')}>
          ‹
        </Link>
      ) : (
        <span className="bar-back" aria-hidden="true" />
      )}
      <h1 className="bar-title">{title}</h1>
      <span className="bar-back" aria-hidden="true" />
    </header>
  );
}

/** 剩余名额 / 名额已满 / 报名已截止 / 已结束, coloured by state */
export function SeatBadge({ a }: { a: Pick<Activity, 'signupState' | 'signupStateText' | 'seatsLeft'> }) {
  return (
    <span className={`badge badge-${a.signupState}`}>
      {a.signupState === 'open' ? t('phone.seatsLeft', { count: a.seatsLeft }) : a.signupStateText}
    </span>
  );
}

/** the cover picture, or the museum's mark when an activity has none */
export function Cover({ a, big = false }: { a: Pick<Activity, 'cover' | 'title'>; big?: boolean }) {
  return a.cover ? (
    <img className={big ? 'cover cover-big' : 'cover'} src={a.cover} alt={a.title} loading="lazy" />
  ) : (
    <div className={big ? 'cover cover-big cover-none' : 'cover cover-none'} aria-hidden="true">
      <span>{t('phone.coverMark')}</span>
    </div>
  );
}

export function ActivityCard({ a }: { a: Activity }) {
  return (
    <li className="card">
      <Link className="card-link" href={`/phone/activityDetails?id=${encodeURIComponent(a.id)}`}>
        <Cover a={a} />
        <div className="card-body">
          <h2 className="card-title">{a.title}</h2>
          <p className="meta">
            <span className="sr">{t('phone.timeLabel')}</span>
            {span(a.startTime, a.endTime)}
          </p>
          <p className="meta">
            <span className="sr">{t('phone.placeLabel')}</span>
            {a.place}
          </p>
          <SeatBadge a={a} />
        </div>
      </Link>
    </li>
  );
}

/** a message in the page's flow: errors are announced at once, notes politely */
export function Note({ kind = 'info', children }: { kind?: 'info' | 'error' | 'ok'; children: ReactNode }) {
  return (
    <p className={`note note-${kind}`} role={kind === 'error' ? 'alert' : 'status'}>
      {children}
    </p>
  );
}

export function Loading() {
  return (
    <p className="loading" role="status">
      {t('phone.loading')}
    </p>
  );
}

/** a labelled input with its message: the label names it, the message describes it */
export function TextField({
  label,
  error,
  after,
  ...input
}: InputHTMLAttributes<HTMLInputElement> & { label: string; error?: string; after?: ReactNode }) {
  const id = useId();
  const field = (
    <input
      id={id}
      aria-invalid={Boolean(error)}
      aria-describedby={error ? `${id}-error` : undefined}
      {...input}
    />
  );
  return (
    <div className="field">
      <label className="label" htmlFor={id}>
        {label}
      </label>
      {after ? (
        <div className="row">
          {field}
          {after}
        </div>
      ) : (
        field
      )}
      {error && (
        <span className="field-error" id={`${id}-error`}>
          {error}
        </span>
      )}
    </div>
  );
}

/** a mobile number field (the sign-in's and the sign-up's contact) */
export function MobileField(props: { value: string; onChange: (v: string) => void; error?: string }) {
  return (
    <TextField
      label={t('phone.mobile')}
      value={props.value}
      onChange={(e) => props.onChange(e.target.value)}
      inputMode="tel"
      maxLength={11}
      autoComplete="tel"
      placeholder={t('phone.mobileEnter')}
      error={props.error}
    />
  );
}
