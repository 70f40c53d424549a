import type { SignOutMessages } from './use-sign-out-and-leave';

/** Inside the dashboard the spec's words are 'Logged out successfully' and 'Error signing out'. */
export const dashboardSignOutMessages: SignOutMessages = { success: 'auth:messages.loggedOut', failure: 'auth:messages.signOutError' };
