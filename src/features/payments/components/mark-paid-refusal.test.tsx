import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AppError } from '@/lib/errors';
import { renderPage } from '@/testing/render';
import { MarkPaidDialog } from './mark-paid-dialog';

/** Issue 33 (4): the database's refusal of a recorded transfer is shown under the field it concerns. */
const dialog = (error: unknown, language: 'en' | 'th' = 'en') =>
  renderPage(<MarkPaidDialog open title="Record the transfer" description="Somchai" pending={false} error={error} onSubmit={() => undefined} onClose={() => undefined} />, { language });

describe('MarkPaidDialog', () => {
  it('a refused day is under the day, not above the buttons', async () => {
    await dialog(new AppError('payment_date_invalid'));
    const day = await screen.findByRole('button', { name: /^Transfer date/ });
    await waitFor(() => expect(day).toHaveAttribute('aria-invalid', 'true'));
    expect(day).toHaveAccessibleDescription('Enter the day the transfer was made');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('a reference the database finds too long is under the reference, in Thai', async () => {
    await dialog(new AppError('payment_reference_too_long'), 'th');
    const reference = await screen.findByRole('textbox', { name: 'เลขอ้างอิงการโอน' });
    await waitFor(() => expect(reference).toHaveAttribute('aria-invalid', 'true'));
    expect(reference).toHaveAccessibleDescription(expect.stringContaining('เลขอ้างอิงยาวได้ไม่เกิน 100 ตัวอักษร'));
    expect(reference).toHaveAttribute('maxLength', '100');
  });

  it('a refusal of no field stays above the buttons', async () => {
    await dialog(new AppError('payout_already_paid'));
    expect(await screen.findByRole('alert')).toHaveTextContent('This payout is marked paid already');
  });
});
