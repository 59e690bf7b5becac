import { Suspense } from 'react';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { periodMenuMachine } from '../../../../machines/period-menu.machine.ts';
import { lazyLater } from '../../../lib/lazy-later.ts';

export type PeriodMenuActor = ActorRefFrom<typeof periodMenuMachine>;

/** The dialog's form, with the date mask, loads apart from the page it is opened on. */
export const CustomDateForm = lazyLater(
  () => import('./custom-date-form.tsx'),
  (module) => module.default,
);

/**
 * The custom period (spec §2 custom date dialog, §5), shown while the period
 * menu machine is in its custom dialog: from and to typed as DD/MM/YYYY
 * HH:mm:ss through a mask, 24-hour; the machine refuses future dates and a
 * start after the end. The fields open on the machine's draft (the last 7
 * days up to now, unless the custom period is already chosen).
 */
export function CustomDateDialog({ menu }: { menu: PeriodMenuActor }) {
  const open = useSelector(menu, (snapshot) => snapshot.matches('customDialog'));
  // Closed, nothing is mounted, so the fields start again from the next draft.
  return open ? (
    <Suspense fallback={null}>
      <CustomDateForm.Component menu={menu} />
    </Suspense>
  ) : null;
}
