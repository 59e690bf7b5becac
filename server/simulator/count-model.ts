import type { LocationType } from '../../contracts/device.ts';

/**
 * The people-counting model behind the demo history and the live simulator:
 * pure functions of a counter's profile, a time and a seeded random source,
 * so the same seed always tells the same story.
 */
export interface CounterProfile {
  /** Makes each counter's noise, battery cycle and temperature offset its own. */
  seed: number;
  locType: LocationType;
  /** People through this counter in its busiest hour, both directions. */
  peakPerHour: number;
}

export interface Reading {
  countIn: number;
  countOut: number;
  battery: number;
  temperature: number;
}

export type Random = () => number;

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** A small, fast seeded generator (mulberry32): uniform numbers in [0, 1). */
export function seededRandom(seed: number): Random {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A stable 32-bit seed from a name (FNV-1a). */
export function seedOf(name: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < name.length; i++) {
    hash ^= name.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

const dstByYear = new Map<number, { start: number; end: number; yearStart: number }>();

function yearFacts(year: number) {
  let facts = dstByYear.get(year);
  if (!facts) {
    const lastSundayAt1 = (month: number) => {
      const last = new Date(Date.UTC(year, month + 1, 0));
      return Date.UTC(year, month, last.getUTCDate() - last.getUTCDay(), 1);
    };
    facts = { start: lastSundayAt1(2), end: lastSundayAt1(9), yearStart: Date.UTC(year, 0, 1) };
    dstByYear.set(year, facts);
  }
  return facts;
}

/** Copenhagen's offset from UTC at an instant: CET, or CEST from the last Sunday of March to that of October (01:00 UTC). */
export function copenhagenOffsetMs(time: number): number {
  const { start, end } = yearFacts(new Date(time).getUTCFullYear());
  return time >= start && time < end ? 2 * HOUR : HOUR;
}

/** The local clock in Copenhagen: hour of day (fractional), weekday (0 = Sunday), day of year. */
export function localClock(time: number): { hour: number; weekday: number; dayOfYear: number } {
  const local = time + copenhagenOffsetMs(time);
  const day = Math.floor(local / DAY);
  const { yearStart } = yearFacts(new Date(local).getUTCFullYear());
  return {
    hour: (local - day * DAY) / HOUR,
    // 1 January 1970 was a Thursday.
    weekday: (((day + 4) % 7) + 7) % 7,
    dayOfYear: Math.floor((local - yearStart) / DAY),
  };
}

export const isWeekend = (weekday: number) => weekday === 0 || weekday === 6;

/** Weights of the night floor and the morning, midday, afternoon and evening peaks. */
interface DayShape {
  night: number;
  morning: number;
  midday: number;
  afternoon: number;
  evening: number;
}

const commute: DayShape = { night: 0.02, morning: 0.85, midday: 0.45, afternoon: 1, evening: 0.25 };
const shapes: Partial<Record<LocationType, DayShape>> = {
  office: { night: 0.005, morning: 1, midday: 0.25, afternoon: 0.85, evening: 0.03 },
  park: { night: 0.01, morning: 0.35, midday: 0.6, afternoon: 1, evening: 0.5 },
  path: { night: 0.01, morning: 0.6, midday: 0.45, afternoon: 1, evening: 0.45 },
  pedestrianstreet: { night: 0.03, morning: 0.45, midday: 0.8, afternoon: 1, evening: 0.4 },
  port: { night: 0.03, morning: 0.4, midday: 0.7, afternoon: 1, evening: 0.6 },
  square: { night: 0.03, morning: 0.6, midday: 0.7, afternoon: 1, evening: 0.45 },
};

/** How much busier than a weekday a Saturday or Sunday is (all below 1). */
const weekendFactors: Partial<Record<LocationType, number>> = {
  office: 0.06,
  motorway: 0.7,
  park: 0.9,
  path: 0.85,
  pedestrianstreet: 0.85,
  port: 0.9,
};

const bump = (hour: number, centre: number, width: number) =>
  Math.exp(-((hour - centre) ** 2) / (2 * width * width));

/**
 * The share of the peak hour's traffic at a local hour: near zero at night,
 * peaks at the morning (≈ 8) and afternoon (≈ 16:30) rush. Weekends have no
 * morning rush and less traffic overall.
 */
export function dailyRhythm(locType: LocationType, hour: number, weekday: number): number {
  const shape = shapes[locType] ?? commute;
  const weekend = isWeekend(weekday);
  const level =
    shape.night +
    (weekend ? 0.2 : 1) * shape.morning * bump(hour, 8, 1) +
    shape.midday * bump(hour, 12.5, 1.8) +
    shape.afternoon * bump(hour, 16.5, 1.5) +
    shape.evening * bump(hour, 20, 1.6);
  const capped = Math.min(1, level);
  return weekend ? capped * (weekendFactors[locType] ?? 0.65) : capped;
}

/** The mean number of people a counter sees in the interval [from, to). */
export function expectedCount(profile: CounterProfile, from: number, to: number): number {
  // Midpoint steps of at most 15 minutes follow the rhythm closely enough.
  const steps = Math.max(1, Math.ceil((to - from) / (15 * 60_000)));
  const step = (to - from) / steps;
  let total = 0;
  for (let i = 0; i < steps; i++) {
    const { hour, weekday } = localClock(from + (i + 0.5) * step);
    total += dailyRhythm(profile.locType, hour, weekday) * (step / HOUR);
  }
  return profile.peakPerHour * total;
}

/** A Poisson-distributed count: exact for small means, the normal approximation above. */
export function samplePoisson(mean: number, random: Random): number {
  if (mean <= 0) return 0;
  if (mean > 30) {
    const u = Math.max(random(), Number.EPSILON);
    const gaussian = Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * random());
    return Math.max(0, Math.round(mean + Math.sqrt(mean) * gaussian));
  }
  const limit = Math.exp(-mean);
  let count = 0;
  let product = random();
  while (product > limit) {
    count++;
    product *= random();
  }
  return count;
}

/** The share of people going in: offices fill in the morning and empty in the afternoon. */
function inShare(locType: LocationType, hour: number): number {
  const swing = locType === 'office' ? 0.4 : 0.06;
  return 0.5 + swing * (bump(hour, 8.5, 2) - bump(hour, 16.5, 2));
}

/** People counted going in and out during [from, to). */
export function sampleCounts(
  profile: CounterProfile,
  from: number,
  to: number,
  random: Random,
): { countIn: number; countOut: number } {
  const mean = expectedCount(profile, from, to);
  const share = inShare(profile.locType, localClock((from + to) / 2).hour);
  return {
    countIn: samplePoisson(mean * share, random),
    countOut: samplePoisson(mean * (1 - share), random),
  };
}

/**
 * Battery charge in percent: drains from 100 to about 20 over a cycle of 40 to
 * 60 days, then the battery is swapped. Each counter is at its own point of
 * its cycle.
 */
export function batteryLevel(profile: CounterProfile, time: number): number {
  const cycleDays = 40 + (profile.seed % 21);
  const phase = ((profile.seed >>> 8) % 1000) / 1000;
  const position = (time / DAY / cycleDays + phase) % 1;
  // A slight curve: the voltage falls faster near the end.
  const level = 100 - 80 * position ** 1.3;
  return Math.round(level * 10) / 10;
}

/**
 * Outdoor temperature in °C: a seasonal mean for Denmark, a daily curve (low
 * near dawn, high mid-afternoon), weather that drifts over days, and a small
 * offset per counter. Office counters sit indoors.
 */
export function temperatureAt(profile: CounterProfile, time: number, random: Random): number {
  const { hour, dayOfYear } = localClock(time);
  const noise = (random() - 0.5) * 0.4;
  if (profile.locType === 'office') {
    const daily = 0.8 * Math.cos((2 * Math.PI * (hour - 14)) / 24);
    return round1(21 + daily + noise);
  }
  const seasonal = 9 - 8 * Math.cos((2 * Math.PI * (dayOfYear - 15)) / 365);
  const daily = 3.5 * Math.cos((2 * Math.PI * (hour - 15)) / 24);
  const days = time / DAY;
  const weather = 2.5 * Math.sin((2 * Math.PI * days) / 5.3) + 1.2 * Math.sin(days * 2.9 + 1);
  const offset = ((profile.seed % 200) - 100) / 100;
  return round1(seasonal + daily + weather + offset + noise);
}

const round1 = (value: number) => Math.round(value * 10) / 10;

/** Everything a counter reports for the interval [from, to), timed at `to`. */
export function readingFor(
  profile: CounterProfile,
  from: number,
  to: number,
  random: Random,
): Reading {
  return {
    ...sampleCounts(profile, from, to, random),
    battery: batteryLevel(profile, to),
    temperature: temperatureAt(profile, to, random),
  };
}
