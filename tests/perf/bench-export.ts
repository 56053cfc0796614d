import fs from 'node:fs';

/**
 * The unpaged export of the bench table (issue 21 item 9): for the default .xls and for .xlsx, the
 * time to the first byte, the total time, the bytes, the rows the server says the file holds
 * (X-Total-Count) and the server process's peak RSS during the download (its high-water mark reset
 * first through /proc/<pid>/clear_refs, and sampled as well where that is not allowed).
 */
export async function benchExport(
  base: string,
  headers: Record<string, string>,
  pid: number,
): Promise<string[]> {
  const lines: string[] = [];
  for (const format of ['xls', 'xlsx'] as const) {
    const resetPeak = resetHighWaterMark(pid);
    const before = rss(pid);
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, rss(pid))), 20);
    const t0 = performance.now();
    const res = await fetch(`${base}/bench/collection/exportXls?exportType=${format}`, { headers });
    if (!res.ok || !res.body) throw new Error(`export ${format}: HTTP ${res.status}`);
    const reader = res.body.getReader();
    let firstByte = 0;
    let bytes = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      if (!bytes) firstByte = performance.now() - t0;
      bytes += value.byteLength;
    }
    const total = performance.now() - t0;
    clearInterval(sampler);
    if (resetPeak) peak = Math.max(peak, highWaterMark(pid));
    const type = res.headers.get('content-type') ?? '';
    if (type.includes('json')) throw new Error(`export ${format}: ${await res.text()}`);
    lines.push(
      `export .${format.padEnd(4)} ${String(res.headers.get('x-total-count') ?? '?').padStart(6)} rows, ` +
        `${(bytes / 1024 / 1024).toFixed(1)} MB: first byte ${firstByte.toFixed(0)} ms, ` +
        `all ${(total / 1000).toFixed(1)} s; server peak RSS ${peak.toFixed(0)} MiB (${before.toFixed(0)} before)`,
    );
  }
  return lines;
}

function status(pid: number, key: string): number {
  const text = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(new RegExp(`${key}:\\s+(\\d+)`).exec(text)?.[1] ?? 0) / 1024;
}

const rss = (pid: number) => status(pid, 'VmRSS');
const highWaterMark = (pid: number) => status(pid, 'VmHWM');

/** "5" resets the peak resident set size (Linux 4.0+); false where that is not allowed */
function resetHighWaterMark(pid: number): boolean {
  try {
    fs.writeFileSync(`/proc/${pid}/clear_refs`, '5');
    return true;
  } catch {
    return false;
  }
}
