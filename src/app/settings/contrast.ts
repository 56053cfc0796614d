/** #rrggbb → [r, g, b] in 0…255 (#rgb is widened) */
function rgb(hex: string): [number, number, number] {
  const h = hex.replace('#', '');
  const full = h.length === 3 ? [...h].map((c) => c + c).join('') : h;
  return [0, 2, 4].map((i) => parseInt(full.slice(i, i + 2), 16)) as [number, number, number];
}

const hex = (c: number[]) => `#${c.map((v) => Math.round(v).toString(16).padStart(2, '0')).join('')}`;

/** WCAG 2 relative luminance */
function luminance(color: string): number {
  const [r, g, b] = rgb(color).map((v) => {
    const s = v / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG 2 contrast ratio of two colours (1 to 21) */
export function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

/** `color` moved towards `to` by `amount` (0…1) */
export function mix(color: string, to: string, amount: number): string {
  const a = rgb(color);
  const b = rgb(to);
  return hex(a.map((v, i) => v + (b[i] - v) * amount));
}

/**
 * The colour as text on `background` that people can read (WCAG AA, 4.5:1): the colour itself
 * when it already is, else the lightest shade of it towards black that is. A bright theme colour
 * (the default #01a0e6 reads 2.9:1 on white) keeps its hue in links and selected items.
 */
export function readableOn(color: string, background = '#ffffff', ratio = 4.5): string {
  for (let step = 0; step <= 20; step++) {
    const shade = mix(color, '#000000', step / 20);
    if (contrast(shade, background) >= ratio) return shade;
  }
  return '#000000';
}
