/** now as the wire's 'yyyy-MM-dd HH:mm:ss' in GMT+8 (the contract's zone) */
export function nowText(): string {
  const d = new Date(Date.now() + 8 * 3600_000);
  return d.toISOString().slice(0, 19).replace('T', ' ');
}
