/**
 * The demo accounts of the seeded test server. The admin's password is random per installation
 * unless DEMO_ADMIN_PASSWORD is set: playwright.config.ts starts the server with this one.
 * The creator and brand keep their documented passwords.
 */
export const demoAdminPassword = 'e2e-admin-pw-7Qv3';

export const demo = {
  creator: { email: 'creator@demo.viewpact.test', password: 'creator-demo' },
  brand: { email: 'brand@demo.viewpact.test', password: 'brand-demo' },
  admin: { email: 'admin@demo.viewpact.test', password: demoAdminPassword },
};

export type Role = keyof typeof demo;
export const roles = Object.keys(demo) as Role[];
