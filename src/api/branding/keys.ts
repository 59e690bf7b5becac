export const brandingKeys = {
  all: ['branding'] as const,
  /** The branding of the host the console is opened on. */
  current: () => [...brandingKeys.all, 'current'] as const,
  /** Every branded host (super users). */
  lists: () => [...brandingKeys.all, 'list'] as const,
};
