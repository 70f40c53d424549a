import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { differenceInCalendarMonths, format, parse } from 'date-fns';
import { calendarDate } from '@/lib/months';

/**
 * Puts text into a field the way a paste does: one input event, as react-hook-form sees
 * any change. Typing key by key would only make the tests slower on a busy machine.
 */
export async function enter(input: HTMLElement, text: string) {
  await userEvent.click(input);
  await userEvent.paste(text);
}

/**
 * Picks a day (YYYY-MM-DD) in a DateField as a person would, in English: opens its
 * calendar, pages to the day's month and clicks the day.
 */
export async function pickDate(field: HTMLElement, iso: string) {
  const day = calendarDate(iso);
  await userEvent.click(field);
  const shown = parse((await screen.findByRole('grid')).getAttribute('aria-label') ?? '', 'LLLL yyyy', new Date());
  const months = differenceInCalendarMonths(day, shown);
  for (let step = 0; step < Math.abs(months); step += 1) await userEvent.click(screen.getByRole('button', { name: months > 0 ? 'Next month' : 'Previous month' }));
  await userEvent.click(within(screen.getByRole('grid', { name: format(day, 'MMMM yyyy') })).getByRole('button', { name: format(day, 'EEEE, MMMM d, yyyy') }));
}
