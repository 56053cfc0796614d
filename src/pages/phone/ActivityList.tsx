import { useEffect, useState } from 'react';
import { api } from './api';
import { ActivityCard, Bar, Loading, Note } from './parts';
import { Link } from './router';
import { useVisitor } from './visitor';
import type { Page } from '../../core/wire';
import type { Activity } from './types';
import { t } from './i18n/i18n';

const PAGE_SIZE = 10;

/** /phone/activityList: the published activities, those still to come first, page by page */
export default function ActivityList() {
  const visitor = useVisitor();
  const [items, setItems] = useState<Activity[]>([]);
  const [pageNo, setPageNo] = useState(1);
  const [pages, setPages] = useState(0);
  const [error, setError] = useState('');
  const [loading, setLoading] = useState(true);

  useEffect(() => {
    let live = true;
    setLoading(true);
    setError('');
    api<Page<Activity>>(`/visitor/activity/list?pageNo=${pageNo}&pageSize=${PAGE_SIZE}`).then(
      ({ result }) => {
        if (!live) return;
        setItems((old) => (pageNo === 1 ? result.records : [...old, ...result.records]));
        setPages(result.pages);
        setLoading(false);
      },
      (e: Error) => {
        if (!live) return;
        setError(e.message);
        setLoading(false);
      },
    );
    return () => {
      live = false;
    };
  }, [pageNo]);

  return (
    <>
      <Bar title={t('phone.activities')} />
      <main className="page">
        <nav className="tools" aria-label={t('phone.visitor')}>
          {visitor ? (
            <Link href="/phone/signup">{t('phone.mySignupsOf', { name: visitor.nickname })}</Link>
          ) : (
            <Link href="/phone/login?redirect=%2Fphone%2FactivityList">{t('phone.signIn')}</Link>
          )}
          <Link href="/shouye">{t('phone.museumHome')}</Link>
        </nav>
        {error && <Note kind="error">{error}</Note>}
        {!loading && !error && items.length === 0 && <Note>{t('phone.noActivities')}</Note>}
        <ul className="cards" aria-label={t('phone.activityList')}>
          {items.map((a) => (
            <ActivityCard key={a.id} a={a} />
          ))}
        </ul>
        {loading && <Loading />}
        {!loading && pageNo < pages && (
          <button type="button" className="btn btn-ghost btn-block" onClick={() => setPageNo((n) => n + 1)}>
            {t('phone.loadMore')}
          </button>
        )}
      </main>
    </>
  );
}
