import type { CurrentUser } from '../../context';
import { parseReportQuery } from '../../reports/query';
import { reportSheet } from '../../reports/sheet';
import { writeExport } from '../../excel/export';
import { storeMadeFile } from '../../files/upload';
import { announceToUser } from '../../sys/announcement/send';
import { jobKind, type RunContext } from '../kind';

interface Params {
  report: string;
  username: string;
  query?: Record<string, string | number>;
}

/** text in HTML: a report's title may hold < or & */
const asText = (s: string) =>
  s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);

/** the folder of the files these jobs make (sys_upload's biz) */
const BIZ = 'jobs';
const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** the recipient as a request's user would be: the report runs with the recipient's grants and data rules */
async function recipient({ ctx }: RunContext, username: string): Promise<CurrentUser> {
  const u = await ctx.db
    .selectFrom('sys_user')
    .select(['id', 'username', 'realname', 'org_code'])
    .where('username', '=', username)
    .where('del_flag', '=', 0)
    .where('status', '=', 1)
    .executeTakeFirst();
  if (!u) throw new Error(`接收人 ${username} 不存在或已冻结`);
  return {
    id: String(u.id),
    username: String(u.username),
    realname: String(u.realname ?? u.username),
    orgCode: (u.org_code as string | null) ?? null,
    tenantId: '',
    sessionKey: '',
    codes: await ctx.permissions.codes(String(u.id)),
  };
}

export const reportXlsxJob = jobKind<Params>({
  name: 'report.xlsx',
  title: '生成报表并发送到我的消息',
  description:
    '以接收人的权限和数据规则运行报表（query 为报表的查询参数，如 self_<参数名>），把 .xlsx 作为附件发到接收人的 我的消息',
  params: {
    type: 'object',
    additionalProperties: false,
    required: ['report', 'username'],
    properties: {
      report: { type: 'string', minLength: 1, maxLength: 100, title: '报表编码' },
      username: { type: 'string', minLength: 1, maxLength: 100, title: '接收人账号' },
      query: {
        type: 'object',
        title: '查询参数',
        additionalProperties: { type: ['string', 'number'] },
      },
    },
  },
  timeoutSeconds: 600,
  async run(params, run) {
    const { ctx } = run;
    const r = ctx.catalog.reports.get(params.report);
    if (!r) throw new Error(`报表 ${params.report} 不存在`);
    const user = await recipient(run, params.username);
    if (!user.codes.has(`${r.permission}export`)) throw new Error(`${user.realname} 无权导出报表 ${r.title}`);
    const q = await parseReportQuery(ctx, r, { ...params.query }, user);
    const { sheet, count, more } = await reportSheet(ctx, r, q, 'xlsx', user.id);
    const stored = await storeMadeFile(ctx, {
      biz: BIZ,
      fileName: r.title,
      ext: 'xlsx',
      mime: XLSX_MIME,
      uploaderId: user.id,
      write: (out) =>
        writeExport({ format: 'xlsx', exporter: '定时任务', sheets: [sheet], out, signal: run.signal }),
    });
    const rows = `${count} 行${more ? '（超出部分未导出）' : ''}`;
    await announceToUser(ctx, {
      userId: user.id,
      title: `${r.title}（定时任务）`,
      abstract: `${r.title}：${rows}，见附件`,
      // the path, as an upload field holds it (the file stays while this message names it); the
      // console reads such a link with the session when it is clicked
      content: `<p>${asText(r.title)}：${rows}。附件：<a href="${stored.path}">${asText(stored.srcFileName)}</a></p>`,
      sender: run.manualBy?.username ?? '定时任务',
    });
    return `已发送给 ${user.username}：${stored.path}（${rows}）`;
  },
});
