import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { WaVariableValues } from '@trato/model';
import { useMembership } from '@/firebase/dataApi';
import { previewTemplate, type TemplateFormValues } from '../utils/waTemplateForm';

/** The sample contact the previews fill variables with (and the signed-in member as the sender). */
export function useSampleValues(): WaVariableValues {
  const { t } = useTranslation('marketing');
  const membership = useMembership();
  return {
    fullName: t('waTemplates.samples.fullName'),
    company: t('waTemplates.samples.company'),
    jobTitle: t('waTemplates.samples.jobTitle'),
    city: t('waTemplates.samples.city'),
    senderName: membership.profile?.fullName || t('waTemplates.samples.senderName'),
  };
}

/**
 * A template as a phone shows it: WhatsApp's wallpaper, the message bubble (header in bold, body,
 * footer in grey) and its quick-reply buttons under it, filled with sample values.
 */
export function WaTemplatePreview({
  values,
  label,
}: {
  values: Pick<TemplateFormValues, 'header' | 'body' | 'footer' | 'buttons' | 'variables'>;
  label?: string;
}) {
  const { t } = useTranslation('marketing');
  const preview = previewTemplate(values, useSampleValues());
  const empty = !preview.header && !preview.body && !preview.footer;
  return (
    <Box
      role="figure"
      aria-label={label ?? t('waTemplates.preview.label')}
      data-testid="wa-template-preview"
      sx={{
        borderRadius: 4,
        border: 6,
        borderColor: 'grey.900',
        bgcolor: '#ECE5DD',
        p: 1.5,
        minHeight: 160,
        maxWidth: 360,
        mx: 'auto',
        width: '100%',
      }}
    >
      <Box sx={{ maxWidth: '88%' }}>
        <Box
          sx={{
            bgcolor: '#fff',
            borderRadius: 2,
            borderTopLeftRadius: 0,
            px: 1.25,
            py: 1,
            boxShadow: '0 1px 0.5px rgba(0,0,0,0.13)',
            overflowWrap: 'anywhere',
            color: '#111B21',
          }}
        >
          {empty ? (
            <Typography variant="body2" sx={{ color: '#667781' }}>
              {t('waTemplates.preview.empty')}
            </Typography>
          ) : (
            <>
              {preview.header && (
                <Typography sx={{ fontWeight: 700, mb: 0.5, fontSize: '0.95rem' }}>
                  {preview.header}
                </Typography>
              )}
              {preview.body && (
                <Typography sx={{ whiteSpace: 'pre-wrap', fontSize: '0.9rem' }}>{preview.body}</Typography>
              )}
              {preview.footer && (
                <Typography sx={{ color: '#667781', fontSize: '0.8rem', mt: 0.5 }}>
                  {preview.footer}
                </Typography>
              )}
            </>
          )}
        </Box>
        {preview.buttons.map((text, index) => (
          <Box
            key={`${index}-${text}`}
            sx={{
              mt: 0.5,
              bgcolor: '#fff',
              borderRadius: 2,
              py: 0.75,
              textAlign: 'center',
              color: '#027EB5',
              fontWeight: 600,
              fontSize: '0.875rem',
              boxShadow: '0 1px 0.5px rgba(0,0,0,0.13)',
              overflowWrap: 'anywhere',
            }}
          >
            {text}
          </Box>
        ))}
      </Box>
    </Box>
  );
}
