/** Limits of a TtlCache. */
export interface TtlCacheOptions {
  /** How long an entry serves after it was stored. */
  ttlMs: number;
  /** Past this many entries the oldest is dropped. */
  maxEntries: number;
  /** Clock in epoch ms. */
  now: () => number;
}

/**
 * A bounded in-memory map whose entries expire. Every drop bumps a generation: a value loaded
 * before a drop is refused by `set`, so a read racing a write never stores the old data.
 */
export class TtlCache<K, V> {
  private readonly entries = new Map<K, { value: V; until: number }>();
  private current = 0;

  constructor(private readonly options: TtlCacheOptions) {}

  /** Pass the generation read before loading a value to `set`. */
  get generation(): number {
    return this.current;
  }

  get(key: K): V | undefined {
    const entry = this.entries.get(key);
    if (entry === undefined) {
      return undefined;
    }
    if (entry.until <= this.options.now()) {
      this.entries.delete(key);
      return undefined;
    }
    return entry.value;
  }

  /** Stores the value unless something was dropped since `generation` was read. */
  set(key: K, value: V, generation: number): void {
    if (generation !== this.current) {
      return;
    }
    if (this.entries.size >= this.options.maxEntries && !this.entries.has(key)) {
      const oldest = this.entries.keys().next();
      if (!oldest.done) {
        this.entries.delete(oldest.value);
      }
    }
    this.entries.set(key, { value, until: this.options.now() + this.options.ttlMs });
  }

  delete(key: K): void {
    this.current += 1;
    this.entries.delete(key);
  }

  /** Drops every entry whose value matches. */
  deleteWhere(matches: (value: V) => boolean): void {
    this.current += 1;
    for (const [key, entry] of this.entries) {
      if (matches(entry.value)) {
        this.entries.delete(key);
      }
    }
  }
}
