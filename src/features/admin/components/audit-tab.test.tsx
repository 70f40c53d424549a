import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import enAdmin from '@/i18n/locales/en/admin.json';
import thAdmin from '@/i18n/locales/th/admin.json';
import { auditActions, type AuditRow } from '@/lib/database';
import { adminUser, profileOf } from '@/testing/data';
import { server } from '@/testing/msw';
import { renderPage } from '@/testing/render';
import { profileRow, rpc } from '@/testing/supabase';
import { AuditTab } from './audit-tab';

const entry = (overrides: Partial<AuditRow>): AuditRow => ({
  id: 1,
  created_at: '2026-11-02T03:00:00Z',
  action: 'suspend_user',
  target_type: 'user',
  target_id: 'c1000000-0000-4000-8000-000000000009',
  reason: null,
  reference: null,
  paid_on: null,
  details: {},
  admin_id: adminUser.id,
  admin_name: 'Ada Root',
  target_label: null,
  target_number: null,
  target_month: null,
  ...overrides,
});

const rows: AuditRow[] = [
  entry({ id: 9, action: 'mark_payout_paid', target_type: 'payout', target_id: 'p1000000-0000-4000-8000-000000000001', target_label: 'Mali Srisuk', target_month: '2026-06-01', reference: 'KB123', paid_on: '2026-07-05' }),
  entry({ id: 8, action: 'mark_invoice_paid', target_type: 'invoice', target_id: 'b1000000-0000-4000-8000-000000000001', target_label: 'GlowLab', target_number: 'VP-202606-ABCD1234', target_month: '2026-06-01', reference: 'INV-1', paid_on: '2026-07-10' }),
  entry({ id: 7, action: 'close_month', target_type: 'month', target_id: null, target_month: '2026-10-01', details: { month: '2026-10-01', entries: 812, payouts: 24 }, admin_id: null, admin_name: null }),
  entry({ id: 6, action: 'exclude_video', target_type: 'video', target_label: 'Morning glow routine', reason: 'Bought views' }),
  entry({ id: 5, action: 'suspend_user', target_label: 'Quentin Zapp', reason: 'Fake views under review' }),
  entry({ id: 4, action: 'update_profile', target_label: null, reason: 'Brand asked by e-mail' }),
  entry({ id: 3, action: 'use_invite', target_type: 'invite', target_label: 'New ops lead', reason: 'New ops lead', admin_name: 'Nina Ops' }),
];

describe('the audit log', () => {
  it('shows each action translated, its target by name and the reason or the transfer reference', async () => {
    server.use(profileRow(profileOf(adminUser)), rpc('admin_audit_page', { total: rows.length, rows }));
    await renderPage(<AuditTab />, { user: adminUser });

    const table = await screen.findByRole('table');
    const row = (action: string) => within(table).getByRole('row', { name: new RegExp(action) });
    expect(row('Marked payout as paid')).toHaveTextContent(/Ada Root.*Mali Srisuk · June 2026.*Transfer reference KB123 · Jul 5, 2026/);
    expect(row('Marked invoice as paid')).toHaveTextContent(/VP-202606-ABCD1234 · GlowLab · June 2026.*Transfer reference INV-1 · Jul 10, 2026/);
    expect(row('Closed month')).toHaveTextContent(/System \(automatic\).*October 2026.*Ledger entries: 812 · payouts: 24/);
    expect(row('Excluded video from pay')).toHaveTextContent(/Morning glow routine.*Bought views/);
    expect(row('Suspended account')).toHaveTextContent(/Quentin Zapp.*Fake views under review/);
    // A target without a name (a deleted account) is worded, never shown as an id.
    expect(row('Edited profile')).toHaveTextContent('(no name)');
    expect(row('Signed up with an invite')).toHaveTextContent(/Nina Ops.*New ops lead/);
    expect(table).not.toHaveTextContent('audit.actions');
    expect(table).not.toHaveTextContent(/[0-9a-f]{8}-0000-4000/);
  });

  it('words every action the database records, in English and Thai', async () => {
    server.use(profileRow(profileOf(adminUser)), rpc('admin_audit_page', { total: rows.length, rows }));
    await renderPage(<AuditTab />, { user: adminUser, language: 'th' });
    const table = await screen.findByRole('table');
    expect(screen.getByRole('heading', { name: 'ประวัติการดำเนินการ' })).toBeInTheDocument();
    expect(within(table).getByRole('row', { name: /บันทึกว่าโอนแล้ว/ })).toHaveTextContent(/มิถุนายน 2569.*เลขอ้างอิงการโอน KB123/);
    expect(within(table).getByRole('row', { name: /ปิดยอด/ })).toHaveTextContent(/ระบบ \(อัตโนมัติ\).*ตุลาคม 2569/);
    for (const action of auditActions) {
      expect(enAdmin.audit.actions[action], action).toEqual(expect.any(String));
      expect(thAdmin.audit.actions[action], action).toEqual(expect.any(String));
    }
  });

  it('names the log in Thai so it never reads as the Save button (บันทึก)', () => {
    expect(thAdmin.tabs.audit).toBe('ประวัติ');
    for (const name of [thAdmin.tabs.audit, thAdmin.audit.title, thAdmin.audit.text, thAdmin.audit.empty, thAdmin.audit.loading]) expect(name).not.toContain('บันทึก');
  });
});
