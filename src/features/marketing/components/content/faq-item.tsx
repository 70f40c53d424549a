import { ChevronDown } from 'lucide-react';
import type { ReactNode } from 'react';

type FaqItemProps = { id: string; question: string; answers: string[]; children?: ReactNode };

/** One question of the help centre, opened and closed by the browser's own <details>. */
export function FaqItem({ id, question, answers, children }: FaqItemProps) {
  return (
    <details id={id} className="group scroll-mt-20 rounded-2xl border border-slate-200 bg-white shadow-sm dark:border-slate-800 dark:bg-slate-900">
      <summary className="flex cursor-pointer list-none items-center justify-between gap-4 rounded-2xl px-5 py-4 text-left text-base font-semibold text-slate-900 sm:text-lg hover:bg-slate-50 sm:px-6 dark:text-white dark:hover:bg-slate-800/60 [&::-webkit-details-marker]:hidden">
        <span>{question}</span>
        <ChevronDown aria-hidden className="size-5 shrink-0 text-slate-500 transition-transform group-open:rotate-180 dark:text-slate-400" />
      </summary>
      <div className="space-y-3 px-5 pb-5 text-slate-700 sm:px-6 dark:text-slate-300">
        {answers.map((answer) => (
          <p key={answer} className="break-words">
            {answer}
          </p>
        ))}
        {children}
      </div>
    </details>
  );
}
