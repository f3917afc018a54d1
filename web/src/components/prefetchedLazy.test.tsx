import { act, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { lazyWithPrefetch, PREFETCH_FALLBACK_MS, usePrefetchWhenIdle } from './prefetchedLazy';

afterEach(() => {
  vi.useRealTimers();
});

function loader() {
  return vi.fn(async () => ({ default: () => <p>Editar Tarea</p> }));
}

describe('lazyWithPrefetch', () => {
  it('loads once whether prefetched, rendered or both', async () => {
    const load = loader();
    const Dialog = lazyWithPrefetch(load);
    await Dialog.prefetch();
    await Dialog.prefetch();
    render(
      <Suspense fallback={<p>cargando</p>}>
        <Dialog />
      </Suspense>,
    );
    expect(await screen.findByText('Editar Tarea')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(1);
  });
});

describe('usePrefetchWhenIdle', () => {
  it("fetches the page's dialogs after it mounts, not before", () => {
    vi.useFakeTimers();
    const load = loader();
    const Dialog = lazyWithPrefetch(load);
    function Page() {
      usePrefetchWhenIdle(Dialog);
      return <p>Tareas</p>;
    }
    render(<Page />);
    expect(load).not.toHaveBeenCalled();
    act(() => {
      vi.advanceTimersByTime(PREFETCH_FALLBACK_MS * 2);
    });
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('does nothing once the page is gone', () => {
    vi.useFakeTimers();
    const load = loader();
    const Dialog = lazyWithPrefetch(load);
    function Page() {
      usePrefetchWhenIdle(Dialog);
      return null;
    }
    const { unmount } = render(<Page />);
    unmount();
    act(() => {
      vi.advanceTimersByTime(PREFETCH_FALLBACK_MS * 2);
    });
    expect(load).not.toHaveBeenCalled();
  });
});
