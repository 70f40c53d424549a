import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { brandUser, brief, profileOf } from '@/testing/data';
import { apiUrl, server } from '@/testing/msw';
import { renderPage } from '@/testing/render';
import { profileRow } from '@/testing/supabase';
import { enter, pickDate } from '@/testing/user';
import { EditOpportunityDialog } from './edit-opportunity-dialog';

const published = brief({
  brief: 'Film your morning routine.',
  industry: ['Beauty', 'Skincare'],
  deadline: '2026-12-31',
  budget_satang: 500_000,
});

/** The PATCHes to brand_briefs, answered by `answer` (an edited row by default). */
function briefUpdates(answer?: (body: Record<string, unknown>) => Response | undefined) {
  const sent: { id: string | null; body: Record<string, unknown> }[] = [];
  server.use(
    profileRow(profileOf(brandUser)),
    http.patch(`${apiUrl}/rest/v1/brand_briefs`, async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      sent.push({ id: new URL(request.url).searchParams.get('id'), body });
      return answer?.(body) ?? HttpResponse.json([{ id: published.id, edited_at: '2026-12-03T09:00:00Z', edited_fields: ['title'] }]);
    }),
  );
  return sent;
}

const refuse = (code: string, status = 409) => HttpResponse.json({ code, message: code, details: null, hint: null }, { status });

async function openDialog(language: 'en' | 'th' = 'en') {
  await renderPage(<EditOpportunityDialog brief={published} />, { user: brandUser, language });
  await userEvent.click(await screen.findByRole('button', { name: language === 'en' ? 'Edit: Skincare Product Review' : 'แก้ไข: Skincare Product Review' }));
  return screen.findByRole('dialog');
}

describe('EditOpportunityDialog', () => {
  it('opens prefilled with every field, and saves them all: title, description, brief, bonus, tags, deadline, status and budget', async () => {
    const sent = briefUpdates();
    const dialog = await openDialog();
    expect(within(dialog).getByRole('heading', { name: 'Edit “Skincare Product Review”' })).toBeInTheDocument();
    const field = (label: string | RegExp) => within(dialog).getByLabelText(label);
    expect(field('Title')).toHaveValue('Skincare Product Review');
    expect(field('Description')).toHaveValue('Show our serum in your routine.');
    expect(field(/^Brief/)).toHaveValue('Film your morning routine.');
    expect(field(/^Reward/)).toHaveValue('฿2,000 – ฿5,000');
    expect(field(/^Industry Tags/)).toHaveValue('Beauty, Skincare');
    expect(field(/^Deadline/)).toHaveAccessibleName(/^Deadline ?\(optional\) Dec 31, 2026$/);
    expect(field('Status')).toHaveValue('open');
    expect(field(/^Budget/)).toHaveValue('5000');

    await userEvent.clear(field('Title'));
    await enter(field('Title'), 'Serum, second round');
    await userEvent.clear(field(/^Brief/));
    await enter(field(/^Brief/), 'Night routine this time.');
    await userEvent.clear(field(/^Reward/));
    await userEvent.clear(field(/^Industry Tags/));
    await enter(field(/^Industry Tags/), 'Beauty, Night care');
    await pickDate(field(/^Deadline/), '2027-01-15');
    await userEvent.selectOptions(field('Status'), 'matched');
    await userEvent.clear(field(/^Budget/));
    await enter(field(/^Budget/), '7,500');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));

    expect(await screen.findByText('Campaign updated')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(sent).toEqual([
      {
        id: `eq.${published.id}`,
        body: {
          title: 'Serum, second round',
          description: 'Show our serum in your routine.',
          brief: 'Night routine this time.',
          reward: null,
          industry: ['Beauty', 'Night care'],
          deadline: '2027-01-15',
          status: 'matched',
          budget_satang: 750_000,
        },
      },
    ]);
  });

  it('keeps Save disabled without a title', async () => {
    briefUpdates();
    const dialog = await openDialog();
    await userEvent.clear(within(dialog).getByLabelText('Title'));
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Save changes' })).toBeDisabled());
  });

  it('shows the database’s deadline and budget refusals under their fields, and stays open', async () => {
    briefUpdates((body) => (body.deadline === '2026-12-01' ? refuse('deadline_locked') : body.budget_satang === 100_000 ? refuse('budget_below_spend') : undefined));
    const dialog = await openDialog();
    const deadline = within(dialog).getByLabelText(/^Deadline/);
    await pickDate(deadline, '2026-12-01');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(await within(dialog).findByText('Videos were submitted to this opportunity: its deadline can only move later.')).toBeInTheDocument();
    expect(deadline).toHaveAttribute('aria-invalid', 'true');
    expect(deadline).toHaveFocus();

    await pickDate(deadline, '2027-02-01');
    const budget = within(dialog).getByLabelText(/^Budget/);
    await userEvent.clear(budget);
    await enter(budget, '1000');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(await within(dialog).findByText('The budget cannot be lower than what was spent already')).toBeInTheDocument();
    expect(budget).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('says another failure in a toast, in Thai', async () => {
    briefUpdates(() => refuse('XX000', 500));
    const dialog = await openDialog('th');
    await userEvent.click(within(dialog).getByRole('button', { name: 'บันทึกการแก้ไข' }));
    expect(await screen.findByText('บันทึกการแก้ไขไม่สำเร็จ โปรดลองอีกครั้ง')).toBeInTheDocument();
  });
});
