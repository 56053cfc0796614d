/**
 * Excel dates are serial day numbers without a time zone (day 25569 = 1970-01-01).
 * Every conversion here goes through UTC so that the wall-clock value written in the cell is what comes out,
 * whatever the server's time zone.
 */
const UNIX_EPOCH_SERIAL = 25569;
const DAY_MS = 86_400_000;

/** 'YYYY-MM-DD' or 'YYYY-MM-DD HH:mm[:ss]' → serial number; null when the text is no valid date. */
export function dateTextToSerial(text: string): number | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?)?$/.exec(text.trim());
  if (!m) return null;
  const [year, month, day, hour = 0, minute = 0, second = 0] = m.slice(1).map((p) => (p ? Number(p) : 0));
  const ms = Date.UTC(year, month - 1, day, hour, minute, second);
  // Date.UTC rolls 02-30 over to March: refuse what does not come back unchanged
  const back = new Date(ms);
  if (back.getUTCFullYear() !== year || back.getUTCMonth() !== month - 1 || back.getUTCDate() !== day)
    return null;
  if (hour > 23 || minute > 59 || second > 59) return null;
  return ms / DAY_MS + UNIX_EPOCH_SERIAL;
}

/** serial number → 'YYYY-MM-DD', or 'YYYY-MM-DD HH:mm:ss' when the time is not midnight. */
export function serialToDateText(serial: number, date1904 = false): string {
  const days = serial + (date1904 ? 1462 : 0) - UNIX_EPOCH_SERIAL;
  return utcDateText(new Date(days * DAY_MS));
}

/** A Date holding the cell's wall-clock time in its UTC fields (as ExcelJS reads them) → date text. */
export function utcDateText(date: Date): string {
  // a serial's binary fraction lands a few microseconds off: round to the second
  const d = new Date(Math.round(date.getTime() / 1000) * 1000);
  const pad = (n: number) => String(n).padStart(2, '0');
  const day = `${String(d.getUTCFullYear()).padStart(4, '0')}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
  const [h, m, s] = [d.getUTCHours(), d.getUTCMinutes(), d.getUTCSeconds()];
  return h === 0 && m === 0 && s === 0 ? day : `${day} ${pad(h)}:${pad(m)}:${pad(s)}`;
}
