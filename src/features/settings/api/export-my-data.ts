import { useMutation } from '@tanstack/react-query';
import { AppError, toAppError } from '@/lib/errors';
import { bangkokDate } from '@/lib/months';
import { saveFile } from '@/lib/save-file';
import { supabase } from '@/lib/supabase';

/** The file's name: viewpact-data-YYYY-MM-DD.json, by the day in Thailand (the platform's one clock). */
export const exportFileName = (now: Date = new Date()) => `viewpact-data-${bangkokDate(now)}.json`;

/** Everything that is the signed-in person's (export_my_data(), PDPA right of access), saved as a JSON file. */
export async function downloadMyData(): Promise<void> {
  const { data: auth } = await supabase().auth.getSession();
  if (!auth.session) throw new AppError('not_signed_in_profile');
  const { data, error } = await supabase().rpc('export_my_data');
  if (error) throw toAppError(error, 'data_export_failed');
  saveFile(JSON.stringify(data, null, 2), exportFileName(), 'application/json');
}

export const useDownloadMyData = () => useMutation({ mutationFn: downloadMyData });
