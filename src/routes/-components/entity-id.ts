/** A numeric entity id from a route parameter; anything else becomes 0, which no entity has (404). */
export function entityId(param: string): number {
  const id = Number(param);
  return Number.isSafeInteger(id) && id > 0 ? id : 0;
}
