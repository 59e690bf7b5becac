import type { Language } from '../../contracts/user.ts';
import type { WeatherIcon } from '../../contracts/weather.ts';

/** Skies drawn with a sun by day and a moon by night. */
type Sky = 'clear' | 'partly-cloudy';
/** The kind of weather a code stands for: a sky, or an icon that is the same day and night. */
type Kind = Sky | Exclude<WeatherIcon, `${Sky}-day` | `${Sky}-night`>;

interface Condition {
  kind: Kind;
  da: string;
  en: string;
}

const condition = (kind: Kind, da: string, en: string): Condition => ({
  kind,
  da,
  en,
});

/**
 * WMO weather interpretation codes (WMO 306, table 4677, as Open-Meteo
 * reports them) and what Nordlys says about each.
 */
const CONDITIONS: ReadonlyMap<number, Condition> = new Map([
  [0, condition('clear', 'Klart', 'Clear sky')],
  [1, condition('clear', 'Overvejende klart', 'Mainly clear')],
  [2, condition('partly-cloudy', 'Delvis skyet', 'Partly cloudy')],
  [3, condition('cloudy', 'Overskyet', 'Overcast')],
  [45, condition('fog', 'Tåge', 'Fog')],
  [48, condition('fog', 'Rimtåge', 'Depositing rime fog')],
  [51, condition('drizzle', 'Let støvregn', 'Light drizzle')],
  [53, condition('drizzle', 'Støvregn', 'Moderate drizzle')],
  [55, condition('drizzle', 'Tæt støvregn', 'Dense drizzle')],
  [56, condition('sleet', 'Let frysende støvregn', 'Light freezing drizzle')],
  [57, condition('sleet', 'Tæt frysende støvregn', 'Dense freezing drizzle')],
  [61, condition('rain', 'Let regn', 'Light rain')],
  [63, condition('rain', 'Regn', 'Moderate rain')],
  [65, condition('rain', 'Kraftig regn', 'Heavy rain')],
  [66, condition('sleet', 'Let isslag', 'Light freezing rain')],
  [67, condition('sleet', 'Kraftig isslag', 'Heavy freezing rain')],
  [71, condition('snow', 'Let snefald', 'Light snow')],
  [73, condition('snow', 'Snefald', 'Moderate snow')],
  [75, condition('snow', 'Kraftigt snefald', 'Heavy snow')],
  [77, condition('snow', 'Snekorn', 'Snow grains')],
  [80, condition('showers', 'Lette regnbyger', 'Light rain showers')],
  [81, condition('showers', 'Regnbyger', 'Moderate rain showers')],
  [82, condition('showers', 'Kraftige regnbyger', 'Violent rain showers')],
  [85, condition('snow', 'Lette snebyger', 'Light snow showers')],
  [86, condition('snow', 'Kraftige snebyger', 'Heavy snow showers')],
  [95, condition('thunderstorm', 'Tordenvejr', 'Thunderstorm')],
  [96, condition('thunderstorm', 'Tordenvejr med let hagl', 'Thunderstorm with light hail')],
  [99, condition('thunderstorm', 'Tordenvejr med kraftig hagl', 'Thunderstorm with heavy hail')],
]);

/**
 * Whether the sun is up, roughly: the local solar time (UTC shifted by an
 * hour per 15° of longitude) at the middle of the hour lies between 06 and 18.
 * Good enough to pick a sun or a moon for a tooltip's icon.
 */
export function isDaytime(hourStart: Date, long: number): boolean {
  const utcHours = hourStart.getUTCHours() + hourStart.getUTCMinutes() / 60 + 0.5;
  const solar = (((utcHours + long / 15) % 24) + 24) % 24;
  return solar >= 6 && solar < 18;
}

/**
 * The icon and the summary in `language` of a WMO weather code; undefined
 * for a code that is not one.
 */
export function describeWeather(
  code: number,
  daytime: boolean,
  language: Language,
): { icon: WeatherIcon; summary: string } | undefined {
  const found = CONDITIONS.get(code);
  if (!found) return undefined;
  const icon: WeatherIcon =
    found.kind === 'clear' || found.kind === 'partly-cloudy'
      ? `${found.kind}-${daytime ? 'day' : 'night'}`
      : found.kind;
  return { icon, summary: found[language] };
}

/** Every WMO code Nordlys describes (for tests). */
export const describedCodes = (): number[] => [...CONDITIONS.keys()];
