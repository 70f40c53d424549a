/** A link of the phone menu of the top navigation. */
export const mobileLink = 'block rounded-lg px-3 py-3 text-base font-semibold text-slate-800 hover:bg-slate-100 dark:text-slate-100 dark:hover:bg-slate-800';
