import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderPage } from '@/testing/render';
import { Footer } from './footer';

// The QR code is an SVG the build makes (vite.config.ts): not this test's business.
vi.mock('./chat-qr', () => ({ ChatQr: () => null }));

describe('Footer', () => {
  it('dates the copyright in the Buddhist year in Thai', async () => {
    await renderPage(<Footer />, { language: 'th' });
    const year = new Date().getFullYear();
    expect(await screen.findByText(`© ${year + 543} ViewPact สงวนลิขสิทธิ์`)).toBeInTheDocument();
    expect(screen.queryByText(new RegExp(`© ${year}\\b`))).not.toBeInTheDocument();
  });

  it('and in the Gregorian year in English', async () => {
    await renderPage(<Footer />);
    expect(await screen.findByText(`© ${new Date().getFullYear()} ViewPact. All rights reserved.`)).toBeInTheDocument();
  });
});
