import AttachFileRoundedIcon from '@mui/icons-material/AttachFileRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PortalAttachment } from '@trato/model';
import { useErrorToast } from '@/components/toast';
import { downloadAttachment } from '@/firebase/attachments';
import { formatFileSize } from '@/i18n/format';
import { useLanguage } from '@/i18n/useLanguage';

/** Files a customer attached (to the ticket or a reply), each downloaded on a click. */
export function AttachmentList({ attachments }: { attachments: readonly PortalAttachment[] }) {
  const { t } = useTranslation('tickets');
  const language = useLanguage();
  const showError = useErrorToast();
  const [busy, setBusy] = useState<string | null>(null);
  if (!attachments.length) return null;
  const download = async (file: PortalAttachment) => {
    setBusy(file.path);
    try {
      await downloadAttachment(file.path, file.name);
    } catch (error) {
      showError(error, t('conversation.downloadError'));
    } finally {
      setBusy(null);
    }
  };
  return (
    <Box
      component="ul"
      aria-label={t('conversation.attachments')}
      sx={{ listStyle: 'none', p: 0, m: 0, mt: 1, display: 'flex', flexWrap: 'wrap', gap: 1 }}
    >
      {attachments.map((file) => (
        <li key={file.path}>
          <Button
            size="small"
            variant="outlined"
            startIcon={<AttachFileRoundedIcon />}
            onClick={() => void download(file)}
            disabled={busy === file.path}
            aria-busy={busy === file.path}
            aria-label={t('conversation.download', { name: file.name })}
            sx={{ textTransform: 'none', maxWidth: '100%', justifyContent: 'flex-start' }}
          >
            <Box component="span" sx={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
              {file.name}
            </Box>
            <Box component="span" sx={{ color: 'text.secondary', ml: 0.75, flexShrink: 0 }}>
              {formatFileSize(file.size, language)}
            </Box>
          </Button>
        </li>
      ))}
    </Box>
  );
}
