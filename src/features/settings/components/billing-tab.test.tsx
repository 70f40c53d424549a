import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { brandUser, creatorUser, profileOf } from '@/testing/data';
import { apiUrl, server } from '@/testing/msw';
import { renderPage } from '@/testing/render';
import { profileRow, restGet } from '@/testing/supabase';
import { enter } from '@/testing/user';
import SettingsPage from '../pages/settings-page';

const saved = {
  brand_id: brandUser.id,
  legal_name: 'GlowLab Skincare Co., Ltd.',
  address: '88 Rama 9 Road, Huai Khwang, Bangkok 10310',
  tax_id: '0105561000127',
  branch: '00001',
  billing_email: 'billing@glowlab.example',
  updated_at: '2026-11-20T08:00:00Z',
};

type Answer = { status: number; body?: object };

/** The brand's Settings → Billing details; save_billing_details answers `answer` and keeps what was sent. */
async function renderBilling({ details = null as object | null, answer = { status: 200, body: saved } as Answer, language = 'en' as 'en' | 'th' } = {}) {
  const sent: Record<string, unknown>[] = [];
  server.use(
    profileRow(profileOf(brandUser)),
    restGet('brand_billing_details', details ? [details] : []),
    http.post(`${apiUrl}/rest/v1/rpc/save_billing_details`, async ({ request }) => {
      sent.push((await request.json()) as Record<string, unknown>);
      return HttpResponse.json(answer.body ?? null, { status: answer.status });
    }),
  );
  await renderPage(<SettingsPage />, { user: brandUser, url: '/dashboard/settings?tab=billing', language });
  return { sent };
}

/** A refusal as private.refuse raises it: the code, and the details a field_too_long carries. */
const refusal = (code: string, details: object | null = null): Answer => ({ status: 422, body: { code, message: code, details: details && JSON.stringify(details), hint: null } });

const save = () => userEvent.click(screen.getByRole('button', { name: 'Save billing details' }));

async function fill({ taxId = '0105561000127' } = {}) {
  await enter(await screen.findByLabelText('Registered company name'), 'GlowLab Skincare Co., Ltd.');
  await enter(screen.getByLabelText('Billing address'), '88 Rama 9 Road, Huai Khwang, Bangkok 10310');
  await enter(screen.getByLabelText('Tax ID'), taxId);
  await enter(screen.getByLabelText('Billing e-mail'), 'billing@glowlab.example');
}

describe('Settings → Billing details', () => {
  it('checks the shape and the tax ID’s check digit before anything is sent', async () => {
    const { sent } = await renderBilling();
    await screen.findByLabelText('Registered company name');
    await save();
    expect(await screen.findByText("Enter the company's registered name")).toBeInTheDocument();
    expect(screen.getByText('Enter the billing address')).toBeInTheDocument();
    expect(screen.getByText('Enter a valid e-mail address for the documents')).toBeInTheDocument();

    // One digit off: the check digit no longer matches.
    await fill({ taxId: '0105561000128' });
    await save();
    expect(await screen.findByText('Enter a valid 13-digit Thai tax ID')).toBeInTheDocument();
    expect(screen.getByLabelText('Tax ID')).toHaveAttribute('aria-invalid', 'true');

    // A branch needs its 5 digits.
    await userEvent.clear(screen.getByLabelText('Tax ID'));
    await enter(screen.getByLabelText('Tax ID'), '0-1055-61000-12-7');
    await userEvent.click(screen.getByRole('radio', { name: 'Branch' }));
    await enter(screen.getByLabelText('Branch number'), '12');
    await save();
    expect(await screen.findByText('Enter 00000 for the head office, or the 5-digit branch number')).toBeInTheDocument();
    expect(sent).toEqual([]);
  });

  it('sends the tax ID as digits and the head office as 00000, then shows what was saved', async () => {
    const { sent } = await renderBilling({ answer: { status: 200, body: { ...saved, branch: '00000' } } });
    await fill({ taxId: '0-1055-61000-12-7' });
    expect(screen.getByRole('radio', { name: 'Head office' })).toBeChecked();
    expect(screen.queryByLabelText('Branch number')).not.toBeInTheDocument();
    server.use(restGet('brand_billing_details', [{ ...saved, branch: '00000' }]));
    await save();
    expect(await screen.findByText('Billing details saved')).toBeInTheDocument();
    expect(sent).toEqual([
      { p_legal_name: 'GlowLab Skincare Co., Ltd.', p_address: '88 Rama 9 Road, Huai Khwang, Bangkok 10310', p_tax_id: '0105561000127', p_branch: '00000', p_billing_email: 'billing@glowlab.example' },
    ]);
    const shown = (await screen.findByText('Registered company name')).closest('dl')!;
    expect(shown).toHaveTextContent(/GlowLab Skincare Co\., Ltd\..*0-1055-61000-12-7.*Head office.*billing@glowlab\.example/);
  });

  it('sends a branch number, and edits saved details in the form', async () => {
    const { sent } = await renderBilling({ details: saved });
    expect(await screen.findByText('Branch 00001')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Edit billing details' }));
    expect(screen.getByRole('radio', { name: 'Branch' })).toBeChecked();
    expect(screen.getByLabelText('Branch number')).toHaveValue('00001');
    await userEvent.clear(screen.getByLabelText('Branch number'));
    await enter(screen.getByLabelText('Branch number'), '00002');
    await save();
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ p_tax_id: '0105561000127', p_branch: '00002' });
  });

  it.each([
    ['tax_id_invalid', null, 'Tax ID', 'Enter a valid 13-digit Thai tax ID'],
    ['billing_email_invalid', null, 'Billing e-mail', 'Enter a valid e-mail address for the documents'],
    ['field_too_long', { field: 'address', max: 500 }, 'Billing address', 'Too long: at most 500 characters'],
    ['field_too_long', { field: 'legal_name', max: 200 }, 'Registered company name', 'Too long: at most 200 characters'],
  ])('shows the database’s refusal %s under its field', async (code, details, label, text) => {
    await renderBilling({ answer: refusal(code, details) });
    await fill();
    await save();
    expect(await screen.findByText(text)).toBeInTheDocument();
    expect(screen.getByLabelText(label)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByText('Billing details saved')).not.toBeInTheDocument();
  });

  it('toasts a refusal that concerns no field', async () => {
    await renderBilling({ answer: { ...refusal('not_a_brand'), status: 403 } });
    await fill();
    await save();
    expect(await screen.findByText('Only brand accounts can do this')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save billing details' })).toBeEnabled();
  });

  it('reads in Thai, with the check digit checked there too', async () => {
    const { sent } = await renderBilling({ language: 'th' });
    expect(await screen.findByRole('tab', { name: 'ข้อมูลออกเอกสาร', selected: true })).toBeInTheDocument();
    await enter(await screen.findByLabelText('เลขประจำตัวผู้เสียภาษีอากร'), '0105561000120');
    await userEvent.click(screen.getByRole('button', { name: 'บันทึกข้อมูลออกเอกสาร' }));
    expect(await screen.findByText('กรอกเลขประจำตัวผู้เสียภาษี 13 หลักให้ถูกต้อง')).toBeInTheDocument();
    expect(screen.getByText('กรอกชื่อนิติบุคคลตามที่จดทะเบียน')).toBeInTheDocument();
    expect(sent).toEqual([]);
  });

  it('is there for brands only', async () => {
    server.use(profileRow(profileOf(creatorUser)), restGet('tiktok_connections', []));
    await renderPage(<SettingsPage />, { user: creatorUser, url: '/dashboard/settings?tab=billing' });
    expect(await screen.findByRole('tab', { name: 'Profile', selected: true })).toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: 'Billing details' })).not.toBeInTheDocument();
  });
});
