export const reviewKeys = {
  all: ['reviews'] as const,
  /** The brand's videos awaiting its answer, the first `limit` of them (oldest submission first). */
  pending: (brandId: string | undefined, limit: number) => [...reviewKeys.all, 'pending', brandId, limit] as const,
};
