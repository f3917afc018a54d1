import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '@/test/render';
import { LightTooltip } from './LightTooltip';

async function renderTooltip(onPointerEnter = vi.fn()) {
  await renderWithApp(
    <LightTooltip title="Empresas" placement="right">
      <button type="button" aria-label="Empresas" onPointerEnter={onPointerEnter}>
        E
      </button>
    </LightTooltip>,
  );
  return screen.getByRole('button', { name: 'Empresas' });
}

const wait = (ms: number) =>
  act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });

describe('LightTooltip', () => {
  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows the title next to its anchor on hover, after a short delay, and hides it on leave', async () => {
    const onPointerEnter = vi.fn();
    const anchor = await renderTooltip(onPointerEnter);
    fireEvent.pointerEnter(anchor, { pointerType: 'mouse' });
    expect(onPointerEnter).toHaveBeenCalled();
    expect(screen.queryByRole('tooltip')).toBeNull();
    await wait(150);
    expect(screen.getByRole('tooltip').textContent).toBe('Empresas');
    // The anchor keeps its own name.
    expect(screen.getByRole('button', { name: 'Empresas' })).toBe(anchor);
    fireEvent.pointerLeave(anchor, { pointerType: 'mouse' });
    expect(screen.queryByRole('tooltip')).toBeNull();
  });

  it('closes with Escape', async () => {
    const anchor = await renderTooltip();
    fireEvent.pointerEnter(anchor, { pointerType: 'mouse' });
    await wait(150);
    expect(screen.getByRole('tooltip')).toBeTruthy();
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByRole('tooltip')).toBeNull();
  });

  it('stays hidden on a tap', async () => {
    const anchor = await renderTooltip();
    fireEvent.pointerEnter(anchor, { pointerType: 'touch' });
    await wait(150);
    expect(screen.queryByRole('tooltip')).toBeNull();
  });

  it('shows on keyboard focus of what it wraps (a disabled button needs a wrapper), below it', async () => {
    await renderWithApp(
      <LightTooltip title="Copiar enlace" placement="bottom-end">
        <span>
          <button type="button" aria-label="Copiar enlace de la invitación de ana@x.com">
            C
          </button>
        </span>
      </LightTooltip>,
    );
    const button = screen.getByRole('button', { name: 'Copiar enlace de la invitación de ana@x.com' });
    fireEvent.keyDown(document.body, { key: 'Tab' });
    act(() => button.focus());
    await wait(150);
    const tooltip = screen.getByRole('tooltip');
    expect(tooltip.textContent).toBe('Copiar enlace');
    expect(getComputedStyle(tooltip).position).toBe('fixed');
    act(() => button.blur());
    expect(screen.queryByRole('tooltip')).toBeNull();
  });
});
