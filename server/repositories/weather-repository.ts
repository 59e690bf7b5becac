import { sql, type ColumnType, type Kysely } from 'kysely';
import { json } from '../db/json.ts';
import type { DB, JsonText } from '../db/types.ts';
import type { HourlyWeather, WeatherPlace } from '../weather/weather-provider.ts';

/** Row type of migration 0009's table: one place's weather on one UTC day. */
export interface WeatherDaysTable {
  lat: number;
  long: number;
  /** YYYY-MM-DD. */
  day: string;
  hours: ColumnType<HourlyWeather[], JsonText<HourlyWeather[]>, JsonText<HourlyWeather[]>>;
  fetched_at: ColumnType<Date, Date, Date>;
}

/** A day's weather as it was kept, and when it was fetched. */
export interface StoredWeatherDay {
  hours: HourlyWeather[];
  fetchedAt: Date;
}

/** The weather cache of chart tooltips (docs/weather.md). */
export function weatherRepository(db: Kysely<DB>) {
  // The table is this repository's alone, so its row type lives here too.
  const weatherDb = db.withTables<{ weather_days: WeatherDaysTable }>();
  return {
    async get(place: WeatherPlace, day: string): Promise<StoredWeatherDay | undefined> {
      const row = await weatherDb
        .selectFrom('weather_days')
        .select(['hours', 'fetched_at'])
        .where('lat', '=', place.lat)
        .where('long', '=', place.long)
        .where('day', '=', day)
        .executeTakeFirst();
      return row && { hours: row.hours, fetchedAt: new Date(row.fetched_at) };
    },

    async put(place: WeatherPlace, day: string, stored: StoredWeatherDay): Promise<void> {
      await weatherDb
        .insertInto('weather_days')
        .values({
          lat: place.lat,
          long: place.long,
          day,
          hours: json(stored.hours),
          fetched_at: stored.fetchedAt,
        })
        .onConflict((oc) =>
          oc.columns(['lat', 'long', 'day']).doUpdateSet({
            hours: sql`excluded.hours`,
            fetched_at: sql`excluded.fetched_at`,
          }),
        )
        .execute();
    },
  };
}

export type WeatherRepository = ReturnType<typeof weatherRepository>;
