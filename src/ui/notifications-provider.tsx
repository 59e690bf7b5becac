import { useLingui } from '@lingui/react/macro';
import { useActorRef, useSelector } from '@xstate/react';
import { useCallback, type ReactNode } from 'react';
import { notificationsMachine } from '../../machines/notifications.machine.ts';
import { NotifyContext, type Notify } from '../lib/notifications.ts';
import { Snackbar } from './snackbar.tsx';

/** One snackbar at a time (3 s each, 500 ms between): the notifications machine drives it. */
export function NotificationsProvider({
  side,
  children,
}: {
  side: 'left' | 'right';
  children: ReactNode;
}) {
  const { t } = useLingui();
  const actor = useActorRef(notificationsMachine);
  const current = useSelector(actor, (snapshot) => snapshot.context.current);
  const notify = useCallback<Notify>(
    (message, severity = 'info') => actor.send({ type: 'notify.push', message, severity }),
    [actor],
  );
  return (
    <NotifyContext.Provider value={notify}>
      {children}
      {current ? (
        <Snackbar
          key={current.id}
          notice={current}
          side={side}
          closeLabel={t`Close`}
          onClose={() => actor.send({ type: 'notify.close', id: current.id })}
        />
      ) : null}
    </NotifyContext.Provider>
  );
}
