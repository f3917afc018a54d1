import { renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useSingleFlight } from './useSingleFlight';

describe('useSingleFlight', () => {
  it('runs the action once while a call is in flight, then allows the next', async () => {
    let release!: () => void;
    const action = vi.fn(
      (_label: string) =>
        new Promise<void>((resolve) => {
          release = resolve;
        }),
    );
    const { result } = renderHook(() => useSingleFlight(action));
    const first = result.current('a');
    const second = result.current('b');
    expect(second).toBe(first);
    expect(action).toHaveBeenCalledTimes(1);
    release();
    await first;
    const third = result.current('c');
    expect(action).toHaveBeenCalledTimes(2);
    expect(action).toHaveBeenLastCalledWith('c');
    release();
    await third;
  });

  it('frees itself after a failure', async () => {
    const action = vi
      .fn<() => Promise<void>>()
      .mockRejectedValueOnce(new Error('boom'))
      .mockResolvedValueOnce(undefined);
    const { result } = renderHook(() => useSingleFlight(action));
    await expect(result.current()).rejects.toThrow('boom');
    await result.current();
    expect(action).toHaveBeenCalledTimes(2);
  });
});
