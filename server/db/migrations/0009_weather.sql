-- The weather of chart tooltips (spec §7 Calendar, address, weather; docs/weather.md): the
-- provider's hours of one UTC day at one place, kept so a dashboard full of charts asks the
-- provider once per place and day. The place is rounded to two decimals (about 1 km). `hours`
-- holds the day's hourly rows as JSON (server/weather/weather-provider.ts, HourlyWeather).
-- A day fetched after it ended is kept for good; today's and coming days are fetched again
-- after an hour. Nothing else refers to this table: emptying it only costs new lookups.
create table weather_days (
  lat numeric(5, 2) not null,
  long numeric(5, 2) not null,
  day date not null,
  hours jsonb not null,
  fetched_at timestamptz not null,
  primary key (lat, long, day)
);
