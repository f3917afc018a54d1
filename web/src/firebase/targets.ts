import { paths, type CollectionEntities, type OrgCollection } from '@trato/model';
import type { RecordTarget } from './records';

/** A collection directly under an organization: companies, contacts, deals, tasks, meetings… */
export function orgTarget(orgId: string, collection: OrgCollection): RecordTarget {
  return { parentPath: paths.organization(orgId), collection };
}

/**
 * A document's path that knows what the document holds: useDocument reads its row type from it
 * (a plain path needs the type spelled out).
 */
export type DocPath<T> = string & { readonly __row?: T };

/** The path of one record of such a collection (for useDocument: its row is the entity). */
export function orgRecordPath<C extends OrgCollection & keyof CollectionEntities>(
  orgId: string,
  collection: C,
  id: string,
): DocPath<CollectionEntities[C]> {
  return paths.doc(orgId, collection, id);
}
