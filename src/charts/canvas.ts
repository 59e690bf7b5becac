/**
 * Sizes a canvas for a plot `width` × `height` CSS pixels at the screen's
 * pixel ratio (sharp on high-DPI screens) and returns its context, scaled so
 * drawing is in CSS pixels and cleared; null where there is no 2D context.
 * The backing store is only resized when the size changes (that is costly).
 */
export function prepareCanvas(
  canvas: HTMLCanvasElement,
  width: number,
  height: number,
): CanvasRenderingContext2D | null {
  const context = canvas.getContext('2d');
  if (!context) return null;
  const ratio = (typeof window === 'undefined' ? 1 : window.devicePixelRatio) || 1;
  const w = Math.max(1, Math.round(width * ratio));
  const h = Math.max(1, Math.round(height * ratio));
  if (canvas.width !== w) canvas.width = w;
  if (canvas.height !== h) canvas.height = h;
  context.setTransform(ratio, 0, 0, ratio, 0, 0);
  context.clearRect(0, 0, width, height);
  return context;
}

/** A CSS colour with the given alpha: #rrggbb becomes rgba(); other colours are left as they are. */
export function withAlpha(color: string, alpha: number): string {
  const match = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(color);
  if (!match) return color;
  const [, r = '0', g = '0', b = '0'] = match;
  return `rgba(${parseInt(r, 16)}, ${parseInt(g, 16)}, ${parseInt(b, 16)}, ${alpha})`;
}
