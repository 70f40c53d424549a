import { z } from 'zod';

/**
 * zod, for the app. Jitless: zod would otherwise probe `Function('')` to compile parsers, which
 * the pages' Content-Security-Policy (no 'unsafe-eval', server/http/static.ts) refuses and reports
 * as a violation. Our schemas are small forms; interpreting them costs nothing a person notices.
 */
z.config({ jitless: true });

export { z };
