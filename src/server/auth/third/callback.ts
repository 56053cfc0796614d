import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import { BizError } from '../../http/envelope';
import { text } from '../../http/params';
import { callbackState, fetchIdentity, type Identity, type OAuth2Provider } from './oauth2';
import { takeTicket } from './tickets';

/**
 * The provider's redirect back, for the staff's and the visitors' flow alike: the state must be a
 * live one-time ticket held by this browser's cookie, the code is exchanged for the identity, and
 * the browser goes on to `page` with what `signIn` makes of that identity, or with the reason
 * (under `errorParam`) why not. No failure answers anything but that redirect.
 */
export async function oauthCallback(
  ctx: AppContext,
  req: FastifyRequest,
  reply: FastifyReply,
  opts: {
    provider: OAuth2Provider | undefined;
    redirectUri: string;
    page: string;
    errorParam: string;
    /** the text for a missing, used or foreign state */
    expired: string;
    /** the per-address limit, counted inside so that its refusal is a redirect too */
    limit: () => void;
    signIn: (provider: OAuth2Provider, who: Identity) => Promise<Record<string, string>>;
  },
) {
  const back = (params: Record<string, string>) =>
    reply.redirect(`${opts.page}?${new URLSearchParams(params)}`, 302);
  try {
    opts.limit();
    if (!opts.provider) throw new BizError('不支持的第三方登录方式');
    const state = callbackState(req);
    if (!state || !(await takeTicket(ctx.db, 'oauth-state', state))) throw new BizError(opts.expired);
    const code = text(req.query, 'code', { required: '身份提供方未返回授权码', max: 500 });
    const who = await fetchIdentity(opts.provider, code, opts.redirectUri);
    return back(await opts.signIn(opts.provider, who));
  } catch (e) {
    if (!(e instanceof BizError)) throw e;
    return back({ [opts.errorParam]: e.message });
  }
}
