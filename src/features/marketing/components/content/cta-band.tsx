import { Link } from 'react-router';
import { buttonClasses } from '@/components/ui/button';
import { Phrases } from '@/components/phrases';

type CtaBandProps = { id: string; title: string; text: string; to: string; button: string };

/** The closing call to action of a content page. */
export function CtaBand({ id, title, text, to, button }: CtaBandProps) {
  return (
    <section aria-labelledby={id} className="mx-auto max-w-6xl px-4 py-16 sm:py-20">
      <div className="rounded-3xl bg-gradient-to-br from-brand-700 to-brand-800 px-6 py-12 text-center text-white shadow-xl sm:px-12 sm:py-14 dark:from-brand-800 dark:to-brand-800/70">
        <h2 id={id} className="text-3xl font-extrabold tracking-tight text-balance sm:text-4xl">
          <Phrases text={title} />
        </h2>
        <p className="mx-auto mt-4 max-w-xl text-lg text-pretty text-brand-100">{text}</p>
        <Link to={to} className={buttonClasses({ variant: 'inverse', size: 'lg', className: 'mt-8' })}>
          {button}
        </Link>
      </div>
    </section>
  );
}
