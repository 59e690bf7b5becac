import { createContext, useContext } from 'react';
import type { NoticeSeverity } from '../../machines/notifications.machine.ts';

export type Notify = (message: string, severity?: NoticeSeverity) => void;

/** What useNotify answers; ui/notifications-provider.tsx gives it under the root route. */
export const NotifyContext = createContext<Notify>(() => undefined);

/** Shows a message in the snackbar (info unless told otherwise). */
export function useNotify(): Notify {
  return useContext(NotifyContext);
}
