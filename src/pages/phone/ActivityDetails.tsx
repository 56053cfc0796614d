import { useRemote } from './api';
import { span, when } from './format';
import { Bar, Cover, Loading, Note, SeatBadge } from './parts';
import { Link, useLocation } from './router';
import type { ActivityDetail } from './types';
import { t } from './i18n/i18n';

/** the action under an activity: the visitor's own sign-up, 我要报名, or why there is none */
export function SignupAction({ a }: { a: ActivityDetail }) {
  const href = `/phone/signup?id=${encodeURIComponent(a.id)}`;
  if (a.mySignup && a.mySignup.state !== '2')
    return (
      <Link className="btn btn-block" href={href}>
        {t('phone.viewMySignup', { code: a.mySignup.checkinCode })}
      </Link>
    );
  if (a.signupState !== 'open')
    return (
      <button type="button" className="btn btn-block" disabled>
        {a.signupStateText}
      </button>
    );
  return (
    <Link className="btn btn-primary btn-block" href={href}>
      {t('phone.signUp')}
    </Link>
  );
}

/** /phone/activityDetails?id=…: description, time, place, seats left and the sign-up button */
export default function ActivityDetails() {
  const { query } = useLocation();
  const id = query.get('id') ?? '';
  const {
    data: a,
    error,
    loading,
  } = useRemote<ActivityDetail>(id ? `/visitor/activity/detail?id=${encodeURIComponent(id)}` : null);
  return (
    <>
      <Bar title={t('phone.details')} back="/phone/activityList" />
      <main className="page">
        {!id && <Note kind="error">{t('phone.pickActivity')}</Note>}
        {error && <Note kind="error">{error}</Note>}
        {loading && !a && <Loading />}
        {a && (
          <article className="detail">
            <Cover a={a} big />
            <h2 className="detail-title">{a.title}</h2>
            <dl className="facts">
              <dt>{t('phone.time')}</dt>
              <dd>{span(a.startTime, a.endTime)}</dd>
              <dt>{t('phone.place')}</dt>
              <dd>{a.place}</dd>
              <dt>{t('phone.deadline')}</dt>
              <dd>{when(a.signupDeadline)}</dd>
              <dt>{t('phone.seats')}</dt>
              <dd>
                {t('phone.capacity', { capacity: a.capacity, limit: a.perPersonLimit })} <SeatBadge a={a} />
              </dd>
            </dl>
            <SignupAction a={a} />
            <section aria-label={t('phone.about')}>
              <h3 className="section-title">{t('phone.about')}</h3>
              {/* sanitised by the server on write and again on read (src/server/rich-text) */}
              <div
                className="rich"
                dangerouslySetInnerHTML={{ __html: a.description || `<p>${t('phone.noAbout')}</p>` }}
              />
            </section>
            {a.gallery.length > 0 && (
              <section aria-label={t('phone.gallery')}>
                <h3 className="section-title">{t('phone.gallery')}</h3>
                <div className="gallery">
                  {a.gallery.map((src, i) => (
                    <img
                      key={src}
                      src={src}
                      alt={t('phone.galleryAlt', { title: a.title, n: i + 1 })}
                      loading="lazy"
                    />
                  ))}
                </div>
              </section>
            )}
          </article>
        )}
      </main>
    </>
  );
}
