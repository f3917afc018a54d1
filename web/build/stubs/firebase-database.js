// Build-time stand-in for 'firebase/database', used only for reactfire's imports (see
// web/build/slimFirebase.ts). Trato does not use the Realtime Database; if some code ever calls one
// of these, it fails loudly instead of silently doing nothing.
function unavailable(name) {
  return () => {
    throw new Error(
      `${name}: the Realtime Database SDK is not part of this build (web/build/slimFirebase.ts)`,
    );
  };
}

export const get = unavailable('get');
export const off = unavailable('off');
export const onChildAdded = unavailable('onChildAdded');
export const onChildChanged = unavailable('onChildChanged');
export const onChildMoved = unavailable('onChildMoved');
export const onChildRemoved = unavailable('onChildRemoved');
export const onValue = unavailable('onValue');
