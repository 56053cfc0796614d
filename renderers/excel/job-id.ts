/** an id the browser gives a job it then follows (an import's jobId, an export's exportId) */
export function newJobId(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(12)), (b) => b.toString(16).padStart(2, '0')).join(
    '',
  );
}
