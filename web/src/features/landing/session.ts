/**
 * Whether this browser holds a Firebase Auth session, read from where the Auth SDK persists it
 * (IndexedDB `firebaseLocalStorageDb`, or localStorage as its fallback) without loading Firebase:
 * the landing page then offers a way back into the app instead of 'Iniciar sesión'.
 */
const AUTH_USER_PREFIX = 'firebase:authUser:';

function inLocalStorage(win: Window): boolean {
  try {
    for (let i = 0; i < win.localStorage.length; i += 1) {
      if (win.localStorage.key(i)?.startsWith(AUTH_USER_PREFIX)) return true;
    }
  } catch {
    // Storage may be disabled.
  }
  return false;
}

function inIndexedDb(win: Window): Promise<boolean> {
  return new Promise((resolve) => {
    try {
      const request = win.indexedDB.open('firebaseLocalStorageDb');
      request.onerror = () => resolve(false);
      // Opening a database that does not exist creates it: abort, there is no session.
      request.onupgradeneeded = () => {
        request.transaction?.abort();
        resolve(false);
      };
      request.onsuccess = () => {
        const db = request.result;
        try {
          const keys = db
            .transaction('firebaseLocalStorage', 'readonly')
            .objectStore('firebaseLocalStorage')
            .getAllKeys();
          keys.onsuccess = () => {
            resolve(keys.result.some((key) => String(key).startsWith(AUTH_USER_PREFIX)));
            db.close();
          };
          keys.onerror = () => {
            resolve(false);
            db.close();
          };
        } catch {
          resolve(false);
          db.close();
        }
      };
    } catch {
      resolve(false);
    }
  });
}

export async function hasStoredSession(win: Window = window): Promise<boolean> {
  return inLocalStorage(win) || (typeof win.indexedDB !== 'undefined' && (await inIndexedDb(win)));
}

/** Where the header's account button leads, and its label key (landing namespace). */
export function accountLink(signedIn: boolean): {
  to: string;
  label: 'header.login' | 'header.openApp';
} {
  return signedIn ? { to: '/dashboard', label: 'header.openApp' } : { to: '/auth', label: 'header.login' };
}
