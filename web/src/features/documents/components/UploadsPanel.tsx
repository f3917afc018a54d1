import CloseRoundedIcon from '@mui/icons-material/CloseRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { describeError } from '@/i18n/errors';
import { formatFileSize } from '@/i18n/format';
import { useLanguage } from '@/i18n/useLanguage';
import type { UploadItem } from '../hooks/useDocuments';

/** The files being uploaded: a progress bar each, cancel while it runs, the outcome after. */
export function UploadsPanel({
  items,
  onCancel,
  onDismiss,
}: {
  items: UploadItem[];
  onCancel: (key: string) => void;
  onDismiss: () => void;
}) {
  const { t } = useTranslation('documents');
  const { t: tc } = useTranslation();
  const language = useLanguage();
  if (!items.length) return null;
  const finished = items.some((item) => item.status !== 'uploading');
  return (
    <Card variant="outlined" sx={{ p: 2, mb: 3 }} aria-label={t('uploads.title')} role="region">
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', mb: 1 }}>
        <Typography component="h2" sx={{ fontWeight: 700 }}>
          {t('uploads.title')}
        </Typography>
        {finished && (
          <Button size="small" onClick={onDismiss}>
            {t('uploads.dismiss')}
          </Button>
        )}
      </Box>
      <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1.5 }}>
        {items.map((item) => {
          const percent = item.size ? Math.round((item.sent / item.size) * 100) : 100;
          const status =
            item.status === 'uploading'
              ? percent >= 100
                ? t('uploads.saving')
                : t('uploads.uploading', { percent })
              : item.status === 'error'
                ? `${t('uploads.error')}: ${tc(`errors.server.${describeError(item.error).key}`)}`
                : t(`uploads.${item.status}`);
          return (
            <li key={item.key} data-upload={item.name} data-status={item.status}>
              <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
                <Box sx={{ flex: 1, minWidth: 0 }}>
                  <Typography variant="body2" noWrap sx={{ fontWeight: 600 }} title={item.name}>
                    {item.name}
                  </Typography>
                  <Typography
                    variant="caption"
                    sx={{ color: item.status === 'error' ? 'error.main' : 'text.secondary' }}
                  >
                    {formatFileSize(item.size, language)} · {status}
                  </Typography>
                </Box>
                {item.status === 'uploading' && (
                  <IconButton
                    size="small"
                    aria-label={t('uploads.cancel', { name: item.name })}
                    onClick={() => onCancel(item.key)}
                  >
                    <CloseRoundedIcon fontSize="small" />
                  </IconButton>
                )}
              </Box>
              <LinearProgress
                variant="determinate"
                value={item.status === 'uploading' || item.status === 'done' ? percent : 100}
                color={item.status === 'error' ? 'error' : item.status === 'done' ? 'success' : 'primary'}
                aria-label={item.name}
                sx={{ mt: 0.5, borderRadius: 1 }}
              />
            </li>
          );
        })}
      </Box>
    </Card>
  );
}
