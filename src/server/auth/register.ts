import type { AppContext } from '../context';
import { BizError, ok, okMessage } from '../http/envelope';
import { text } from '../http/params';
import type { RouteTable } from '../http/routes';
import { newId } from '../db/ids';
import { hashPassword, verifyPassword } from './password';
import { MOBILE_RE, SMS_MODES, verifyCode } from './sms';
import { isStrongPassword, passwordStrengthMessage } from '../../core/validation/password';

const USERNAME_CHARS = /^[a-zA-Z0-9_]+$/;

/** at least 8 characters with a letter and a digit */
export function checkPasswordStrength(password: string): void {
  if (!isStrongPassword(password)) throw new BizError(passwordStrengthMessage());
}

function mobileOf(body: unknown, name: string): string {
  const mobile = text(body, name, { required: '请输入手机号', max: 20 });
  if (!MOBILE_RE.test(mobile)) throw new BizError('请输入正确手机号');
  return mobile;
}

export function registerSelfServiceRoutes(t: RouteTable, ctx: AppContext): void {
  t.add({
    method: 'POST',
    url: '/sys/user/register',
    access: 'open',
    tag: '登录',
    summary: '自助注册（ALLOW_REGISTER=0 关闭）；新账号无任何角色，待管理员授权',
    params: ['username', 'password', 'phone', 'smscode', 'email', 'realname'].map((name) => ({
      name,
      in: 'body' as const,
    })),
    handler: async (req) => {
      if (!ctx.config.allowRegister) throw new BizError('系统未开放注册');
      const username = text(req.body, 'username', { required: '请输入用户名', max: 100 }).trim();
      if (!USERNAME_CHARS.test(username)) throw new BizError('只允许字母、数字、下划线');
      if (username.length < 4 || username.length > 18) throw new BizError('长度6到18个字符');
      const password = text(req.body, 'password', { required: '请输入密码', max: 100 });
      checkPasswordStrength(password);
      const phone = mobileOf(req.body, 'phone');
      const smscode = text(req.body, 'smscode', { required: '请输入验证码', max: 10 });
      const email = text(req.body, 'email', { max: 100 });
      if (email && !/^[\w.+-]+@[\w-]+(\.[\w-]+)+$/.test(email)) throw new BizError('邮箱格式不正确');
      const realname = text(req.body, 'realname', { max: 100 }) || username;
      if (
        await ctx.db.selectFrom('sys_user').select('id').where('username', '=', username).executeTakeFirst()
      )
        throw new BizError('用户名已注册');
      if (
        await ctx.db
          .selectFrom('sys_user')
          .select('id')
          .where('phone', '=', phone)
          .where('del_flag', '=', 0)
          .executeTakeFirst()
      )
        throw new BizError('该手机号已注册');
      await verifyCode(ctx, phone, SMS_MODES.register, smscode, true);
      await ctx.db
        .insertInto('sys_user')
        .values({
          id: newId(),
          username,
          realname,
          password: await hashPassword(password),
          phone,
          email: email || null,
          status: 1,
          del_flag: 0,
          create_by: username,
        })
        .execute();
      return okMessage('注册成功');
    },
  });

  t.add({
    method: ['PUT', 'POST'],
    url: '/sys/user/updatePassword',
    access: 'session',
    tag: '登录',
    summary: '修改本人密码；其他会话随即结束（当前会话保留）',
    params: ['username', 'oldpassword', 'password', 'confirmpassword'].map((name) => ({
      name,
      in: 'body' as const,
      required: true,
    })),
    handler: async (req) => {
      const me = req.user!;
      const username = text(req.body, 'username', { max: 100 });
      if (username && username !== me.username) throw new BizError('只允许修改自己的密码！');
      const oldpassword = text(req.body, 'oldpassword', { required: '请输入旧密码!', max: 100 });
      const password = text(req.body, 'password', { required: '新密码不允许为空!', max: 100 });
      const confirm = text(req.body, 'confirmpassword', { max: 100 });
      if (confirm !== password) throw new BizError('两次输入密码不一致!');
      const row = await ctx.db
        .selectFrom('sys_user')
        .select('password')
        .where('id', '=', me.id)
        .executeTakeFirstOrThrow();
      if (!(await verifyPassword(oldpassword, row.password as string))) throw new BizError('旧密码输入错误!');
      checkPasswordStrength(password);
      await ctx.db
        .updateTable('sys_user')
        .set({ password: await hashPassword(password) })
        .where('id', '=', me.id)
        .execute();
      await ctx.sessions.revokeUser(me.id, me.sessionKey);
      return okMessage('密码重置成功！');
    },
  });

  t.add({
    method: 'POST',
    url: '/sys/user/phoneVerification',
    access: 'open',
    tag: '登录',
    summary: '找回密码第一步：校验手机验证码（smsmode 2），返回账号',
    params: [
      { name: 'phone', in: 'body', required: true },
      { name: 'smscode', in: 'body', required: true },
    ],
    handler: async (req) => {
      const phone = mobileOf(req.body, 'phone');
      const smscode = text(req.body, 'smscode', { required: '请输入验证码', max: 10 });
      await verifyCode(ctx, phone, SMS_MODES.forgot, smscode, false);
      const user = await ctx.db
        .selectFrom('sys_user')
        .select('username')
        .where('phone', '=', phone)
        .where('del_flag', '=', 0)
        .executeTakeFirst();
      if (!user) throw new BizError('该手机号未绑定账号');
      return ok({ username: user.username, smscode }, '验证通过');
    },
  });

  t.add({
    method: 'POST',
    url: '/sys/user/passwordChange',
    access: 'open',
    tag: '登录',
    summary: '找回密码第二步：用验证码设置新密码，作废该用户全部会话',
    params: ['username', 'password', 'smscode', 'phone'].map((name) => ({
      name,
      in: 'body' as const,
      required: true,
    })),
    handler: async (req) => {
      const username = text(req.body, 'username', { required: '请输入用户名', max: 100 });
      const password = text(req.body, 'password', { required: '请输入新密码', max: 100 });
      const phone = mobileOf(req.body, 'phone');
      const smscode = text(req.body, 'smscode', { required: '请输入验证码', max: 10 });
      checkPasswordStrength(password);
      const user = await ctx.db
        .selectFrom('sys_user')
        .select('id')
        .where('username', '=', username)
        .where('phone', '=', phone)
        .where('del_flag', '=', 0)
        .executeTakeFirst();
      await verifyCode(ctx, phone, SMS_MODES.forgot, smscode, Boolean(user));
      if (!user) throw new BizError('用户名与手机号不匹配');
      await ctx.db
        .updateTable('sys_user')
        .set({ password: await hashPassword(password) })
        .where('id', '=', user.id)
        .execute();
      await ctx.sessions.revokeUser(user.id as string);
      return okMessage('密码修改完成！');
    },
  });
}
