/**
 * A small cache of values that may be a few seconds stale (device settings,
 * credential checks): one load per key at a time, entries kept for `ttlMs`,
 * the oldest dropped beyond `maxEntries`.
 */
export class TtlCache<K, V> {
  private entries = new Map<K, { value: V; expires: number }>();
  private loading = new Map<K, Promise<V>>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 50_000,
    private readonly now: () => number = Date.now,
  ) {}

  /** The entry of a key while it is fresh (no load, no promise); undefined otherwise. */
  fresh(key: K): { readonly value: V } | undefined {
    const hit = this.entries.get(key);
    return hit && hit.expires > this.now() ? hit : undefined;
  }

  async get(key: K, load: (key: K) => Promise<V>): Promise<V> {
    const hit = this.entries.get(key);
    if (hit && hit.expires > this.now()) return hit.value;
    const pending = this.loading.get(key);
    if (pending) return pending;
    const promise = load(key).then(
      (value) => {
        this.loading.delete(key);
        if (this.entries.size >= this.maxEntries) {
          const oldest = this.entries.keys().next();
          if (!oldest.done) this.entries.delete(oldest.value);
        }
        this.entries.delete(key);
        this.entries.set(key, { value, expires: this.now() + this.ttlMs });
        return value;
      },
      (error: unknown) => {
        this.loading.delete(key);
        throw error;
      },
    );
    this.loading.set(key, promise);
    return promise;
  }

  delete(key: K): void {
    this.entries.delete(key);
  }

  clear(): void {
    this.entries.clear();
  }
}
