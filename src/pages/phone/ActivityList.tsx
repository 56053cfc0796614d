import { useEffect, useState } from 'react';
import { api } from './api';
import { ActivityCard, Bar, Loading, Note } from './parts';
import { Link } from './router';
import { useVisitor } from './visitor';
import type { Page } from '../../core/wire';
import type { Activity } from './types';

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
      <Bar title="活动报名" />
      <main className="page">
        <nav className="tools" aria-label="访客">
          {visitor ? (
            <Link href="/phone/signup">我的报名（{visitor.nickname}）</Link>
          ) : (
            <Link href="/phone/login?redirect=%2Fphone%2FactivityList">登录</Link>
          )}
          <Link href="/shouye">博物馆首页</Link>
        </nav>
        {error && <Note kind="error">{error}</Note>}
        {!loading && !error && items.length === 0 && <Note>暂无活动，敬请期待</Note>}
        <ul className="cards" aria-label="活动列表">
          {items.map((a) => (
            <ActivityCard key={a.id} a={a} />
          ))}
        </ul>
        {loading && <Loading />}
        {!loading && pageNo < pages && (
          <button type="button" className="btn btn-ghost btn-block" onClick={() => setPageNo((n) => n + 1)}>
            加载更多
          </button>
        )}
      </main>
    </>
  );
}
