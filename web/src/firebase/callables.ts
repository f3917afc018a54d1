import { httpsCallable } from 'firebase/functions';
import type { CallableContract, CallableName } from '@trato/model';
import { getDataServices } from './data';

/** The callables (region us-central1) are declared once in the model, for the functions and the web. */
export type { CallableContract, CallableName };

/** Calls a callable by name; errors are FunctionsError (read them with describeCallableError). */
export async function callFunction<N extends CallableName>(
  name: N,
  input: CallableContract[N]['in'],
): Promise<CallableContract[N]['out']> {
  const { functions } = getDataServices();
  const callable = httpsCallable<CallableContract[N]['in'], CallableContract[N]['out']>(functions, name);
  const result = await callable(input);
  return result.data;
}

/** The invitation link of a token: site origin + /invite/{token} (spec section 9). */
export function invitationLink(token: string, origin: string = window.location.origin): string {
  return `${origin}/invite/${encodeURIComponent(token)}`;
}
