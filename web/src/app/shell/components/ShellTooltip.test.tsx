import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '@/test/render';
import { ShellTooltip } from './ShellTooltip';

async function renderTooltip(onPointerEnter = vi.fn()) {
  await renderWithApp(
    <ShellTooltip title="Empresas" placement="right">
      <button type="button" aria-label="Empresas" onPointerEnter={onPointerEnter}>
        E
      </button>
    </ShellTooltip>,
  );
  return screen.getByRole('button', { name: 'Empresas' });
}

const wait = (ms: number) =>
  act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });

describe('ShellTooltip', () => {
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
});
