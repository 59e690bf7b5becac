import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';

/** The 24 doors of the December calendar (spec §2), one for each day from 1 to 24 December. */
export const decemberDoors: readonly MessageDescriptor[] = [
  msg`Star any device, registry or project to find it again under Favourites.`,
  msg`The search box finds devices, projects, data collections, users and organisations.`,
  msg`A dashboard opened as a wall display fills the screen and keeps drawing across restarts.`,
  msg`Export a dashboard as a file, and import it into another account.`,
  msg`The live periods, from the last minute to the last six hours, follow new data as it arrives.`,
  msg`The period menu sets one period for every graph on a dashboard.`,
  msg`Point at a line in a chart's legend to draw it thicker.`,
  msg`Charts shade weekends in the colour you choose in Settings.`,
  msg`Calibration reminders say when a device should be calibrated again.`,
  msg`The on-site setup names, places, calibrates and photographs a new device from your phone.`,
  msg`A data collection keeps every device that measured for it, and when.`,
  msg`Projects show as cards or as a list: choose the view above the list.`,
  msg`Every list exports what it holds as CSV or JSON.`,
  msg`Saved filters keep a list's filters under a name of your own.`,
  msg`API tokens let scripts read and send data without a password.`,
  msg`A device's or a registry's token lets devices publish over MQTT or HTTP.`,
  msg`Cloud functions decode what devices send before it is stored.`,
  msg`Offline, the console shows what you saw last, and says so.`,
  msg`The console speaks Danish and English: choose in Settings.`,
  msg`Prefer the dark? Settings has a dark theme.`,
  msg`Rows per page can follow the window: choose Auto.`,
  msg`On a phone, a graph below the fold draws when you scroll to it.`,
  msg`Account managers run their organisation and its sub-organisations.`,
  msg`Merry Christmas from everyone building Nordlys!`,
];

/**
 * How many doors are open on a day: none before December, one more each
 * day from the 1st, all 24 from the 24th to the end of the year.
 */
export function openDoors(today: Date): number {
  if (today.getMonth() !== 11) return 0;
  return Math.min(24, today.getDate());
}
