import { useTranslation } from 'react-i18next';
import type { RowIssue } from '../validate';

/** Why a row is refused, in the current language: its issues joined by '; '. */
export function useReasons(): (issues: RowIssue[]) => string {
  const { t } = useTranslation('csv');
  return (issues) =>
    issues
      .map((issue) =>
        t(`reasons.${issue.reason}`, {
          field: issue.field ? t(`columns.${issue.field}`) : '',
          value: issue.value ?? '',
        }),
      )
      .join('; ');
}
