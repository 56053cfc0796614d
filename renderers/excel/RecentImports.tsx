import { useEffect, useState } from 'react';
import { Tag, Typography } from 'antd';
import { importJobStateText, type ImportJob, type ImportJobState } from '../../src/core/import-jobs/model';
import { providers } from '../providers';
import { recordsOf } from '../server/records';
import { t } from './messages';

const STATE_COLOR: Record<ImportJobState, string> = {
  running: 'processing',
  committed: 'success',
  failed: 'error',
  interrupted: 'warning',
};

/** rows the job's batches landed, as "第 4–1003 行" ranges, for an interrupted job */
function landedRanges(job: ImportJob): string {
  const committed = job.batches.filter((b) => b.committed && b.landed > 0);
  if (!committed.length) return '';
  const ranges: [number, number][] = [];
  for (const b of committed) {
    const last = ranges[ranges.length - 1];
    if (last && last[1] + 1 === b.first) last[1] = b.last;
    else ranges.push([b.first, b.last]);
  }
  return t('landedBatches', {
    ranges: ranges.map(([first, last]) => t('rowRange', { first, last })).join(t('rangeSeparator')),
  });
}

/**
 * The user's last imports of this list (GET <api>/importJobs): what each landed, why one failed,
 * the rows an interrupted one committed, and its error report.
 */
export function RecentImports({ api, refreshKey }: { api: string; refreshKey: number }) {
  const [jobs, setJobs] = useState<ImportJob[]>([]);

  useEffect(() => {
    let live = true;
    recordsOf(api)
      .importJobs<ImportJob>({ pageNo: 1, pageSize: 5 })
      .then((res) => {
        if (live && res.success) setJobs(res.result.records);
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [api, refreshKey]);

  if (!jobs.length) return null;
  return (
    <section aria-label={t('recentImports')} style={{ marginTop: 16 }}>
      <Typography.Text strong>{t('recentImports')}</Typography.Text>
      <ul style={{ listStyle: 'none', margin: '8px 0 0', padding: 0 }}>
        {jobs.map((job) => (
          <li key={job.id} style={{ padding: '6px 0', borderTop: '1px solid rgba(5, 5, 5, 0.06)' }}>
            <div>
              <Tag color={STATE_COLOR[job.state]}>{importJobStateText(job.state)}</Tag>
              {job.fileName}
              {job.fileUrl && (
                <a
                  role="button"
                  style={{ marginLeft: 8 }}
                  onClick={() =>
                    void providers()
                      .data.download(job.fileUrl!, {}, t('jobErrorFileName', { name: job.fileName }))
                      .catch((e: unknown) =>
                        providers().notices.warning(e instanceof Error ? e.message : t('downloadFailed')),
                      )
                  }
                >
                  {t('errors')}
                </a>
              )}
            </div>
            <Typography.Text type="secondary">
              {job.createTime} ·{' '}
              {job.rowsTotal === null
                ? t('importedRows', { landed: job.rowsLanded })
                : t('importedRowsOf', { landed: job.rowsLanded, total: job.rowsTotal })}
            </Typography.Text>
            {job.state !== 'committed' && job.message && <div>{job.message}</div>}
            {job.state === 'interrupted' && <div>{landedRanges(job)}</div>}
          </li>
        ))}
      </ul>
    </section>
  );
}
