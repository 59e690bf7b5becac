export const searchKeys = {
  all: ['search'] as const,
  /** Suggestions for a trimmed text (GET /v2/search). */
  suggestions: (q: string) => [...searchKeys.all, q] as const,
};
