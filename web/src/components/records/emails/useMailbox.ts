import { paths, type MailConnection, type WithId } from '@trato/model';
import { useDocument, useMembership, type LiveState } from '@/firebase/dataApi';

export interface OwnMailbox {
  state: LiveState<WithId<MailConnection> | null>;
  connection: WithId<MailConnection> | null;
  /** Connected: 'Escribir email' and 'Responder' may send from it. */
  canSend: boolean;
  /** Connected with a grant that reads it: 'Sincronizar' may read it now. */
  canSync: boolean;
}

/** The signed-in member's own mail connection (organizations/{org}/mailConnections/{uid}), live. */
export function useOwnMailbox(): OwnMailbox {
  const { organizationId, uid } = useMembership();
  const state = useDocument<MailConnection>(
    organizationId && uid ? paths.mailConnection(organizationId, uid) : null,
  );
  const connection = state.data;
  const connected = connection?.status === 'connected';
  return { state, connection, canSend: connected, canSync: connected && connection?.reads === true };
}
