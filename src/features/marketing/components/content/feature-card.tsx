import type { LucideIcon } from 'lucide-react';

/** One benefit or value: an icon, an <h3> and a sentence, as a list item. */
export function FeatureCard({ icon: Icon, title, text }: { icon: LucideIcon; title: string; text: string }) {
  return (
    <li className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm dark:border-slate-800 dark:bg-slate-900">
      <span className="flex size-11 items-center justify-center rounded-xl bg-brand-50 text-brand-700 dark:bg-brand-800/40 dark:text-brand-100">
        <Icon aria-hidden className="size-6" />
      </span>
      <h3 className="mt-4 text-lg font-semibold text-slate-900 dark:text-white">{title}</h3>
      <p className="mt-2 text-slate-600 dark:text-slate-300">{text}</p>
    </li>
  );
}
