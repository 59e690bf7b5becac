import type { ProjectContact } from '../../../../contracts/project.ts';

/** The contact's name, or null when neither part is given. */
export const contactName = (contact: ProjectContact): string | null =>
  [contact.firstName, contact.lastName].filter(Boolean).join(' ') || null;
