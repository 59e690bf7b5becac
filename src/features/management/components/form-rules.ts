/**
 * An http(s) address with a real host name: the server's rule for a website
 * ('Not a valid URL'), which it keeps in a service rather than in the contract.
 */
export function isWebUrl(value: string): boolean {
  try {
    const url = new URL(value.trim());
    return ['http:', 'https:'].includes(url.protocol) && url.hostname.includes('.');
  } catch {
    return false;
  }
}
