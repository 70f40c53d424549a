import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderPage } from '@/testing/render';
import { DateField } from './date-field';

/** A date picked outside a form, as a controlled value. */
function Picker({ min, onChange }: { min?: string; onChange: (value: string) => void }) {
  const [value, setValue] = useState('');
  return (
    <DateField
      value={value}
      min={min}
      onChange={(event) => {
        setValue(event.target.value);
        onChange(event.target.value);
      }}
    />
  );
}

// These tests run in UTC. At 20:00 UTC on Saturday Nov 21 it is 03:00 on Sunday Nov 22 in Bangkok:
// the calendar's today, the days it allows and the day picked are Bangkok's.
describe('DateField on a clock that is not Bangkok’s', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-21T20:00:00Z'));
  });
  afterEach(() => vi.useRealTimers());

  it('opens on today in Thailand and picks that day', async () => {
    const onChange = vi.fn();
    await renderPage(<Picker onChange={onChange} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Pick a date' }));
    const grid = await screen.findByRole('grid', { name: 'November 2026' });
    const today = within(grid).getByRole('button', { name: 'Sunday, November 22, 2026' });
    expect(today.closest('[data-today]')).not.toBeNull();
    expect(within(grid).getByRole('button', { name: 'Saturday, November 21, 2026' }).closest('[data-today]')).toBeNull();
    await waitFor(() => expect(today).toHaveFocus());
    await userEvent.keyboard('{Enter}');
    expect(onChange).toHaveBeenCalledWith('2026-11-22');
    expect(await screen.findByRole('button', { name: 'Nov 22, 2026' })).toBeInTheDocument();
  });

  it('keeps the days before a Bangkok min out of reach, and the min itself in reach', async () => {
    const onChange = vi.fn();
    await renderPage(<Picker min="2026-11-22" onChange={onChange} />, { language: 'th' });
    await userEvent.click(await screen.findByRole('button', { name: 'เลือกวันที่' }));
    const grid = await screen.findByRole('grid', { name: 'พฤศจิกายน 2569' });
    expect(within(grid).getByRole('button', { name: 'วันเสาร์ที่ 21 พฤศจิกายน 2569' })).toBeDisabled();
    await userEvent.click(within(grid).getByRole('button', { name: 'วันอาทิตย์ที่ 22 พฤศจิกายน 2569' }));
    expect(onChange).toHaveBeenCalledWith('2026-11-22');
    expect(await screen.findByRole('button', { name: '22 พ.ย. 2569' })).toBeInTheDocument();
  });

  it('shows a chosen day as that day, never the one before (a UTC midnight is a Bangkok morning)', async () => {
    await renderPage(<DateField value="2026-12-01" onChange={() => {}} />);
    const trigger = await screen.findByRole('button', { name: 'Dec 1, 2026' });
    await userEvent.click(trigger);
    expect(await screen.findByRole('button', { name: 'Tuesday, December 1, 2026' })).toHaveFocus();
  });
});
