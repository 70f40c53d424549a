import { Check, ChevronDown, X } from 'lucide-react';
import { useCallback, useEffect, useId, useRef, useState, type FocusEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '@/lib/toast';
import { controlClasses } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { brandSearchText, useBrandSearch, type BrandOption } from '@/features/opportunities/api/get-brands';
import { cn } from '@/lib/cn';
import { errorText } from '@/lib/notify';

/** How long typing must pause before the search goes to the server. */
export const brandSearchDelayMs = 250;

function useDebounced<T>(value: T, delayMs: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return debounced;
}

type BrandPickerProps = {
  /** The chosen brand's id; '' when none. */
  value: string;
  onChange: (brandId: string) => void;
  onBlur?: () => void;
  /** The form's ref callback: it focuses a refused field. */
  inputRef?: (element: HTMLInputElement | null) => void;
  /** The list's name for screen readers (the field's label). */
  listLabel: string;
  // Set by the surrounding Field: the label's target, its hint and message, and whether it is refused.
  id?: string;
  'aria-describedby'?: string;
  'aria-invalid'?: boolean;
};

/**
 * The brand choice of the creator dashboard: a combobox (WAI-ARIA's pattern, list
 * autocomplete with manual selection). Typing searches brands on the server, a page at a
 * time (useBrandSearch), after a short pause; "Show more brands", or ArrowDown past the
 * last brand, fetches the next page. Up and Down move through the list, Enter chooses,
 * Escape closes the list, then clears. The chosen brand keeps showing its name; text that
 * was typed but not chosen is dropped when the field is left, so the field always shows
 * what the form will send.
 */
export function BrandPicker({ value, onChange, onBlur, inputRef, listLabel, id, ...aria }: BrandPickerProps) {
  const { t } = useTranslation('videos');
  const base = useId();
  const listId = `${base}-list`;
  const optionId = (index: number) => `${base}-option-${index}`;
  const [text, setText] = useState('');
  const [chosen, setChosen] = useState<BrandOption | null>(null);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const popupRef = useRef<HTMLDivElement>(null);
  const input = useRef<HTMLInputElement | null>(null);
  // The form's ref (it focuses a refused field) and ours (the clear button gives the focus back).
  const setInput = useCallback(
    (element: HTMLInputElement | null) => {
      input.current = element;
      inputRef?.(element);
    },
    [inputRef],
  );

  // The form cleared the brand (reset after a video was added): so does the field.
  const [seenValue, setSeenValue] = useState(value);
  if (value !== seenValue) {
    setSeenValue(value);
    if (chosen && chosen.id !== value) {
      setChosen(null);
      setText('');
    }
  }

  // With a brand chosen, the list is every brand (as a select's would be); else what was typed.
  const wanted = chosen ? '' : brandSearchText(text);
  const search = useDebounced(wanted, brandSearchDelayMs);
  // Nothing is asked while the person is still typing: only the text they paused on.
  const results = useBrandSearch(search, open && search === wanted);
  const brands = results.data?.pages.flatMap((page) => page.brands) ?? [];
  const activeBrand = open ? brands[active] : undefined;
  const activeId = activeBrand ? optionId(active) : undefined;

  useEffect(() => {
    if (results.isError) toast.error(errorText(results.error, 'brands_load_failed'));
  }, [results.isError, results.error]);

  useEffect(() => {
    // A test DOM may have no scrollIntoView.
    if (activeId) document.getElementById(activeId)?.scrollIntoView?.({ block: 'nearest' });
  }, [activeId]);

  const choose = (brand: BrandOption) => {
    setChosen(brand);
    setText(brand.name);
    setOpen(false);
    setActive(-1);
    onChange(brand.id);
  };

  const clear = () => {
    setChosen(null);
    setText('');
    setActive(-1);
    if (value) onChange('');
  };

  const showMore = () => {
    if (results.hasNextPage && !results.isFetchingNextPage) void results.fetchNextPage();
  };

  const openAt = (index: number) => {
    setOpen(true);
    setActive(index);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    switch (event.key) {
      case 'ArrowDown': {
        event.preventDefault();
        if (!open) return openAt(chosen ? Math.max(0, brands.findIndex((brand) => brand.id === chosen.id)) : 0);
        // Past the last brand: the next page, whose first brand becomes active once it arrives.
        if (active >= brands.length - 1 && results.hasNextPage) {
          showMore();
          return setActive(brands.length);
        }
        return setActive(Math.min(active + 1, brands.length - 1));
      }
      case 'ArrowUp': {
        event.preventDefault();
        if (!open) return openAt(brands.length - 1);
        return setActive(Math.max(Math.min(active, brands.length) - 1, 0));
      }
      case 'Enter': {
        if (!open) return;
        // Enter in an open list chooses; it never submits the form.
        event.preventDefault();
        if (activeBrand) choose(activeBrand);
        return;
      }
      case 'Escape': {
        if (open) {
          // Only the list closes, not a dialog around the form.
          event.preventDefault();
          event.stopPropagation();
          setOpen(false);
          setActive(-1);
        } else if (text || chosen) {
          event.preventDefault();
          clear();
        }
        return;
      }
    }
  };

  const onFieldBlur = (event: FocusEvent<HTMLDivElement>) => {
    const next = event.relatedTarget as Node | null;
    // Into the list's own button (Show more brands): the list stays.
    if (popupRef.current?.contains(next)) return;
    setOpen(false);
    setActive(-1);
    // To the clear button: still in the field.
    if (event.currentTarget.contains(next)) return;
    if (!chosen) setText('');
    onBlur?.();
  };

  // What the list says when it has no brand to show: the search is on its way, found nothing, or failed.
  const settled = search === wanted && !results.isFetching && !results.isPlaceholderData;
  const loading = brands.length === 0 && !results.isError && !settled;
  const message: string | null =
    brands.length > 0 ? null : results.isError ? errorText(results.error, 'brands_load_failed') : loading ? t('brandPicker.loading') : t('brandPicker.empty');

  return (
    <div className="relative" onBlur={onFieldBlur}>
      <input
        {...aria}
        id={id}
        ref={setInput}
        type="text"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={open}
        aria-controls={open ? listId : undefined}
        aria-activedescendant={activeId}
        autoComplete="off"
        spellCheck={false}
        placeholder={t('brandPicker.placeholder')}
        className={cn('min-h-11 pr-24', controlClasses)}
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          setOpen(true);
          setActive(-1);
          if (chosen) {
            setChosen(null);
            onChange('');
          }
        }}
        onClick={() => setOpen(true)}
        onKeyDown={onKeyDown}
      />
      <div className="absolute inset-y-0 right-0 flex items-center">
        {(text || chosen) && (
          <button
            type="button"
            aria-label={t('brandPicker.clear')}
            className="inline-flex size-11 items-center justify-center rounded text-slate-500 hover:text-slate-900 dark:text-slate-400 dark:hover:text-slate-100"
            onClick={() => {
              clear();
              input.current?.focus();
            }}
          >
            <X aria-hidden className="size-4" />
          </button>
        )}
        <button
          type="button"
          tabIndex={-1}
          aria-label={t('brandPicker.toggle')}
          aria-expanded={open}
          className="inline-flex size-11 items-center justify-center rounded text-slate-500 hover:text-slate-900 dark:text-slate-400 dark:hover:text-slate-100"
          // Keeps the focus in the text field, where the keys work.
          onMouseDown={(event) => event.preventDefault()}
          onClick={() => setOpen(!open)}
        >
          <ChevronDown aria-hidden className="size-4" />
        </button>
      </div>
      {open && (
        <div ref={popupRef} className="absolute z-20 mt-1 w-full overflow-hidden rounded-lg border border-slate-200 bg-white shadow-lg dark:border-slate-700 dark:bg-slate-900">
          <ul
            id={listId}
            role="listbox"
            aria-label={listLabel}
            aria-busy={results.isFetching}
            className={cn('max-h-64 overflow-y-auto py-1', results.isPlaceholderData && 'opacity-60')}
          >
            {brands.map((brand, index) => (
              <li
                key={brand.id}
                id={optionId(index)}
                role="option"
                aria-selected={index === active}
                className={cn(
                  'flex cursor-pointer items-center justify-between gap-2 px-3 py-2 text-sm text-slate-900 dark:text-slate-100',
                  index === active ? 'bg-brand-100 dark:bg-brand-800 dark:text-white' : 'hover:bg-slate-100 dark:hover:bg-slate-800',
                )}
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => choose(brand)}
              >
                {brand.name}
                {brand.id === chosen?.id && <Check aria-hidden className="size-4 shrink-0 text-brand-700 dark:text-brand-100" />}
              </li>
            ))}
          </ul>
          {message && (
            <p role="status" className="flex items-center gap-2 px-3 py-2 text-sm text-slate-600 dark:text-slate-400">
              {loading && <Spinner className="size-4" />}
              {message}
            </p>
          )}
          {results.hasNextPage && (
            <button
              type="button"
              className="block w-full border-t border-slate-200 px-3 py-2 text-left text-sm font-medium text-brand-700 hover:bg-slate-50 disabled:text-slate-500 dark:border-slate-700 dark:text-brand-100 dark:hover:bg-slate-800"
              disabled={results.isFetchingNextPage}
              onMouseDown={(event) => event.preventDefault()}
              onClick={showMore}
            >
              {results.isFetchingNextPage ? t('brandPicker.loadingMore') : t('brandPicker.showMore')}
            </button>
          )}
        </div>
      )}
    </div>
  );
}
