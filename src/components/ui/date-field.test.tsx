import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { renderPage } from '@/testing/render';
import { pickDate } from '@/testing/user';
import { DateField } from './date-field';
import { Field } from './field';
import { Form } from './form';

/** A form with one optional date, as the deadline fields are. */
function DeadlineForm({ onSubmit, min, max }: { onSubmit: (values: { deadline: string }) => void; min?: string; max?: string }) {
  return (
    <Form schema={z.object({ deadline: z.string() })} options={{ defaultValues: { deadline: '2026-11-21' } }} onSubmit={onSubmit}>
      {({ register, reset }) => (
        <>
          <Field label="Deadline" optional="optional" registration={register('deadline')}>
            <DateField min={min} max={max} clearable />
          </Field>
          <button type="submit">Send</button>
          <button type="button" onClick={() => reset({ deadline: '' })}>
            Reset
          </button>
        </>
      )}
    </Form>
  );
}

function Controlled({ onChange }: { onChange: (value: string) => void }) {
  const [value, setValue] = useState('2026-11-21');
  return (
    <DateField
      value={value}
      onChange={(event) => {
        setValue(event.target.value);
        onChange(event.target.value);
      }}
    />
  );
}

describe('DateField', () => {
  it('in Thai, shows the day with the Buddhist year and opens a Thai month: Thai month and weekday names, year 2569', async () => {
    await renderPage(<DeadlineForm onSubmit={() => {}} />, { language: 'th' });
    const trigger = await screen.findByRole('button', { name: /^Deadline ?\(optional\) 21 พ.ย. 2569$/ });
    expect(trigger).toHaveTextContent('21 พ.ย. 2569');
    await userEvent.click(trigger);
    const calendar = await screen.findByRole('grid', { name: 'พฤศจิกายน 2569' });
    expect(screen.getByRole('status')).toHaveTextContent('พฤศจิกายน 2569');
    for (const weekday of ['อา.', 'จ.', 'อ.', 'พ.', 'พฤ.', 'ศ.', 'ส.']) expect(within(calendar).getByText(weekday)).toBeInTheDocument();
    expect(within(calendar).getByRole('button', { name: 'วันเสาร์ที่ 21 พฤศจิกายน 2569' })).toHaveFocus();
    await userEvent.click(screen.getByRole('button', { name: 'เดือนถัดไป' }));
    expect(await screen.findByRole('grid', { name: 'ธันวาคม 2569' })).toBeInTheDocument();
    expect(screen.queryByText(/2026/)).not.toBeInTheDocument();
  });

  it('in English, shows Nov 21, 2026 and a November 2026 calendar', async () => {
    await renderPage(<DeadlineForm onSubmit={() => {}} />);
    const trigger = await screen.findByRole('button', { name: /^Deadline ?\(optional\) Nov 21, 2026$/ });
    await userEvent.click(trigger);
    expect(await screen.findByRole('grid', { name: 'November 2026' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('November 2026');
    expect(screen.getByRole('button', { name: 'Saturday, November 21, 2026' })).toHaveFocus();
  });

  it('is used by keyboard: arrows move the day, Enter picks it, Escape closes; the form gets YYYY-MM-DD', async () => {
    const onSubmit = vi.fn();
    await renderPage(<DeadlineForm onSubmit={onSubmit} />);
    const trigger = await screen.findByRole('button', { name: /^Deadline/ });
    trigger.focus();
    await userEvent.keyboard('{Enter}');
    expect(await screen.findByRole('grid', { name: 'November 2026' })).toBeInTheDocument();
    await userEvent.keyboard('{ArrowRight}{ArrowDown}{Enter}');
    await waitFor(() => expect(screen.queryByRole('grid')).not.toBeInTheDocument());
    expect(trigger).toHaveAccessibleName(/^Deadline ?\(optional\) Nov 29, 2026$/);
    expect(trigger).toHaveFocus();

    await userEvent.keyboard('{Enter}');
    expect(await screen.findByRole('grid')).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('grid')).not.toBeInTheDocument());
    expect(trigger).toHaveAccessibleName(/^Deadline ?\(optional\) Nov 29, 2026$/);

    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ deadline: '2026-11-29' }, expect.anything()));
  });

  it('pages to another month, keeps days before min out of reach, can be cleared, and follows a reset', async () => {
    const onSubmit = vi.fn();
    await renderPage(<DeadlineForm onSubmit={onSubmit} min="2026-11-10" />);
    const trigger = await screen.findByRole('button', { name: /^Deadline/ });
    await userEvent.click(trigger);
    const november = await screen.findByRole('grid', { name: 'November 2026' });
    expect(within(november).getByRole('button', { name: 'Monday, November 9, 2026' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Previous month' })).toHaveAttribute('aria-disabled', 'true');
    await userEvent.keyboard('{Escape}');

    await pickDate(trigger, '2027-01-15');
    expect(trigger).toHaveAccessibleName(/^Deadline ?\(optional\) Jan 15, 2027$/);
    await userEvent.click(trigger);
    await userEvent.click(await screen.findByRole('button', { name: 'Clear date' }));
    expect(trigger).toHaveAccessibleName(/^Deadline ?\(optional\) Pick a date$/);
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ deadline: '' }, expect.anything()));

    await pickDate(trigger, '2026-12-01');
    expect(trigger).toHaveAccessibleName(/^Deadline ?\(optional\) Dec 1, 2026$/);
    await userEvent.click(screen.getByRole('button', { name: 'Reset' }));
    await waitFor(() => expect(trigger).toHaveAccessibleName(/^Deadline ?\(optional\) Pick a date$/));
  });

  it('works without a form, from a value and onChange', async () => {
    const onChange = vi.fn();
    await renderPage(<Controlled onChange={onChange} />);
    const trigger = await screen.findByRole('button', { name: 'Nov 21, 2026' });
    await pickDate(trigger, '2026-11-24');
    expect(onChange).toHaveBeenCalledWith('2026-11-24');
    expect(trigger).toHaveTextContent('Nov 24, 2026');
  });
});
