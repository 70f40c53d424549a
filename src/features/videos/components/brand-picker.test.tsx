import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { apiUrl, server } from '@/testing/msw';
import { renderPage } from '@/testing/render';
import { BrandPicker } from './brand-picker';

type Brand = { id: string; name: string };
type Call = { p_query: string; p_limit: number; p_offset: number };

const brand = (n: number, name = `Brand ${String(n).padStart(2, '0')}`): Brand => ({ id: `b0000000-0000-4000-8000-${String(n).padStart(12, '0')}`, name });

/** 45 brands for an empty search: two full pages of 20 and a last one of 5. */
const everyBrand = Array.from({ length: 45 }, (_, index) => brand(index + 1));
const glow = [brand(101, 'GlowLab Skincare'), brand(102, 'Glow Up Studio')];

/**
 * search_brands as the server answers it: the brands of each search (keyed by the text sent),
 * the slice a call asks for. It keeps every call, so a test sees what was sent and when.
 */
function searchBrands(answers: Record<string, Brand[]>) {
  const calls: Call[] = [];
  server.use(
    http.post(`${apiUrl}/rest/v1/rpc/search_brands`, async ({ request }) => {
      const call = (await request.json()) as Call;
      calls.push(call);
      return HttpResponse.json((answers[call.p_query] ?? []).slice(call.p_offset, call.p_offset + call.p_limit));
    }),
  );
  return calls;
}

/** The picker in a form of its own, showing what the form would send. */
function Harness() {
  const [value, setValue] = useState('');
  return (
    <>
      <label htmlFor="brand">Brand</label>
      <BrandPicker id="brand" listLabel="Brand" value={value} onChange={setValue} />
      <p>Chosen: {value || 'none'}</p>
      <button type="button" onClick={() => setValue('')}>
        Reset form
      </button>
    </>
  );
}

const combobox = () => screen.getByRole('combobox', { name: 'Brand' });

/** Types into the field key by key, as a keyboard user who tabbed in does (no click, which opens the list). */
async function typeIn(text: string) {
  if (document.activeElement !== combobox()) combobox().focus();
  await userEvent.keyboard(text);
}
const optionNames = () => within(screen.getByRole('listbox', { name: 'Brand' })).queryAllByRole('option').map((option) => option.textContent);

describe('BrandPicker', () => {
  it('searches on the server once typing pauses, shows what the server found, and says when nothing matches', async () => {
    const calls = searchBrands({ glow, '': everyBrand });
    await renderPage(<Harness />);
    expect(combobox()).toHaveAttribute('aria-expanded', 'false');

    await typeIn('Glow');
    expect(combobox()).toHaveAttribute('aria-expanded', 'true');
    await waitFor(() => expect(optionNames()).toEqual(['GlowLab Skincare', 'Glow Up Studio']));
    // One request for the text typed, none per keystroke and none for the empty search.
    expect(calls).toEqual([{ p_query: 'glow', p_limit: 21, p_offset: 0 }]);
    expect(screen.queryByRole('button', { name: 'Show more brands' })).not.toBeInTheDocument();

    await typeIn('zz');
    expect(await screen.findByText('No brands found')).toBeInTheDocument();
    expect(optionNames()).toEqual([]);
    expect(calls.at(-1)).toEqual({ p_query: 'glowzz', p_limit: 21, p_offset: 0 });

    // A search made before comes from the cache.
    await typeIn('{Backspace}{Backspace}');
    await waitFor(() => expect(optionNames()).toEqual(['GlowLab Skincare', 'Glow Up Studio']));
    expect(calls.filter((call) => call.p_query === 'glow')).toHaveLength(1);
  });

  it('sends what was typed as it is, wildcards and punctuation included', async () => {
    const odd = '100%_off, (new)*';
    const calls = searchBrands({ [odd]: [brand(7, '100%_off, (new)* Store')] });
    await renderPage(<Harness />);
    await userEvent.click(combobox());
    await userEvent.paste('  100%_Off, (New)* ');
    expect(await screen.findByRole('option', { name: '100%_off, (new)* Store' })).toBeInTheDocument();
    expect(calls.at(-1)).toEqual({ p_query: odd, p_limit: 21, p_offset: 0 });
  });

  it('pages through every brand with Show more brands, 20 at a time', async () => {
    const calls = searchBrands({ '': everyBrand });
    await renderPage(<Harness />);
    await userEvent.click(combobox());
    await waitFor(() => expect(optionNames()).toHaveLength(20));
    expect(optionNames()[0]).toBe('Brand 01');

    await userEvent.click(screen.getByRole('button', { name: 'Show more brands' }));
    await waitFor(() => expect(optionNames()).toHaveLength(40));
    await userEvent.click(screen.getByRole('button', { name: 'Show more brands' }));
    await waitFor(() => expect(optionNames()).toHaveLength(45));
    expect(optionNames().at(-1)).toBe('Brand 45');
    expect(screen.queryByRole('button', { name: 'Show more brands' })).not.toBeInTheDocument();
    expect(calls).toEqual([0, 20, 40].map((offset) => ({ p_query: '', p_limit: 21, p_offset: offset })));
    // The list stayed open: the focus never left the text field.
    expect(combobox()).toHaveFocus();
    expect(combobox()).toHaveAttribute('aria-expanded', 'true');
  });

  it('moves with the arrow keys, chooses with Enter, closes with Escape, then clears', async () => {
    searchBrands({ glow, '': everyBrand });
    await renderPage(<Harness />);
    await typeIn('glow');
    await waitFor(() => expect(optionNames()).toHaveLength(2));
    expect(combobox()).not.toHaveAttribute('aria-activedescendant');

    await userEvent.keyboard('{ArrowDown}{ArrowDown}');
    const active = screen.getByRole('option', { name: 'Glow Up Studio' });
    expect(active).toHaveAttribute('aria-selected', 'true');
    expect(combobox()).toHaveAttribute('aria-activedescendant', active.id);
    await userEvent.keyboard('{ArrowUp}');
    expect(screen.getByRole('option', { name: 'GlowLab Skincare' })).toHaveAttribute('aria-selected', 'true');
    await userEvent.keyboard('{ArrowDown}{Enter}');

    // The chosen brand keeps showing its name; the form holds its id.
    expect(combobox()).toHaveValue('Glow Up Studio');
    expect(combobox()).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(screen.getByText(`Chosen: ${glow[1].id}`)).toBeInTheDocument();
    await userEvent.tab();
    expect(combobox()).toHaveValue('Glow Up Studio');

    // Reopened, the list is every brand, from the top.
    await userEvent.click(combobox());
    await waitFor(() => expect(optionNames()).toHaveLength(20));
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(combobox()).toHaveValue('Glow Up Studio');
    await userEvent.keyboard('{Escape}');
    expect(combobox()).toHaveValue('');
    expect(screen.getByText('Chosen: none')).toBeInTheDocument();
  });

  it('fetches the next page when ArrowDown goes past the last brand shown', async () => {
    const calls = searchBrands({ '': everyBrand });
    await renderPage(<Harness />);
    await userEvent.click(combobox());
    await waitFor(() => expect(optionNames()).toHaveLength(20));
    await userEvent.keyboard('{ArrowDown>21/}');
    await waitFor(() => expect(screen.getByRole('option', { name: 'Brand 21' })).toHaveAttribute('aria-selected', 'true'));
    expect(calls.at(-1)).toEqual({ p_query: '', p_limit: 21, p_offset: 20 });
    await userEvent.keyboard('{Enter}');
    expect(combobox()).toHaveValue('Brand 21');
  });

  it('drops text that was typed but not chosen when the field is left, and follows a form reset', async () => {
    searchBrands({ glow, '': everyBrand });
    await renderPage(<Harness />);
    await typeIn('glow');
    await userEvent.click(await screen.findByRole('option', { name: 'GlowLab Skincare' }));
    expect(screen.getByText(`Chosen: ${glow[0].id}`)).toBeInTheDocument();

    // Typing again replaces the choice: nothing is chosen until a brand is picked.
    await typeIn('x');
    expect(screen.getByText('Chosen: none')).toBeInTheDocument();
    await userEvent.click(screen.getByText('Chosen: none'));
    expect(combobox()).toHaveValue('');

    await typeIn('glow');
    await userEvent.click(await screen.findByRole('option', { name: 'Glow Up Studio' }));
    await userEvent.click(screen.getByRole('button', { name: 'Reset form' }));
    expect(combobox()).toHaveValue('');
  });

  it('shows the catalogue’s message when brands cannot be loaded', async () => {
    server.use(http.post(`${apiUrl}/rest/v1/rpc/search_brands`, () => HttpResponse.json({ code: 'XX000', message: 'boom', details: null, hint: null }, { status: 500 })));
    await renderPage(<Harness />);
    await userEvent.click(combobox());
    expect(await screen.findAllByText('Failed to load brands')).not.toHaveLength(0);
    expect(optionNames()).toEqual([]);
  });
});
