// The last column mapping of each organization and entity, kept in localStorage so the next file
// with the same headers starts from the same choices.
import { rememberMapping, type ColumnMapping, type CsvEntity, type RememberedMapping } from '../fields';

const storageKey = (orgId: string, entity: CsvEntity) => `trato.csvMapping.${orgId}.${entity}`;

export function readRememberedMapping(orgId: string, entity: CsvEntity): RememberedMapping {
  try {
    const value: unknown = JSON.parse(localStorage.getItem(storageKey(orgId, entity)) ?? '{}');
    return value && typeof value === 'object' ? (value as RememberedMapping) : {};
  } catch {
    return {};
  }
}

export function saveRememberedMapping(
  orgId: string,
  entity: CsvEntity,
  headers: string[],
  mapping: ColumnMapping,
): void {
  localStorage.setItem(storageKey(orgId, entity), JSON.stringify(rememberMapping(headers, mapping)));
}
