import { afterEach, describe, expect, it, vi } from 'vitest';
import { answerPendingClick } from './prerendered';

/** A tap the landing page kept before the app was there (scripts/prerender.ts), answered once the app is. */
function keep(element: Element | null) {
  let pending = element;
  window.__viewpactPendingClick = () => {
    const target = pending;
    pending = null;
    return target;
  };
}

afterEach(() => {
  document.body.replaceChildren();
  delete window.__viewpactPendingClick;
  delete window.__viewpactHydrated;
});

function button(label: string, text = '') {
  const element = document.createElement('button');
  element.setAttribute('aria-label', label);
  element.textContent = text;
  return element;
}

describe('answerPendingClick', () => {
  it('clicks the kept button once, when the app kept it', () => {
    const kept = document.body.appendChild(button('Open menu'));
    const clicked = vi.fn();
    kept.addEventListener('click', clicked);
    keep(kept);
    answerPendingClick();
    answerPendingClick();
    expect(clicked).toHaveBeenCalledTimes(1);
    expect(window.__viewpactHydrated).toBe(true);
  });

  it('clicks the button the app drew in place of the kept one', () => {
    const kept = button('Open menu');
    const drawn = document.body.appendChild(button('Open menu'));
    const clicked = vi.fn();
    drawn.addEventListener('click', clicked);
    keep(kept);
    answerPendingClick();
    expect(clicked).toHaveBeenCalledTimes(1);
  });

  it('clicks nothing when the kept button could be either of two drawn alike', () => {
    const first = document.body.appendChild(button('Open menu'));
    const second = document.body.appendChild(button('Open menu'));
    const clicked = vi.fn();
    first.addEventListener('click', clicked);
    second.addEventListener('click', clicked);
    keep(button('Open menu'));
    answerPendingClick();
    expect(clicked).not.toHaveBeenCalled();
  });

  it('clicks nothing when the drawn button is named otherwise', () => {
    const drawn = document.body.appendChild(button('Close menu'));
    const clicked = vi.fn();
    drawn.addEventListener('click', clicked);
    keep(button('Open menu'));
    answerPendingClick();
    expect(clicked).not.toHaveBeenCalled();
  });
});
