import { isLocale, LOCALES } from '../../../core/locale';
import type { AppContext } from '../../context';
import { BizError, okMessage } from '../../http/envelope';
import type { RouteTable } from '../../http/routes';

/** 语言: the signed-in user's console language, kept on the server so it follows them to any browser */
export function registerLocaleRoute(t: RouteTable, ctx: AppContext, tag: string): void {
  t.add({
    method: 'PUT',
    url: '/sys/user/locale',
    access: 'session',
    tag,
    summary: `保存当前用户的界面语言（${LOCALES.join('、')}），登录结果的 userInfo.locale 即此值`,
    params: [{ name: 'locale', in: 'body', required: true, description: LOCALES.join(' 或 ') }],
    handler: async (req) => {
      const locale = (req.body as Record<string, unknown> | undefined)?.locale;
      if (!isLocale(locale)) throw new BizError(`语言须为 ${LOCALES.join('、')} 之一`);
      await ctx.db.updateTable('sys_user').set({ locale }).where('id', '=', req.user!.id).execute();
      return okMessage('语言已保存');
    },
  });
}
