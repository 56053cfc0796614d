import { useRemote } from './api';
import { span, when } from './format';
import { Bar, Cover, Loading, Note, SeatBadge } from './parts';
import { Link, useLocation } from './router';
import type { ActivityDetail } from './types';

/** the action under an activity: the visitor's own sign-up, 我要报名, or why there is none */
export function SignupAction({ a }: { a: ActivityDetail }) {
  const href = `/phone/signup?id=${encodeURIComponent(a.id)}`;
  if (a.mySignup && a.mySignup.state !== '2')
    return (
      <Link className="btn btn-block" href={href}>
        查看我的报名（签到码 {a.mySignup.checkinCode}）
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
      我要报名
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
      <Bar title="活动详情" back="/phone/activityList" />
      <main className="page">
        {!id && <Note kind="error">请从活动列表选择一个活动</Note>}
        {error && <Note kind="error">{error}</Note>}
        {loading && !a && <Loading />}
        {a && (
          <article className="detail">
            <Cover a={a} big />
            <h2 className="detail-title">{a.title}</h2>
            <dl className="facts">
              <dt>时间</dt>
              <dd>{span(a.startTime, a.endTime)}</dd>
              <dt>地点</dt>
              <dd>{a.place}</dd>
              <dt>报名截止</dt>
              <dd>{when(a.signupDeadline)}</dd>
              <dt>名额</dt>
              <dd>
                共 {a.capacity} 人，每人最多可报 {a.perPersonLimit} 人 <SeatBadge a={a} />
              </dd>
            </dl>
            <SignupAction a={a} />
            <section aria-label="活动简介">
              <h3 className="section-title">活动简介</h3>
              {/* sanitised by the server on write and again on read (src/server/rich-text) */}
              <div
                className="rich"
                dangerouslySetInnerHTML={{ __html: a.description || '<p>暂无简介</p>' }}
              />
            </section>
            {a.gallery.length > 0 && (
              <section aria-label="活动图集">
                <h3 className="section-title">活动图集</h3>
                <div className="gallery">
                  {a.gallery.map((src, i) => (
                    <img key={src} src={src} alt={`${a.title} 图 ${i + 1}`} loading="lazy" />
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
