// Build-time stand-in for 'firebase/remote-config', used only for reactfire's imports (see
// web/build/slimFirebase.ts). Trato does not use Remote Config; if some code ever calls one of
// these, it fails loudly instead of silently doing nothing.
function unavailable(name) {
  return () => {
    throw new Error(`${name}: the Remote Config SDK is not part of this build (web/build/slimFirebase.ts)`);
  };
}

export const ensureInitialized = unavailable('ensureInitialized');
export const getAll = unavailable('getAll');
export const getBoolean = unavailable('getBoolean');
export const getNumber = unavailable('getNumber');
export const getString = unavailable('getString');
export const getValue = unavailable('getValue');
