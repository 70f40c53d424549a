import { expect, test as setup } from '@playwright/test';
import { demo, roles, signIn, storageStateOf } from './helpers';

const landing = { creator: 'Creator Dashboard', brand: 'Brand Dashboard', admin: 'Admin Dashboard' };

// Each demo account signs in once, through the form, and lands on its own dashboard (an admin by
// way of /admin); the signed-in state is saved for the specs that `test.use(signedInAs(role))`.
for (const role of roles) {
  setup(`the demo ${role} signs in through the form and lands on the ${landing[role]}`, async ({ page }) => {
    const visited: string[] = [];
    page.on('framenavigated', (frame) => frame === page.mainFrame() && visited.push(new URL(frame.url()).pathname));
    await signIn(page, demo[role], new RegExp(`/dashboard/${role}$`));
    await expect(page.getByRole('heading', { level: 1, name: landing[role] })).toBeVisible();
    if (role === 'admin') expect(visited).toContain('/admin');
    await page.context().storageState({ path: storageStateOf(role) });
  });
}
