import { Spinner } from '@/components/ui/spinner';

export function FullPageLoadingText({ text }: { text: string }) {
  return (
    <main id="main" className="flex min-h-dvh flex-col items-center justify-center gap-3 text-slate-600 dark:text-slate-300">
      <Spinner className="size-8" />
      <p role="status">{text}</p>
    </main>
  );
}
