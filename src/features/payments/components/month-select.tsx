import { Field } from '@/components/ui/field';
import { Select } from '@/components/ui/select';
import { useLanguage } from '@/i18n/use-language';
import { formatMonth } from '@/lib/months';

/** A labelled choice of month (YYYY-MM-01 values), newest first: a native select works on every phone and browser. */
export function MonthSelect({ label, months, value, onChange, className }: { label: string; months: string[]; value: string; onChange: (month: string) => void; className?: string }) {
  const language = useLanguage();
  return (
    <Field label={label} className={className}>
      <Select value={value} onChange={(event) => onChange(event.target.value)}>
        {months.map((month) => (
          <option key={month} value={month}>
            {formatMonth(month, language)}
          </option>
        ))}
      </Select>
    </Field>
  );
}
