/** The signed-in user: who they are, with their own store (settings, favourites). */
export const authKeys = {
  all: ['auth'] as const,
  user: () => [...authKeys.all, 'user'] as const,
};
