import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '@/test/render';
import { isBusy, reloadIntoNewVersion, UpdatePrompt } from './UpdatePrompt';

const wait = (ms: number) =>
  act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });

/** `text` leaves the page (after its exit transition). */
const gone = (text: string) =>
  vi.waitFor(
    async () => {
      await wait(100);
      expect(screen.queryByText(text)).toBeNull();
    },
    { timeout: 5000 },
  );

function addDialog() {
  const dialog = document.createElement('div');
  dialog.setAttribute('role', 'dialog');
  document.body.append(dialog);
  return dialog;
}

describe('isBusy', () => {
  afterEach(() => {
    document.body.innerHTML = '';
  });

  it('is busy while a dialog is open', () => {
    expect(isBusy()).toBe(false);
    const dialog = addDialog();
    expect(isBusy()).toBe(true);
    dialog.remove();
    expect(isBusy()).toBe(false);
  });

  it('is busy while a text field, a text area or an editable area has the focus', () => {
    document.body.innerHTML = `
      <input aria-label="Nombre"><input type="email" aria-label="Email"><textarea aria-label="Nota"></textarea>
      <div contenteditable="true" tabindex="0" aria-label="Cuerpo"></div>
      <input type="checkbox" aria-label="Acepto"><button>Guardar</button><a href="/x">Enlace</a>`;
    for (const name of ['Nombre', 'Email', 'Nota', 'Cuerpo']) {
      (document.querySelector(`[aria-label="${name}"]`) as HTMLElement).focus();
      expect(isBusy(), name).toBe(true);
    }
    for (const selector of ['[aria-label="Acepto"]', 'button', 'a']) {
      (document.querySelector(selector) as HTMLElement).focus();
      expect(isBusy(), selector).toBe(false);
    }
  });
});

describe('UpdatePrompt', () => {
  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
  });
  afterEach(() => {
    vi.useRealTimers();
    document.querySelectorAll('[role="dialog"]').forEach((node) => node.remove());
  });

  it('offers the new version, waits while a dialog is open, and reloads on Recargar', async () => {
    const onReload = vi.fn();
    await renderWithApp(<UpdatePrompt onReload={onReload} />);
    expect(screen.getByText('Nueva versión disponible')).toBeTruthy();

    const dialog = addDialog();
    // The next check (every 2 s) closes it, then its exit transition runs.
    await wait(2100);
    await gone('Nueva versión disponible');
    dialog.remove();
    await wait(2100);
    expect(screen.getByText('Nueva versión disponible')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Recargar' }));
    expect(onReload).toHaveBeenCalledTimes(1);
    expect((screen.getByRole('button', { name: 'Recargar' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('is not shown while a field has the focus, and comes back when the focus leaves it', async () => {
    const field = document.createElement('input');
    document.body.append(field);
    field.focus();
    await renderWithApp(<UpdatePrompt onReload={() => undefined} />);
    expect(screen.queryByText('Nueva versión disponible')).toBeNull();
    act(() => field.blur());
    await wait(500);
    expect(screen.getByText('Nueva versión disponible')).toBeTruthy();
    field.remove();
  });

  it('speaks English', async () => {
    await renderWithApp(<UpdatePrompt onReload={() => undefined} />, { language: 'en' });
    expect(screen.getByRole('status').textContent).toContain('A new version is available');
    expect(screen.getByRole('button', { name: 'Reload' })).toBeTruthy();
  });
});

describe('reloadIntoNewVersion', () => {
  it('asks the waiting worker to take over and reloads once it controls the page', () => {
    const listeners: (() => void)[] = [];
    const reload = vi.fn();
    vi.stubGlobal('location', { ...window.location, reload });
    vi.stubGlobal('navigator', {
      ...navigator,
      serviceWorker: { addEventListener: (_type: string, listener: () => void) => listeners.push(listener) },
    });
    try {
      const postMessage = vi.fn();
      reloadIntoNewVersion({ waiting: { postMessage } } as unknown as ServiceWorkerRegistration);
      expect(postMessage).toHaveBeenCalledWith({ type: 'SKIP_WAITING' });
      expect(reload).not.toHaveBeenCalled();
      listeners.forEach((listener) => listener());
      listeners.forEach((listener) => listener());
      expect(reload).toHaveBeenCalledTimes(1);
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
