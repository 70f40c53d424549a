import { expect, test, type Page } from '@playwright/test';
import { createAccount, pickDate, startSession } from './helpers';

// A desktop brand's journey (issue 15): publish, edit every field, write the brief, own campaigns first.
test.use({ viewport: { width: 1280, height: 900 } });

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

async function publish(page: Page, title: string, description: string) {
  await page.getByLabel('Title', { exact: true }).fill(title);
  await page.getByLabel('Description', { exact: true }).fill(description);
  await page.getByRole('button', { name: 'Create Opportunity' }).click();
  await expect(page.getByText('Opportunity created successfully').first()).toBeVisible();
  await expect(page.getByRole('article', { name: title })).toBeVisible();
}

test('a brand publishes, edits every field, writes the brief on its dashboard and manages its own campaigns first', async ({ page, baseURL }) => {
  test.setTimeout(90_000);
  const stamp = Date.now();
  const first = `Coconut week ${stamp}`;
  const second = `Durian dare ${stamp}`;
  await startSession(page, baseURL!, await createAccount(baseURL!, { user_type: 'brand', first_name: 'Coco Farm' }));

  // Own campaigns first: none yet, and the demo brands' only behind All brands.
  await page.goto('/dashboard/opportunities');
  await expect(page.getByRole('button', { name: 'My campaigns' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByText('You have not published a campaign yet.', { exact: false })).toBeVisible();
  await publish(page, first, 'Show our coconut water after a run.');
  await publish(page, second, 'Dare your friends to taste durian.');
  await expect(page.getByRole('article')).toHaveCount(2);
  await page.getByRole('button', { name: 'All brands' }).click();
  await expect(page).toHaveURL(/scope=all/);
  await expect(page.getByRole('article', { name: 'Skincare Product Review' }).first()).toBeVisible();
  await page.getByRole('button', { name: 'My campaigns' }).click();
  await expect(page.getByRole('article')).toHaveCount(2);

  // Edit every field of the first, from its card.
  await page.getByRole('button', { name: `Edit: ${first}` }).click();
  const edit = page.getByRole('dialog', { name: /^Edit/ });
  await expect(edit.getByLabel('Title')).toHaveValue(first);
  const edited = `${first} (round two)`;
  await edit.getByLabel('Title').fill(edited);
  await edit.getByLabel('Description').fill('Show our coconut water after a long run.');
  await edit.getByLabel(/^Brief/).fill('Film the first sip, then the run.');
  await edit.getByLabel(/^Reward/).fill('A crate of coconuts');
  await edit.getByLabel(/^Industry Tags/).fill('Drinks, Sport');
  await pickDate(page, edit.getByRole('button', { name: /^Deadline/ }), inDays(30));
  await edit.getByLabel('Status').selectOption('matched');
  await edit.getByLabel(/^Budget/).fill('8,000');
  await edit.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Campaign updated')).toBeVisible();
  await expect(edit).toBeHidden();

  const card = page.getByRole('article', { name: edited });
  await expect(card).toContainText('Matched');
  await expect(card).toContainText('Bonus from the brand: A crate of coconuts');
  await expect(card).toContainText('Drinks');
  await expect(card).toContainText('Sport');
  await expect(card).toContainText('฿8,000.00 left of ฿8,000.00');
  await expect(card).toContainText(/Updated .*: title, description, brief, bonus, tags, deadline, budget, status/);

  // The dashboard's Brief card names the opportunity it edits; the brand picks the first one and writes its brief.
  await page.goto('/dashboard/brand');
  await expect(page.getByText(`For your opportunity “${second}”`)).toBeVisible();
  await page.getByRole('combobox', { name: 'Opportunity' }).selectOption({ label: edited });
  await expect(page.getByText(`For your opportunity “${edited}”`)).toBeVisible();
  const brief = page.getByRole('textbox', { name: 'Brief' });
  await expect(brief).toHaveValue('Film the first sip, then the run.');
  await brief.fill('We grow coconuts in Samut Songkhram. Show the first sip after your run.');
  await page.getByRole('button', { name: 'Save Brief' }).click();
  await expect(page.getByText('Brief updated successfully')).toBeVisible();

  // The brief dialog shows it, and offers Edit there too.
  await page.goto('/dashboard/opportunities');
  await page.getByRole('button', { name: `Read Brief: ${edited}` }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('We grow coconuts in Samut Songkhram. Show the first sip after your run.');
  await expect(dialog).toContainText('Bonus from the brand');
  await expect(dialog.getByRole('button', { name: `Edit: ${edited}` })).toBeVisible();
});
