import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Phrases } from './phrases';

describe('Phrases', () => {
  it('keeps each Thai phrase whole, with the spaces between them', () => {
    const { container } = render(
      <h1>
        <Phrases text="แบรนด์กับครีเอเตอร์ TikTok ร่วมงานกันแบบจริงใจ" />
      </h1>,
    );
    expect([...container.querySelectorAll('.inline-block')].map((span) => span.textContent)).toEqual(['แบรนด์กับครีเอเตอร์', 'TikTok', 'ร่วมงานกันแบบจริงใจ']);
    expect(container.textContent).toBe('แบรนด์กับครีเอเตอร์ TikTok ร่วมงานกันแบบจริงใจ');
  });

  it('leaves text without Thai as it is', () => {
    const { container } = render(
      <h1>
        <Phrases text="Authentic TikTok partnerships" />
      </h1>,
    );
    expect(container.querySelector('h1')!.innerHTML).toBe('Authentic TikTok partnerships');
  });
});
