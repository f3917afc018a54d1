// A message's HTML is shown only in a sandboxed frame that runs no script, and loads no remote
// image until the reader asks: a tracking pixel must not tell the sender the mail was opened.
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '@/test/render';
import { BODY_SANDBOX, BodyFrame } from './BodyFrame';

const HTML = '<p>Hola Ana</p><img src="https://tracker.example/open.gif" alt="">';
const frame = () => screen.getByTitle<HTMLIFrameElement>('Contenido del email: Propuesta');
const policy = () =>
  /Content-Security-Policy" content="([^"]*)"/.exec(frame().getAttribute('srcdoc') ?? '')?.[1];

describe('BodyFrame', { timeout: 30_000 }, () => {
  it('is sandboxed without scripts; popups (links) may leave the sandbox', async () => {
    await renderWithApp(<BodyFrame html={HTML} title="Contenido del email: Propuesta" />);
    const sandbox = frame().getAttribute('sandbox') ?? '';
    expect(sandbox).toBe(BODY_SANDBOX);
    expect(sandbox.split(' ').sort()).toEqual([
      'allow-popups',
      'allow-popups-to-escape-sandbox',
      'allow-same-origin',
    ]);
    expect(sandbox).not.toContain('allow-scripts');
    expect(frame().getAttribute('srcdoc')).toContain('<base target="_blank">');
    expect(frame().getAttribute('srcdoc')).toContain('<p>Hola Ana</p>');
  });

  it('blocks remote images until "Mostrar imágenes"', async () => {
    await renderWithApp(<BodyFrame html={HTML} title="Contenido del email: Propuesta" />);
    expect(policy()).toBe("default-src 'none'; style-src 'unsafe-inline'; img-src data: cid:");
    expect(
      screen.getByText('Las imágenes remotas están bloqueadas para proteger tu privacidad.'),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Mostrar imágenes' }));
    expect(policy()).toBe("default-src 'none'; style-src 'unsafe-inline'; img-src data: cid: https: http:");
    expect(screen.queryByRole('button', { name: 'Mostrar imágenes' })).toBeNull();
  });

  it('offers nothing to show when the HTML has no remote image (English)', async () => {
    await renderWithApp(<BodyFrame html="<p>Hi</p>" title="Email content: Offer" />, { language: 'en' });
    expect(screen.getByTitle('Email content: Offer')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Show images' })).toBeNull();
  });

  it('says so in English', async () => {
    await renderWithApp(<BodyFrame html={HTML} title="Email content: Offer" />, { language: 'en' });
    expect(screen.getByRole('button', { name: 'Show images' })).toBeTruthy();
  });
});
