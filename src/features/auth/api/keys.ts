export const authKeys = {
  all: ['auth'] as const,
  profile: (userId: string | undefined) => [...authKeys.all, 'profile', userId] as const,
};
