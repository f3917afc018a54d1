import Chip from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';
import type { CampaignStatus, ListKind, SegmentCriteria } from '@trato/model';
import { useMembers } from '@/components/useMembers';
import { useDatePreferences } from '@/firebase/dataApi';
import { enumLabel } from '@/i18n/enums';
import { formatShortDate } from '@/i18n/format';
import { useLanguage } from '@/i18n/useLanguage';
import { criteriaParts } from '../utils/criteria';

/** 'Estática' / 'Segmento'. */
export function KindChip({ kind }: { kind: ListKind }) {
  const { t } = useTranslation('marketing');
  return (
    <Chip
      size="small"
      variant="outlined"
      color={kind === 'segment' ? 'primary' : 'default'}
      label={t(`lists.kind.${kind}`)}
      sx={{ fontWeight: 600 }}
    />
  );
}

const STATUS_TONES: Record<CampaignStatus, 'default' | 'info' | 'primary' | 'warning' | 'success' | 'error'> =
  {
    draft: 'default',
    scheduled: 'info',
    sending: 'primary',
    paused: 'warning',
    sent: 'success',
    canceled: 'default',
    failed: 'error',
  };

/** 'Borrador', 'Programada', 'Enviando'… */
export function CampaignStatusChip({ status }: { status: CampaignStatus }) {
  const { t } = useTranslation('marketing');
  return (
    <Chip
      size="small"
      variant={status === 'sending' ? 'filled' : 'outlined'}
      color={STATUS_TONES[status]}
      label={t(`campaigns.status.${status}`)}
      sx={{ fontWeight: 600 }}
    />
  );
}

type Summarised = { kind: ListKind } & SegmentCriteria<{ toMillis(): number } | Date>;

/**
 * A list's criteria in words, one item each ('Etapa: Cliente', 'Creado desde el 1 mar 2026'):
 * `companyNames` names the company criteria (read by the caller), members name the owner.
 */
export function useCriteriaText(companyNames: ReadonlyMap<string, string> = new Map()) {
  const { t } = useTranslation('marketing');
  const { t: tc } = useTranslation();
  const language = useLanguage();
  const preferences = useDatePreferences();
  const members = useMembers();
  const memberName = (uid: string) =>
    members.data?.find((member) => member.id === uid)?.fullName ??
    (members.status === 'loading' ? '…' : t('lists.criteria.formerMember'));
  const items = (list: Summarised): string[] =>
    criteriaParts(list, preferences.timeZone).map((part) => {
      switch (part.key) {
        case 'lifecycleStage':
          return t('lists.criteria.lifecycleStage', { value: enumLabel(tc, 'lifecycleStage', part.value) });
        case 'contactStatus':
          return t('lists.criteria.contactStatus', { value: enumLabel(tc, 'contactStatus', part.value) });
        case 'isCustomer':
          return t(part.value ? 'lists.criteria.customer' : 'lists.criteria.notCustomer');
        case 'hasEmail':
          return t(part.value ? 'lists.criteria.withEmail' : 'lists.criteria.withoutEmail');
        case 'companyId':
          return t('lists.criteria.companyId', {
            value: companyNames.get(part.value) ?? t('lists.criteria.someCompany'),
          });
        case 'ownerId':
          return t('lists.criteria.ownerId', { value: memberName(part.value) });
        case 'city':
        case 'country':
          return t(`lists.criteria.${part.key}`, { value: part.value });
        case 'emailConsent':
          return t('lists.criteria.emailConsent', { value: enumLabel(tc, 'consentStatus', part.value) });
        case 'createdFrom':
        case 'createdTo':
          return t(`lists.criteria.${part.key}`, {
            value: formatShortDate(part.value, language, preferences),
          });
      }
    });
  /** The whole summary on one line ('Todos los contactos' for a segment without criteria). */
  const line = (list: Summarised): string => {
    if (list.kind === 'static') return t('lists.criteria.static');
    const all = items(list);
    return all.length ? all.join(' · ') : t('lists.criteria.all');
  };
  return { items, line };
}
