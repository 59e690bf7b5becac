export type ThemeMode = 'light' | 'dark';

export interface Theme {
  mode: ThemeMode;
  colors: {
    primary: string;
    onPrimary: string;
    background: string;
    surface: string;
    text: string;
    textMuted: string;
    border: string;
    hover: string;
    success: string;
    warning: string;
    danger: string;
  };
  radius: string;
  font: string;
  /** Spec breakpoints (px): xs 600, sm 960, md 1280, lg 1920, xl 2140. */
  breakpoints: { xs: number; sm: number; md: number; lg: number; xl: number };
}

const shared = {
  radius: '8px',
  font: "'Inter', system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif",
  breakpoints: { xs: 600, sm: 960, md: 1280, lg: 1920, xl: 2140 },
};

export const lightTheme: Theme = {
  ...shared,
  mode: 'light',
  colors: {
    primary: '#00796b',
    onPrimary: '#ffffff',
    background: '#f4f6f8',
    surface: '#ffffff',
    text: '#14202b',
    textMuted: '#4f5d6b',
    border: '#d5dbe1',
    hover: 'rgb(0 0 0 / 6%)',
    success: '#2e7d32',
    warning: '#a15c00',
    danger: '#c62828',
  },
};

export const darkTheme: Theme = {
  ...shared,
  mode: 'dark',
  colors: {
    primary: '#4fd1c0',
    onPrimary: '#06201c',
    background: '#0d1620',
    surface: '#16222e',
    text: '#e8eef3',
    textMuted: '#a3b1bf',
    border: '#2b3a48',
    hover: 'rgb(255 255 255 / 8%)',
    success: '#66bb6a',
    warning: '#ffb74d',
    danger: '#ef6b6b',
  },
};

export const themes: Record<ThemeMode, Theme> = { light: lightTheme, dark: darkTheme };

/** A theme with a white-label host's primary colour, when it has one. */
export function brandedTheme(mode: ThemeMode, primary?: string): Theme {
  const base = themes[mode];
  if (!primary) return base;
  return { ...base, colors: { ...base.colors, primary, onPrimary: readableOn(primary) } };
}

/** Black or white text, whichever reads better on the colour. */
function readableOn(hex: string): string {
  const value = Number.parseInt(hex.slice(1), 16);
  const [r, g, b] = [(value >> 16) & 255, (value >> 8) & 255, value & 255];
  const luminance = (0.299 * r + 0.587 * g + 0.114 * b) / 255;
  return luminance > 0.6 ? '#111111' : '#ffffff';
}
