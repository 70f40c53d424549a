import { describe, expect, it } from 'vitest';
import { ValidationError } from '@/lib/errors';
import { rejectFormSchema, reviewVideo } from './review-video';

describe('rejectFormSchema', () => {
  it('needs a known reason, and a note with Other; trims the note', () => {
    expect(rejectFormSchema.safeParse({ reason: '', note: '' }).error?.issues[0].message).toBe('dashboard:brand.review.rejectForm.reasonRequired');
    expect(rejectFormSchema.safeParse({ reason: 'boring', note: '' }).error?.issues[0].message).toBe('dashboard:brand.review.rejectForm.reasonRequired');
    expect(rejectFormSchema.safeParse({ reason: 'other', note: '   ' }).error?.issues[0]).toMatchObject({ message: 'dashboard:brand.review.rejectForm.noteRequired', path: ['note'] });
    expect(rejectFormSchema.safeParse({ reason: 'quality', note: 'x'.repeat(1001) }).error?.issues[0].message).toBe('dashboard:brand.review.rejectForm.noteTooLong');
    expect(rejectFormSchema.parse({ reason: 'quality', note: '  blurry  ' })).toEqual({ reason: 'quality', note: 'blurry' });
  });

  it('is checked by the mutation too, before anything is sent', async () => {
    await expect(reviewVideo({ videoId: 'v1', decision: 'reject', reason: 'other', note: '' })).rejects.toBeInstanceOf(ValidationError);
  });
});
