import { useEffect, type ComponentType } from 'react';
import ActivityList from './ActivityList';
import ActivityDetails from './ActivityDetails';
import Signup from './Signup';
import Login from './Login';
import WxAuth from './WxAuth';
import Shouye from '../public/Shouye';
import WorkOrderSteps from '../public/WorkOrderSteps';
import { WORK_ORDER_STEPS_PATH } from '../../core/public-face';
import { Bar, Note } from './parts';
import { Link, useLocation } from './router';
import { t } from './i18n/i18n';
import type { PhoneKey } from './i18n/zh-CN';

/** the open paths this entry serves (the server sends phone.html for each) */
const PAGES: Record<string, ComponentType> = {
  '/phone/activityList': ActivityList,
  '/phone/activityDetails': ActivityDetails,
  '/phone/signup': Signup,
  '/phone/login': Login,
  '/phone/wxauth': WxAuth,
  '/shouye': Shouye,
  [WORK_ORDER_STEPS_PATH]: WorkOrderSteps,
};

const TITLES: Record<string, PhoneKey> = {
  '/phone/activityList': 'phone.activities',
  '/phone/activityDetails': 'phone.details',
  '/phone/signup': 'phone.activities',
  '/phone/login': 'phone.login',
  '/phone/wxauth': 'phone.wxauth',
  [WORK_ORDER_STEPS_PATH]: 'public.progress',
};

function Missing() {
  return (
    <>
      <Bar title={t('phone.missingTitle')} back="/phone/activityList" />
      <main className="page">
        <Note kind="error">{t('phone.missing')}</Note>
        <Link className="btn btn-primary btn-block" href="/phone/activityList">
          {t('phone.seeActivities')}
        </Link>
      </main>
    </>
  );
}

export function PhoneApp() {
  const { pathname } = useLocation();
  const Page = PAGES[pathname] ?? (pathname === '/phone' ? ActivityList : Missing);
  useEffect(() => {
    if (TITLES[pathname]) document.title = t('phone.documentTitle', { title: t(TITLES[pathname]) });
  }, [pathname]);
  return <Page />;
}
