import type { ReactNode } from 'react';
import type { UserSettings } from '../../../lib/settings.ts';
import { Card } from '../../../ui/card.tsx';

/** What every section of the settings page gets: the settings, and a save of some of them. */
export interface SectionProps {
  settings: UserSettings;
  save: (changes: Partial<UserSettings>) => void;
}

/** One titled card of settings; each change in it is saved at once. */
export function SettingsSection({ title, children }: { title: ReactNode; children: ReactNode }) {
  return (
    <Card as="section">
      <h2>{title}</h2>
      {children}
    </Card>
  );
}
