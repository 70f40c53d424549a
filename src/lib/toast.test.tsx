import { act, render, screen, waitFor } from '@testing-library/react';
import { Toaster } from 'sonner';
import { describe, expect, it } from 'vitest';
import { toast } from './toast';

describe('the app’s toasts', () => {
  it('keeps a failure until it is dismissed, while a success goes after the toaster’s duration', async () => {
    render(<Toaster duration={200} />);
    act(() => {
      toast.error('Could not save');
      toast.success('Saved');
    });
    expect(await screen.findByText('Saved')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Saved')).not.toBeInTheDocument(), { timeout: 3000 });
    expect(screen.getByText('Could not save')).toBeInTheDocument();
  });

  it('lets a caller still choose a failure’s duration', async () => {
    render(<Toaster />);
    act(() => void toast.error('Gone soon', { duration: 150 }));
    expect(await screen.findByText('Gone soon')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Gone soon')).not.toBeInTheDocument(), { timeout: 3000 });
  });
});
