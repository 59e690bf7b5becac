/** A place on the earth, in degrees. */
export interface WeatherPlace {
  lat: number;
  long: number;
}

/**
 * One UTC hour of a day's weather, in the units weather services commonly
 * speak. A value the provider does not have is null.
 */
export interface HourlyWeather {
  /** The UTC hour of the day, 0 to 23. */
  hour: number;
  /** WMO weather interpretation code (0 clear sky … 99 thunderstorm with heavy hail). */
  code: number | null;
  /** Air temperature 2 m above ground, °C. */
  temperature: number | null;
  /** Wind speed 10 m above ground, km/h. */
  windSpeedKmh: number | null;
  /** Relative humidity 2 m above ground, %. */
  humidity: number | null;
  /** Surface pressure, hPa. */
  pressure: number | null;
}

/**
 * Where the weather comes from. One call answers the hours of one UTC day at
 * one place (`day` as YYYY-MM-DD), so a day is fetched once and cached
 * whole. A day the provider has no data for (far in the future, before its
 * records begin) answers [] without a call; trouble reaching the provider
 * (timeout, network, an answer it should not give) is a WeatherProviderError.
 */
export interface WeatherProvider {
  hours(place: WeatherPlace, day: string): Promise<HourlyWeather[]>;
}

/** The weather provider did not answer in time, or not as it should. */
export class WeatherProviderError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'WeatherProviderError';
  }
}
