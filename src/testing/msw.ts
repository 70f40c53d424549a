import { setupServer } from 'msw/node';

/** Every test starts with no handlers: a request a test did not expect fails it. */
export const server = setupServer();

export const apiUrl = 'http://api.test';
