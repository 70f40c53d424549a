import { useSyncExternalStore } from 'react';

/**
 * Whether the browser says it has a connection (navigator.onLine and its online/offline
 * events). "Offline" is only what the browser knows: a connection that is there but reaches
 * nothing still reads as online, and requests then fail as usual (errors.network_error).
 */
export const isOnline = () => typeof navigator === 'undefined' || navigator.onLine !== false;

export const isOffline = () => !isOnline();

/** For useSyncExternalStore: calls `listener` when the connection comes or goes; returns the unsubscribe. */
export function onConnectionChange(listener: () => void): () => void {
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  return () => {
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
  };
}

/** Whether the browser is online, re-rendering when that changes (a page drawn at build time is online). */
export const useOnline = () => useSyncExternalStore(onConnectionChange, isOnline, () => true);
