import { paths } from '@trato/model';
import type { RecordTarget } from './records';

/** A collection directly under an organization: companies, contacts, deals, tasks, meetings… */
export function orgTarget(orgId: string, collection: string): RecordTarget {
  return { parentPath: paths.organization(orgId), collection };
}

/** The path of one record of such a collection (for useDocument). */
export function orgRecordPath(orgId: string, collection: string, id: string): string {
  return `${paths.organization(orgId)}/${collection}/${id}`;
}
