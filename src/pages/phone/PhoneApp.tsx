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

const TITLES: Record<string, string> = {
  '/phone/activityList': '活动报名',
  '/phone/activityDetails': '活动详情',
  '/phone/signup': '活动报名',
  '/phone/login': '访客登录',
  '/phone/wxauth': '微信授权登录',
  [WORK_ORDER_STEPS_PATH]: '工序进度',
};

function Missing() {
  return (
    <>
      <Bar title="页面不存在" back="/phone/activityList" />
      <main className="page">
        <Note kind="error">抱歉，您访问的页面不存在</Note>
        <Link className="btn btn-primary btn-block" href="/phone/activityList">
          去看看活动
        </Link>
      </main>
    </>
  );
}

export function PhoneApp() {
  const { pathname } = useLocation();
  const Page = PAGES[pathname] ?? (pathname === '/phone' ? ActivityList : Missing);
  useEffect(() => {
    if (TITLES[pathname]) document.title = `${TITLES[pathname]} · 数字博物馆`;
  }, [pathname]);
  return <Page />;
}
