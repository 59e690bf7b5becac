import { msg } from '@lingui/core/macro';
import { DESCRIPTION_MAX_LENGTH, NAME_MAX_LENGTH } from '../../../contracts/list.ts';
import type { FieldMessages } from './contract-resolver.ts';

const atMost = (max: number) => msg`At most ${max} characters.`;

/** What a form says when the contract refuses an entity's name or description. */
export const nameAndDescriptionMessages = {
  name: {
    minLength: msg`A name is required.`,
    pattern: msg`A name is required.`,
    maxLength: atMost(NAME_MAX_LENGTH),
  },
  description: { maxLength: atMost(DESCRIPTION_MAX_LENGTH) },
} satisfies FieldMessages;
