import type { VersionedZone } from '../core/zone.ts';
import type { ZoneRepository } from './zone.repository.ts';

/**
 * The zone catalogue as a container sees it: read once, then served from memory for `ttlMs`
 * (quotes need every zone; reading seven items per quote would double the quote's cost).
 * An edited zone reaches quoting within ttlMs; bookings read their pinned zone fresh (and check its
 * version in their transaction), so a catalogue served stale after a failed reload prices nothing wrongly.
 */
export class ZoneCatalog {
  readonly repository: ZoneRepository;
  private readonly ttlMs: number;
  private cached: { zones: VersionedZone[]; loadedAt: number } | undefined;
  private loading: Promise<VersionedZone[]> | undefined;

  constructor(repository: ZoneRepository, ttlMs: number) {
    this.repository = repository;
    this.ttlMs = ttlMs;
  }

  /** Every zone's current version; concurrent callers share one read. */
  async current(now = Date.now()): Promise<VersionedZone[]> {
    if (this.cached && now - this.cached.loadedAt < this.ttlMs) return this.cached.zones;
    this.loading ??= this.repository
      .listCurrent()
      .then(
        (zones) => {
          this.cached = { zones, loadedAt: Date.now() };
          return zones;
        },
        // A reload that fails (DynamoDB trouble, a zone item that no longer parses) serves the
        // catalogue this container has, and the next call tries again; with none, it fails.
        (error: unknown) => {
          if (this.cached) return this.cached.zones;
          throw error;
        },
      )
      .finally(() => {
        this.loading = undefined;
      });
    return this.loading;
  }
}
