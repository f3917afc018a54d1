import { act, render, screen } from '@testing-library/react';
import type { Auth, User } from 'firebase/auth';
import { describe, expect, it, vi } from 'vitest';

const listeners = new Map<Auth, (user: User | null) => void>();
vi.mock('firebase/auth', async (importOriginal) => ({
  ...(await importOriginal<typeof import('firebase/auth')>()),
  onIdTokenChanged: vi.fn((auth: Auth, next: (user: User | null) => void) => {
    listeners.set(auth, next);
    return () => listeners.delete(auth);
  }),
}));
const fakeAuth = { name: 'fake' } as unknown as Auth;
vi.mock('./app', () => ({ getCoreServices: () => ({ auth: fakeAuth }) }));

const { FirebaseAuthProviders } = await import('./FirebaseProviders');
const { useSession } = await import('./auth');
const { onIdTokenChanged } = await import('firebase/auth');

function Session() {
  const session = useSession();
  return <p>{session.status === 'signedIn' ? `in:${session.user.uid}` : session.status}</p>;
}

describe('useSession', () => {
  it('is loading until Auth reports, then follows it; later screens get the known state at once', () => {
    const first = render(
      <FirebaseAuthProviders>
        <Session />
      </FirebaseAuthProviders>,
    );
    expect(screen.getByText('loading')).toBeTruthy();
    act(() => listeners.get(fakeAuth)!({ uid: 'u1' } as User));
    expect(screen.getByText('in:u1')).toBeTruthy();
    first.unmount();

    render(
      <FirebaseAuthProviders>
        <Session />
      </FirebaseAuthProviders>,
    );
    expect(screen.getByText('in:u1')).toBeTruthy();
    act(() => listeners.get(fakeAuth)!(null));
    expect(screen.getByText('signedOut')).toBeTruthy();
    // One listener for the app's lifetime, not one per screen.
    expect(onIdTokenChanged).toHaveBeenCalledTimes(1);
  });
});
