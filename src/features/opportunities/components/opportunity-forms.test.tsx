import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { addDays, eachDayOfInterval, format, startOfMonth, subDays } from 'date-fns';
import { describe, expect, it } from 'vitest';
import { brandUser, brief, profileOf } from '@/testing/data';
import { apiUrl, server } from '@/testing/msw';
import { renderPage } from '@/testing/render';
import { bangkokToday } from '@/lib/months';
import { profileRow, restError, restGet } from '@/testing/supabase';
import { enter, pickDate } from '@/testing/user';
import { BriefCard } from './brief-card';
import { CreateOpportunityForm } from './create-opportunity-form';

describe('CreateOpportunityForm', () => {
  it('waits for title and description, shows Creating..., then says so and empties the form', async () => {
    const sent: Record<string, unknown>[] = [];
    let release = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    server.use(
      profileRow(profileOf(brandUser)),
      http.post(`${apiUrl}/rest/v1/brand_briefs`, async ({ request }) => {
        sent.push((await request.json()) as Record<string, unknown>);
        await gate;
        return HttpResponse.json(brief(), { status: 201 });
      }),
    );
    await renderPage(<CreateOpportunityForm />, { user: brandUser });
    const create = await screen.findByRole('button', { name: 'Create Opportunity' });
    expect(create).toBeDisabled();
    await enter(screen.getByLabelText('Title'), 'Mango sticky rice challenge');
    expect(create).toBeDisabled();
    await enter(screen.getByLabelText('Description'), 'Show our mango sticky rice.');
    await enter(screen.getByLabelText('Industry Tags (optional)'), ' Food , Dessert ,, ');
    await waitFor(() => expect(create).toBeEnabled());
    await userEvent.click(create);

    expect(await screen.findByRole('button', { name: 'Creating...' })).toBeDisabled();
    release();
    expect(await screen.findByText('Opportunity created successfully')).toBeInTheDocument();
    expect(screen.getByLabelText('Title')).toHaveValue('');
    expect(screen.getByRole('button', { name: 'Create Opportunity' })).toBeDisabled();
    expect(sent).toEqual([
      expect.objectContaining({ brand_id: brandUser.id, title: 'Mango sticky rice challenge', reward: null, industry: ['Food', 'Dessert'], deadline: null, status: 'open' }),
    ]);
    // No budget typed: none sent, so the column keeps its null (no limit).
    expect(sent[0]).not.toHaveProperty('budget_satang');
  });

  it('sends the budget in satang, from baht typed with grouping and satang', async () => {
    const sent: Record<string, unknown>[] = [];
    server.use(
      profileRow(profileOf(brandUser)),
      http.post(`${apiUrl}/rest/v1/brand_briefs`, async ({ request }) => {
        sent.push((await request.json()) as Record<string, unknown>);
        return HttpResponse.json(brief({ budget_satang: 5_000_050 }), { status: 201 });
      }),
    );
    await renderPage(<CreateOpportunityForm />, { user: brandUser });
    await enter(await screen.findByLabelText('Title'), 'Night serum');
    await enter(screen.getByLabelText('Description'), 'Your night routine.');
    const budget = screen.getByLabelText('Budget (optional)');
    expect(budget).toHaveAccessibleDescription('Views stop counting once spend reaches the budget. Leave empty for no limit.');
    await enter(budget, '50,000.50');
    const create = screen.getByRole('button', { name: 'Create Opportunity' });
    await waitFor(() => expect(create).toBeEnabled());
    await userEvent.click(create);
    expect(await screen.findByText('Opportunity created successfully')).toBeInTheDocument();
    expect(sent).toEqual([expect.objectContaining({ title: 'Night serum', budget_satang: 5_000_050 })]);
  });

  it('refuses a budget that is not a number, says why, and sends nothing', async () => {
    let posts = 0;
    server.use(
      profileRow(profileOf(brandUser)),
      http.post(`${apiUrl}/rest/v1/brand_briefs`, () => {
        posts += 1;
        return HttpResponse.json(brief(), { status: 201 });
      }),
    );
    await renderPage(<CreateOpportunityForm />, { user: brandUser });
    await enter(await screen.findByLabelText('Title'), 'Night serum');
    await enter(screen.getByLabelText('Description'), 'Your night routine.');
    const budget = screen.getByLabelText('Budget (optional)');
    await enter(budget, 'five thousand');
    await userEvent.tab();
    expect(await screen.findByText('Enter the budget in baht, e.g. 50000 or 1250.50')).toBeInTheDocument();
    expect(budget).toHaveAttribute('aria-invalid', 'true');
    const create = screen.getByRole('button', { name: 'Create Opportunity' });
    expect(create).toBeDisabled();
    await userEvent.click(create);
    expect(posts).toBe(0);

    // Fixed: the message goes and the form can be sent.
    await userEvent.clear(budget);
    await enter(budget, '5000');
    await waitFor(() => expect(screen.queryByText('Enter the budget in baht, e.g. 50000 or 1250.50')).not.toBeInTheDocument());
    await waitFor(() => expect(create).toBeEnabled());
  });

  it('picks the deadline from a calendar from today on, sends it as YYYY-MM-DD, and empties it with the form', async () => {
    const sent: Record<string, unknown>[] = [];
    server.use(
      profileRow(profileOf(brandUser)),
      http.post(`${apiUrl}/rest/v1/brand_briefs`, async ({ request }) => {
        sent.push((await request.json()) as Record<string, unknown>);
        return HttpResponse.json(brief(), { status: 201 });
      }),
    );
    await renderPage(<CreateOpportunityForm />, { user: brandUser });
    await enter(await screen.findByLabelText('Title'), 'Songkran splash');
    await enter(screen.getByLabelText('Description'), 'Water fights, on camera.');
    const deadline = screen.getByRole('button', { name: /^Deadline ?\(optional\) Pick a date$/ });
    await userEvent.click(deadline);
    // The earliest deadline is today in Thailand, whatever the hour in UTC.
    const today = new Date(`${bangkokToday()}T00:00:00`);
    const month = await screen.findByRole('grid', { name: format(today, 'MMMM yyyy') });
    expect(screen.getByRole('button', { name: 'Previous month' })).toHaveAttribute('aria-disabled', 'true');
    expect(within(month).getByRole('button', { name: format(today, 'EEEE, MMMM d, yyyy') })).toBeEnabled();
    for (const past of eachDayOfInterval({ start: startOfMonth(today), end: subDays(today, 1) })) {
      expect(within(month).getByRole('button', { name: format(past, 'EEEE, MMMM d, yyyy') })).toBeDisabled();
    }
    await userEvent.keyboard('{Escape}');
    const day = addDays(today, 40);
    await pickDate(deadline, format(day, 'yyyy-MM-dd'));
    expect(deadline).toHaveAccessibleName(new RegExp(`^Deadline ?\\(optional\\) ${format(day, 'MMM d, yyyy')}$`));
    const create = screen.getByRole('button', { name: 'Create Opportunity' });
    await waitFor(() => expect(create).toBeEnabled());
    await userEvent.click(create);
    expect(await screen.findByText('Opportunity created successfully')).toBeInTheDocument();
    expect(sent).toEqual([expect.objectContaining({ title: 'Songkran splash', deadline: format(day, 'yyyy-MM-dd') })]);
    await waitFor(() => expect(deadline).toHaveAccessibleName(/^Deadline ?\(optional\) Pick a date$/));
  });

  it('shows the database’s reason for a budget under 1 baht', async () => {
    server.use(profileRow(profileOf(brandUser)), restError('post', 'brand_briefs', 'budget_invalid'));
    await renderPage(<CreateOpportunityForm />, { user: brandUser });
    await enter(await screen.findByLabelText('Title'), 'Tiny');
    await enter(screen.getByLabelText('Description'), 'Tiny budget');
    await enter(screen.getByLabelText('Budget (optional)'), '0.50');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Create Opportunity' })).toBeEnabled());
    await userEvent.click(screen.getByRole('button', { name: 'Create Opportunity' }));
    expect(await screen.findByText('A budget is at least 1 baht')).toBeInTheDocument();
  });

  it('shows the database’s reason when it refuses the deadline, and keeps what was typed', async () => {
    server.use(profileRow(profileOf(brandUser)), restError('post', 'brand_briefs', 'deadline_in_past'));
    await renderPage(<CreateOpportunityForm />, { user: brandUser });
    await enter(await screen.findByLabelText('Title'), 'Late');
    await enter(screen.getByLabelText('Description'), 'Too late');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Create Opportunity' })).toBeEnabled());
    await userEvent.click(screen.getByRole('button', { name: 'Create Opportunity' }));
    expect(await screen.findByText('The deadline cannot be in the past')).toBeInTheDocument();
    expect(screen.getByLabelText('Title')).toHaveValue('Late');
  });
});

describe('BriefCard', () => {
  const newest = { id: brief().id, title: 'Skincare Product Review', brief: 'Old words' };
  const older = { id: 'b1000000-0000-4000-8000-000000000009', title: 'Sheet mask week', brief: null };

  it('names the opportunity it edits, lets the brand pick another, and saves the brief text: Saving..., then Brief updated successfully', async () => {
    const sent: { id: string | null; body: unknown }[] = [];
    const listed: URLSearchParams[] = [];
    let release = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    server.use(
      profileRow(profileOf(brandUser)),
      http.get(`${apiUrl}/rest/v1/opportunities`, ({ request }) => {
        listed.push(new URL(request.url).searchParams);
        return HttpResponse.json([newest, older]);
      }),
      http.patch(`${apiUrl}/rest/v1/brand_briefs`, async ({ request }) => {
        sent.push({ id: new URL(request.url).searchParams.get('id'), body: await request.json() });
        await gate;
        return HttpResponse.json([{ id: older.id, brief: 'Tea for night owls.' }]);
      }),
    );
    await renderPage(<BriefCard />, { user: brandUser });
    const text = await screen.findByRole('textbox', { name: 'Brief' });
    // The brand's own briefs, newest first, with the brief text the cards show.
    expect(Object.fromEntries(listed[0])).toMatchObject({ select: 'id,title,brief', brand_id: `eq.${brandUser.id}`, order: 'created_at.desc,id.asc' });
    expect(text).toHaveValue('Old words');
    expect(screen.getByText('For your opportunity “Skincare Product Review”')).toBeInTheDocument();
    expect(text).toHaveAttribute('placeholder', "Describe your brand and what kind of content you're looking for...");

    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Opportunity' }), 'Sheet mask week');
    expect(await screen.findByText('For your opportunity “Sheet mask week”')).toBeInTheDocument();
    const other = screen.getByRole('textbox', { name: 'Brief' });
    expect(other).toHaveValue('');
    expect(screen.getByRole('button', { name: 'Save Brief' })).toBeDisabled();
    await enter(other, 'Tea for night owls.');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save Brief' })).toBeEnabled());
    await userEvent.click(screen.getByRole('button', { name: 'Save Brief' }));
    expect(await screen.findByRole('button', { name: 'Saving...' })).toBeDisabled();
    release();
    expect(await screen.findByText('Brief updated successfully')).toBeInTheDocument();
    // brand_briefs.brief of the brief picked, not the description of the first one.
    expect(sent).toEqual([{ id: `eq.${older.id}`, body: { brief: 'Tea for night owls.' } }]);
  });

  it('has no picker with one opportunity, and says Failed to update brief when the server fails', async () => {
    server.use(profileRow(profileOf(brandUser)), restGet('opportunities', [newest]), restError('patch', 'brand_briefs', 'XX000', 500));
    await renderPage(<BriefCard />, { user: brandUser });
    await enter(await screen.findByRole('textbox', { name: 'Brief' }), ' more');
    expect(screen.queryByRole('combobox')).not.toBeInTheDocument();
    const save = screen.getByRole('button', { name: 'Save Brief' });
    await waitFor(() => expect(save).toBeEnabled());
    await userEvent.click(save);
    expect(await screen.findByText('Failed to update brief')).toBeInTheDocument();
  });

  it('says so in Thai, with แคมเปญ as the picker’s label', async () => {
    server.use(profileRow(profileOf(brandUser)), restGet('opportunities', [newest, older]));
    await renderPage(<BriefCard />, { user: brandUser, language: 'th' });
    expect(await screen.findByRole('combobox', { name: 'แคมเปญ' })).toHaveValue(newest.id);
    expect(screen.getByRole('button', { name: 'บันทึกบรีฟ' })).toBeInTheDocument();
  });
});
