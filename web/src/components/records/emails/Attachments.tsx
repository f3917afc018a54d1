import AttachFileRoundedIcon from '@mui/icons-material/AttachFileRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { EmailAttachmentInfo } from '@trato/model';
import { useToast } from '@/components/toast';
import { callFunction, useOrgId } from '@/firebase/dataApi';
import { formatFileSize } from '@/i18n/format';
import { useLanguage } from '@/i18n/useLanguage';
import { useEmailErrorText } from './emailErrors';
import { base64ToBlob, saveFile } from './emailUtils';

/**
 * A message's attachments, name and size; each downloads through getEmailAttachment (the server
 * reads it from Gmail for whoever may read the body) when `downloadable`, else is only listed.
 */
export function Attachments({
  messageKey,
  attachments,
  downloadable,
}: {
  messageKey: string;
  attachments: EmailAttachmentInfo[];
  downloadable: boolean;
}) {
  const { t } = useTranslation('emails');
  const language = useLanguage();
  const organizationId = useOrgId();
  const { toast } = useToast();
  const errorText = useEmailErrorText();
  const [loading, setLoading] = useState<number | null>(null);
  if (!attachments.length) return null;

  const download = async (attachment: EmailAttachmentInfo) => {
    if (loading !== null) return;
    setLoading(attachment.index);
    try {
      const file = await callFunction('getEmailAttachment', {
        organizationId,
        messageKey,
        index: attachment.index,
      });
      saveFile(base64ToBlob(file.dataBase64, file.mimeType), file.filename || attachment.filename);
    } catch (error) {
      toast({ title: t('thread.downloadFailed'), description: errorText(error), variant: 'destructive' });
    } finally {
      setLoading(null);
    }
  };

  return (
    <Box component="section" aria-label={t('thread.attachments')} sx={{ mt: 1.5 }}>
      <Typography variant="body2" sx={{ fontWeight: 700, mb: 0.5 }}>
        {t('thread.attachments')}
      </Typography>
      <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'flex', flexWrap: 'wrap', gap: 1 }}>
        {attachments.map((attachment) => {
          const size = formatFileSize(attachment.size, language);
          const busy = loading === attachment.index;
          const content = (
            <>
              <Box component="span" sx={{ overflowWrap: 'anywhere', textAlign: 'left' }}>
                {attachment.filename}
              </Box>
              <Box component="span" sx={{ color: 'text.secondary', ml: 1, whiteSpace: 'nowrap' }}>
                {size}
              </Box>
            </>
          );
          return (
            <li key={attachment.index}>
              {downloadable ? (
                <Button
                  variant="outlined"
                  size="small"
                  onClick={() => void download(attachment)}
                  disabled={loading !== null}
                  aria-busy={busy}
                  aria-label={t(busy ? 'thread.downloading' : 'thread.download', {
                    name: attachment.filename,
                    size,
                  })}
                  startIcon={
                    busy ? <CircularProgress size={16} aria-hidden="true" /> : <AttachFileRoundedIcon />
                  }
                  sx={{ textTransform: 'none' }}
                >
                  {content}
                </Button>
              ) : (
                <Typography
                  variant="body2"
                  component="span"
                  sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}
                >
                  <AttachFileRoundedIcon fontSize="small" aria-hidden="true" />
                  {content}
                </Typography>
              )}
            </li>
          );
        })}
      </Box>
    </Box>
  );
}
