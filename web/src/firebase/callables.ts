import type { CallableContract, CallableName } from '@trato/model';
import { isOnline } from './connectivity';

/** The callables (region us-central1) are declared once in the model, for the functions and the web. */
export type { CallableContract, CallableName };

/** Calls a callable by name; errors are FunctionsError (read them with describeCallableError). */
export async function callFunction<N extends CallableName>(
  name: N,
  input: CallableContract[N]['in'],
): Promise<CallableContract[N]['out']> {
  // A callable needs the server: offline it fails at once (and says so) rather than wait for one.
  if (!isOnline())
    throw Object.assign(new Error(`${name} needs a connection`), { code: 'functions/unavailable' });
  // The Functions SDK is fetched with the first call, not with the shell.
  const { invoke } = await import('./functions');
  return invoke<CallableContract[N]['in'], CallableContract[N]['out']>(name, input);
}

/** The invitation link of a token: site origin + /invite/{token} (spec section 9). */
export function invitationLink(token: string, origin: string = window.location.origin): string {
  return `${origin}/invite/${encodeURIComponent(token)}`;
}
