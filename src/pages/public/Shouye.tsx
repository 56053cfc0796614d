import { useEffect } from 'react';
import { useRemote } from '../phone/api';
import { when } from '../phone/format';
import { ActivityCard, Loading, Note } from '../phone/parts';
import { Link } from '../phone/router';
import { DEFAULT_TITLE } from '../../core/constants';
import type { Page } from '../../core/wire';
import type { Activity, Platform } from '../phone/types';
import { t } from '../phone/i18n/i18n';

interface Notice {
  id: string;
  titile: string;
  msgAbstract: string | null;
  msgContent: string;
  sendTime: string;
}

/** the museum's mark when no logo address is stored */
function Mark() {
  return (
    <svg className="logo" viewBox="0 0 48 48" aria-hidden="true">
      <rect width="48" height="48" rx="10" fill="#8c2f1b" />
      <path
        d="M8 18 24 9l16 9v3H8z M11 23h4v13h-4z M19 23h4v13h-4z M27 23h4v13h-4z M35 23h2v13h-2z M8 38h32v3H8z"
        fill="#fff"
      />
    </svg>
  );
}

/**
 * /shouye: the public front page, without a session: the platform's name and logo, the published
 * activities and the announcements marked 首页公开. Nothing else of the console is shown.
 */
export default function Shouye() {
  const platform = useRemote<Platform>('/public/platform');
  const activities = useRemote<Page<Activity>>('/visitor/activity/list?pageNo=1&pageSize=6');
  const notices = useRemote<Notice[]>('/public/announcements');
  const name = platform.data?.systemName ?? DEFAULT_TITLE;
  useEffect(() => {
    document.title = name;
  }, [name]);

  return (
    <>
      <header className="hero">
        {platform.data?.logoUrl ? <img className="logo" src={platform.data.logoUrl} alt="" /> : <Mark />}
        <h1 className="hero-title">{name}</h1>
        <p className="hero-sub">{t('public.welcome')}</p>
      </header>
      <main className="page">
        <section aria-labelledby="home-activities">
          <div className="section-head">
            <h2 id="home-activities" className="section-title">
              {t('public.upcoming')}
            </h2>
            <Link href="/phone/activityList">{t('public.allActivities')}</Link>
          </div>
          {activities.error && <Note kind="error">{activities.error}</Note>}
          {activities.loading && !activities.data && <Loading />}
          {activities.data?.records.length === 0 && <Note>{t('phone.noActivities')}</Note>}
          <ul className="cards" aria-label={t('public.upcoming')}>
            {activities.data?.records.map((a) => (
              <ActivityCard key={a.id} a={a} />
            ))}
          </ul>
        </section>
        <section aria-labelledby="home-notices">
          <h2 id="home-notices" className="section-title">
            {t('public.notices')}
          </h2>
          {notices.error && <Note kind="error">{notices.error}</Note>}
          {notices.data?.length === 0 && <Note>{t('public.noNotices')}</Note>}
          <ul className="notices">
            {notices.data?.map((n) => (
              <li key={n.id}>
                <details>
                  <summary>
                    <span className="notice-title">{n.titile}</span>
                    <time className="meta">{when(n.sendTime)}</time>
                  </summary>
                  {n.msgAbstract && <p className="meta">{n.msgAbstract}</p>}
                  {/* sanitised by the server (src/server/rich-text) */}
                  <div className="rich" dangerouslySetInnerHTML={{ __html: n.msgContent }} />
                </details>
              </li>
            ))}
          </ul>
        </section>
      </main>
      <footer className="foot">
        <Link href="/phone/activityList">{t('public.phoneSignup')}</Link>
        <a href="/user/login">{t('public.staffLogin')}</a>
      </footer>
    </>
  );
}
