import crypto from 'node:crypto';

let last = 0n;

/**
 * Time-ordered 19-digit ids as strings (ids never travel as JSON numbers): milliseconds since 2020
 * shifted left, plus a random tail, strictly increasing within the process.
 */
export function newId(): string {
  const ms = BigInt(Date.now() - 1577836800000);
  let id = (ms << 22n) | BigInt(crypto.randomInt(0, 1 << 22));
  if (id <= last) id = last + 1n;
  last = id;
  return id.toString().padStart(19, '0');
}
