import { formatCount } from '@/i18n/format';
import { useLanguage } from '@/i18n/useLanguage';

/** Numbers of rows and records as the lists write them ('1.498' / '1,498'). */
export function useCountFormat(): (value: number) => string {
  const language = useLanguage();
  return (value) => formatCount({ value, more: false }, language);
}
