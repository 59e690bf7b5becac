/** What a delete of several entities did: the ids deleted, and each refusal or error. */
export interface DeleteOutcome<Id extends number | string = number> {
  deleted: Id[];
  failures: unknown[];
}

/**
 * Deletes each id with its own call; a refusal (an entity still in use) does
 * not stop the others.
 */
export async function deleteEach<Id extends number | string>(
  ids: readonly Id[],
  remove: (id: Id) => Promise<unknown>,
): Promise<DeleteOutcome<Id>> {
  const results = await Promise.allSettled(ids.map((id) => remove(id)));
  const outcome: DeleteOutcome<Id> = { deleted: [], failures: [] };
  results.forEach((result, index) => {
    if (result.status === 'fulfilled') outcome.deleted.push(ids[index] as Id);
    else outcome.failures.push(result.reason);
  });
  return outcome;
}
