import { AppError } from '@/lib/errors';

/** The messages /connect posts to the window that opened it (spec §2). */
export type ConnectMessage = { type: 'tiktok-auth-callback'; code: string; state: string } | { type: 'tiktok-auth-error'; error: string };

export type PopupAnswer = { kind: 'code'; code: string; state: string } | { kind: 'error'; error: string } | { kind: 'closed' };

/** Spec §7: the popup's size, and how often the opener checks whether it was closed. */
export const popupSize = { width: 600, height: 700 } as const;
export const closedCheckMs = 500;

/** A 600×700 window centred on this one; blocked popups are a clear error, not a silent nothing. */
export function openPopup(): Window {
  const left = Math.max(0, Math.round(window.screenX + (window.outerWidth - popupSize.width) / 2));
  const top = Math.max(0, Math.round(window.screenY + (window.outerHeight - popupSize.height) / 2));
  const popup = window.open('about:blank', 'tiktok-auth', `popup=yes,width=${popupSize.width},height=${popupSize.height},left=${left},top=${top}`);
  if (!popup) throw new AppError('tiktok_popup_blocked');
  return popup;
}

const isConnectMessage = (data: unknown): data is ConnectMessage => {
  const message = data as Partial<Record<'type' | 'code' | 'state' | 'error', unknown>> | null;
  if (message?.type === 'tiktok-auth-callback') return typeof message.code === 'string' && typeof message.state === 'string';
  return message?.type === 'tiktok-auth-error';
};

/**
 * The popup's answer: the code and state /connect posted, its error, or `closed` when the
 * person closed it first (checked every 500 ms). Only messages from this origin, sent by the
 * popup itself, are read.
 */
export function waitForPopupAnswer(popup: Window): Promise<PopupAnswer> {
  return new Promise((resolve) => {
    const finish = (answer: PopupAnswer) => {
      window.removeEventListener('message', onMessage);
      window.clearInterval(closedCheck);
      resolve(answer);
    };
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== window.location.origin || event.source !== popup || !isConnectMessage(event.data)) return;
      finish(event.data.type === 'tiktok-auth-callback' ? { kind: 'code', code: event.data.code, state: event.data.state } : { kind: 'error', error: String(event.data.error) });
    };
    window.addEventListener('message', onMessage);
    const closedCheck = window.setInterval(() => popup.closed && finish({ kind: 'closed' }), closedCheckMs);
  });
}
