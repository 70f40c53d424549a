import userEvent from '@testing-library/user-event';

/**
 * Puts text into a field the way a paste does: one input event, as react-hook-form sees
 * any change. Typing key by key would only make the tests slower on a busy machine.
 */
export async function enter(input: HTMLElement, text: string) {
  await userEvent.click(input);
  await userEvent.paste(text);
}
