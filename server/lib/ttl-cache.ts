/**
 * A small cache of values that may be a few seconds stale (device settings,
 * credential checks): one load per key at a time, entries kept for `ttlMs`,
 * the oldest dropped beyond `maxEntries`.
 */
export class TtlCache<K, V> {
  private entries = new Map<K, { value: V; expires: number }>();
  private loading = new Map<K, Promise<V>>();
  /** Bumped by clear(): a load begun before it is not kept. */
  private generation = 0;

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
    const generation = this.generation;
    const settled = () => {
      if (this.loading.get(key) === promise) this.loading.delete(key);
    };
    const promise: Promise<V> = load(key).then(
      (value) => {
        settled();
        // Forgotten while it loaded: the answer may predate the change, so it is not kept.
        if (generation !== this.generation) return value;
        if (this.entries.size >= this.maxEntries) {
          const oldest = this.entries.keys().next();
          if (!oldest.done) this.entries.delete(oldest.value);
        }
        this.entries.delete(key);
        this.entries.set(key, { value, expires: this.now() + this.ttlMs });
        return value;
      },
      (error: unknown) => {
        settled();
        throw error;
      },
    );
    this.loading.set(key, promise);
    return promise;
  }

  /** Forgets a key, and the answer of a load of it still under way. */
  delete(key: K): void {
    this.generation += 1;
    this.entries.delete(key);
    this.loading.delete(key);
  }

  /**
   * Forgets the entries whose value matches, and the answers of every load
   * still under way (what they will answer is not known yet).
   */
  deleteWhere(matches: (value: V) => boolean): void {
    this.generation += 1;
    for (const [key, entry] of this.entries) {
      if (matches(entry.value)) this.entries.delete(key);
    }
    this.loading.clear();
  }

  /** Forgets every entry, and the answers of loads still under way. */
  clear(): void {
    this.generation += 1;
    this.entries.clear();
    this.loading.clear();
  }
}
