import Alert from '@mui/material/Alert';
import type { SxProps, Theme } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import { LIST_MEMBERSHIPS_MAX } from '@trato/model';
import { useToast } from '@/components/toast';
import type { ListAdditionResult } from '@/firebase/marketing';

/** The contacts an add left off the list: on LIST_MEMBERSHIPS_MAX lists already, or deleted. */
export interface ListAddRefused {
  full: number;
  missing: number;
}

/**
 * The report of an addContactsToList (needs the 'marketing' namespace): a success toast with those
 * added and those already there, then the ids left off (`left`) and their counts (`refused`, null
 * when none is left).
 */
export function useListAddReport() {
  const { t } = useTranslation('marketing');
  const { toast } = useToast();
  return (result: ListAdditionResult): { left: string[]; refused: ListAddRefused | null } => {
    if (result.added.length || result.already.length)
      toast({
        title: t('lists.members.added', { count: result.added.length }),
        description: result.already.length
          ? t('lists.members.already', { count: result.already.length })
          : undefined,
        variant: 'success',
      });
    const left = [...result.full, ...result.missing];
    return {
      left,
      refused: left.length ? { full: result.full.length, missing: result.missing.length } : null,
    };
  };
}

/** Why the contacts left off by an add were not added (useListAddReport's `refused`). */
export function ListAddRefusedAlert({ refused, sx }: { refused: ListAddRefused; sx?: SxProps<Theme> }) {
  const { t } = useTranslation('marketing');
  return (
    <Alert severity="warning" sx={sx} data-testid="add-refused">
      {refused.full > 0 && t('lists.members.full', { count: refused.full, max: LIST_MEMBERSHIPS_MAX })}
      {refused.full > 0 && refused.missing > 0 && ' '}
      {refused.missing > 0 && t('lists.members.missing', { count: refused.missing })}
    </Alert>
  );
}
