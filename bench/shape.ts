/** How much data a benchmark run holds. The full PostgreSQL shape is issue 11's. */
export type Shape = {
  name: 'quick' | 'pglite' | 'postgres';
  brands: number;
  creators: number;
  briefs: number;
  connections: number;
  videos: number;
  /** Videos submitted to brand 1, the heavy brand. */
  heavyBrandVideos: number;
  /** Videos of creator 1, the heavy creator. */
  heavyCreatorVideos: number;
  /** Videos of creator 2: the spec's approach is compared at this size and at heavyCreatorVideos. */
  midCreatorVideos: number;
  /** Measurements kept per video (the first, a day later, three days later...). */
  snapshotsPerVideo: number;
  /** Notifications in all (issue 16); a twentieth of them the heavy creator's. */
  notifications: number;
};

export const shapes: Record<Shape['name'], Shape> = {
  quick: {
    name: 'quick',
    brands: 20,
    creators: 500,
    briefs: 100,
    connections: 2_000,
    videos: 12_000,
    heavyBrandVideos: 1_500,
    heavyCreatorVideos: 5_000,
    midCreatorVideos: 1_000,
    snapshotsPerVideo: 3,
    notifications: 20_000,
  },
  pglite: {
    name: 'pglite',
    brands: 100,
    creators: 5_000,
    briefs: 500,
    connections: 10_000,
    videos: 100_000,
    heavyBrandVideos: 9_166,
    heavyCreatorVideos: 50_000,
    midCreatorVideos: 5_000,
    snapshotsPerVideo: 3,
    notifications: 100_000,
  },
  postgres: {
    name: 'postgres',
    brands: 1_000,
    creators: 50_000,
    briefs: 5_000,
    connections: 100_000,
    videos: 1_000_000,
    heavyBrandVideos: 91_662,
    heavyCreatorVideos: 50_000,
    midCreatorVideos: 5_000,
    snapshotsPerVideo: 3,
    notifications: 1_000_000,
  },
};

/** Bumped whenever generate.ts writes different data: a cached database of another version is rebuilt. */
export const generatorVersion = 4;

export const benchPassword = 'bench-password';
export const benchEmail = (kind: 'brand' | 'creator' | 'admin', n: number) => `${kind}-${n}@bench.viewpact.test`;
