import { useTranslation } from 'react-i18next';
import { enumLabel } from '@/i18n/enums';
import type { ExportLabels } from './exportCsv';

/** Headers and enum labels of an export (and of the refused-rows file) in the current language. */
export function useExportLabels(): ExportLabels {
  const { t } = useTranslation('csv');
  const { t: tc } = useTranslation();
  return {
    header: (target) => t(`columns.${target}`),
    enumLabel: (enumName, code) => enumLabel(tc, enumName, code as never),
    yes: t('yes'),
    no: t('no'),
  };
}
