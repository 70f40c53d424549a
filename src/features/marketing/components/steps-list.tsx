/** How it works: numbered steps in cards. */
export function StepsList({ steps }: { steps: { title: string; text: string }[] }) {
  return (
    <ol className="mt-12 grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
      {steps.map((step, index) => (
        <li key={step.title} className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm dark:border-slate-800 dark:bg-slate-900">
          <span aria-hidden className="flex size-10 items-center justify-center rounded-full bg-brand-700 text-lg font-bold text-white dark:bg-brand-600">
            {index + 1}
          </span>
          <h3 className="mt-4 text-lg font-semibold text-slate-900 dark:text-white">{step.title}</h3>
          <p className="mt-2 text-slate-600 dark:text-slate-300">{step.text}</p>
        </li>
      ))}
    </ol>
  );
}
