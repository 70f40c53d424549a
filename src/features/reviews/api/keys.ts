export const reviewKeys = {
  all: ['reviews'] as const,
  /** The brand's videos awaiting its answer, oldest submission first, in batches (\"Show more\"). */
  pending: (brandId: string | undefined) => [...reviewKeys.all, 'pending', brandId] as const,
};
