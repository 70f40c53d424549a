import { act, render, screen, waitFor } from '@testing-library/react';
import { Toaster } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { toast } from './toast';

describe('the app’s toasts', () => {
  afterEach(() => vi.unstubAllGlobals());

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

  it('removes a toast dismissed at once, even when the browser draws a frame before sonner adds it', async () => {
    // An action refused offline dismisses its "processing" toast straight away. sonner adds a
    // toast in a timer and removes it in an animation frame: a frame due first (a busy browser)
    // ran the removal before the add, and the toast stayed for good.
    vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => {
      queueMicrotask(() => callback(performance.now()));
      return 1;
    });
    render(<Toaster />);
    act(() => {
      const processing = toast.loading('Adding your video…');
      toast.dismiss(processing);
      toast('Refused', { duration: 100 });
    });
    expect(await screen.findByText('Refused')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Adding your video…')).not.toBeInTheDocument(), { timeout: 3000 });
    await waitFor(() => expect(screen.queryByText('Refused')).not.toBeInTheDocument(), { timeout: 3000 });
  });
});
