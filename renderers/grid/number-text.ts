/** what a number cell accepts while typing: a sign, digits and one decimal part */
export function acceptsNumberText(text: string): boolean {
  return /^[-+]?\d*(\.\d*)?$/.test(text);
}

/** a number cell's text on blur: its number, or empty when it is none (a lone sign or point) */
export function parseNumberText(text: string): number | undefined {
  if (!/\d/.test(text)) return undefined;
  const n = Number(text);
  return Number.isFinite(n) ? n : undefined;
}
