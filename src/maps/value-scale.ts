/** A colour as deck.gl takes it: red, green, blue (0–255). */
export type Rgb = [number, number, number];

// Viridis at five stops: light to tell apart on light and dark maps, and readable without hue.
const stops: readonly Rgb[] = [
  [68, 1, 84],
  [59, 82, 139],
  [33, 145, 140],
  [94, 201, 98],
  [253, 231, 37],
];

/** The colour of a value in [min, max]: low values dark violet, high ones yellow. */
export function valueColour(value: number, [min, max]: readonly [number, number]): Rgb {
  const t = max > min ? Math.min(1, Math.max(0, (value - min) / (max - min))) : 0.5;
  const at = t * (stops.length - 1);
  const i = Math.min(stops.length - 2, Math.floor(at));
  const f = at - i;
  const [ar, ag, ab] = stops[i] ?? [0, 0, 0];
  const [br, bg, bb] = stops[i + 1] ?? [ar, ag, ab];
  const mix = (from: number, to: number) => Math.round(from + (to - from) * f);
  return [mix(ar, br), mix(ag, bg), mix(ab, bb)];
}

/** The lowest and highest of the values, or null when there are none. */
export function domainOf(values: Iterable<number>): [number, number] | null {
  let min = Infinity;
  let max = -Infinity;
  for (const value of values) {
    if (!Number.isFinite(value)) continue;
    min = Math.min(min, value);
    max = Math.max(max, value);
  }
  return min <= max ? [min, max] : null;
}

/** The legend's colour ramp as a CSS gradient. */
export const legendGradient = () =>
  `linear-gradient(to right, ${stops.map(([r, g, b]) => `rgb(${r} ${g} ${b})`).join(', ')})`;

/** '#rrggbb' as deck.gl's colour. */
export function rgbOf(hex: string): Rgb {
  const n = Number.parseInt(hex.replace('#', '').slice(0, 6), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}
