import { onlineManager, useMutation, useQueryClient } from '@tanstack/react-query';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppError } from '@/lib/errors';
import { renderPage } from '@/testing/render';

function setConnection(online: boolean) {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(online);
  act(() => void window.dispatchEvent(new Event(online ? 'online' : 'offline')));
}

afterEach(() => {
  vi.restoreAllMocks();
  window.dispatchEvent(new Event('online'));
});

/** An action as the app's forms send one: the query client's defaults, its failure toast, the form's own message. */
function SendForm({ send }: { send: () => Promise<string> }) {
  const mutation = useMutation({ mutationFn: send });
  const queryClient = useQueryClient();
  const paused = queryClient.getMutationCache().getAll().filter((each) => each.state.isPaused).length;
  return (
    <div>
      <button type="button" disabled={mutation.isPending} onClick={() => mutation.mutate()}>
        {mutation.isPending ? 'Sending' : 'Send'}
      </button>
      <p>{mutation.isSuccess ? `Answer: ${mutation.data}` : mutation.error instanceof AppError ? `Refused: ${mutation.error.code}` : 'Nothing yet'}</p>
      <p>Paused: {paused}</p>
    </div>
  );
}

describe('an action started offline (issue 33)', () => {
  it('is refused at once with a clear message, is never sent, and nothing is held to send later', async () => {
    const send = vi.fn(() => Promise.resolve('sent'));
    await renderPage(<SendForm send={send} />);
    setConnection(false);
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));

    expect(await screen.findByText('Refused: offline')).toBeVisible();
    expect(await screen.findByText('You are offline, so this was not sent. Try again once you are back online.')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Send' })).toBeEnabled();
    expect(screen.getByText('Paused: 0')).toBeVisible();
    expect(send).not.toHaveBeenCalled();

    // Back online, nothing goes out by itself: the person sends it again.
    setConnection(true);
    expect(screen.getByText('Refused: offline')).toBeVisible();
    expect(send).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Answer: sent')).toBeVisible();
    expect(send).toHaveBeenCalledTimes(1);
  });

  it('says so in Thai', async () => {
    const send = vi.fn(() => Promise.resolve('sent'));
    await renderPage(<SendForm send={send} />, { language: 'th' });
    setConnection(false);
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('ตอนนี้ไม่มีอินเทอร์เน็ต จึงยังไม่ได้ส่ง ลองอีกครั้งเมื่อกลับมาออนไลน์')).toBeVisible();
    expect(send).not.toHaveBeenCalled();
  });

  it('online, is sent at once and never held, even while react-query itself believes the connection lost', async () => {
    const send = vi.fn(() => Promise.resolve('sent'));
    await renderPage(<SendForm send={send} />);
    // React Query's own view of the connection (by default it would pause the action until it changes).
    act(() => onlineManager.setOnline(false));
    try {
      await userEvent.click(screen.getByRole('button', { name: 'Send' }));
      expect(await screen.findByText('Answer: sent')).toBeVisible();
      expect(send).toHaveBeenCalledTimes(1);
      expect(screen.getByText('Paused: 0')).toBeVisible();
    } finally {
      onlineManager.setOnline(true);
    }
  });

  it('fails, rather than waits, when the connection is lost on the way', async () => {
    let fail: (error: Error) => void = () => undefined;
    const send = vi.fn(() => new Promise<string>((_resolve, reject) => (fail = reject)));
    await renderPage(<SendForm send={send} />);
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByRole('button', { name: 'Sending' })).toBeDisabled();
    setConnection(false);
    act(() => fail(new AppError('network_error')));
    expect(await screen.findByText('Refused: network_error')).toBeVisible();
    expect(await screen.findByText('Could not reach ViewPact. Check the connection and try again.')).toBeVisible();
    expect(send).toHaveBeenCalledTimes(1);
  });
});
